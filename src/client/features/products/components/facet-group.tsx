import { useId } from 'react';
import { cx } from '#client/components/ui/class-names.ts';

/**
 * One facet of the shop: checkboxes, several values at once, each with how many bicycles it would
 * give. A value that would give none stays listed but cannot be picked (unless it is picked, so it
 * can be taken out again).
 */
export function FacetGroup<T extends string>({
  legend,
  name,
  values,
  selected,
  onToggle,
}: {
  legend: string;
  /** The address's name for the facet: each ticked box sends it with its value. */
  name: string;
  values: readonly { value: T; count: number }[];
  selected: readonly T[];
  onToggle: (value: T) => void;
}) {
  const id = useId();
  if (values.length === 0) return null;
  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <ul className="space-y-0.5">
        {values.map(({ value, count }, index) => {
          const checked = selected.includes(value);
          const disabled = count === 0 && !checked;
          const countId = `${id}-${String(index)}`;
          return (
            <li key={value}>
              <label
                className={cx(
                  'flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm font-medium transition',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                  disabled
                    ? 'cursor-not-allowed text-slate-500'
                    : 'cursor-pointer text-slate-700 hover:bg-slate-100',
                )}
              >
                <input
                  type="checkbox"
                  name={name}
                  value={value}
                  checked={checked}
                  disabled={disabled}
                  aria-label={value}
                  aria-describedby={countId}
                  onChange={() => {
                    onToggle(value);
                  }}
                  className="h-4 w-4 shrink-0 accent-ink"
                />
                <span className="min-w-0 flex-1 break-words">{value}</span>
                <span id={countId} data-facet-count className="text-xs text-slate-600 tabular-nums">
                  {count}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
