import { useId } from 'react';
import type { ProductSize } from '#shared/contract/product-sizing.ts';
import { fitFinderMessages } from '#shared/messages/fit-finder.ts';
import { cx } from '#client/components/ui/class-names.ts';

const t = fitFinderMessages;

/**
 * The sizes of a bicycle as chips: a radio group (arrow keys move, Space picks), sold-out sizes
 * struck through and not selectable, the rider's size marked.
 */
export function SizePicker({
  sizes,
  value,
  onChange,
  recommended = [],
  error,
  name: fieldName,
  form,
}: {
  sizes: readonly ProductSize[];
  value: string | null;
  onChange: (label: string) => void;
  /** The sizes the fit finder names for the rider (one, or both sides of "between"). */
  recommended?: readonly string[];
  error?: string | undefined;
  /** The radios' field name, for a picker that is part of a form; else one of its own. */
  name?: string;
  /** The id of the form the radios belong to, when they are not inside it. */
  form?: string;
}) {
  const ownName = useId();
  const name = fieldName ?? ownName;
  const errorId = `${ownName}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-bold tracking-wide text-ink uppercase">
        {t.sizeLegend}
      </legend>
      <div className="flex flex-wrap gap-2">
        {sizes.map((size) => {
          const soldOut = size.quantity <= 0;
          const chosen = value === size.label;
          const mine = recommended.includes(size.label);
          return (
            <label
              key={size.label}
              className={cx(
                'relative inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full border px-3.5 text-sm font-semibold transition',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                soldOut
                  ? 'cursor-not-allowed border-dashed border-slate-300 text-slate-500 line-through'
                  : chosen
                    ? 'cursor-pointer border-ink bg-ink text-white'
                    : 'cursor-pointer border-slate-300 bg-white text-ink hover:border-ink',
                mine && !chosen && !soldOut && 'ring-2 ring-brand-500/60',
              )}
            >
              <input
                type="radio"
                name={name}
                form={form}
                value={size.label}
                checked={chosen}
                aria-label={
                  soldOut
                    ? `${size.label} (${t.soldOut})`
                    : mine
                      ? `${size.label} (${t.recommended})`
                      : size.label
                }
                disabled={soldOut}
                onChange={() => {
                  onChange(size.label);
                }}
                // Over the whole chip, unseen: a click or tap anywhere on it lands on the radio.
                className="absolute inset-0 m-0 cursor-[inherit] appearance-none rounded-full opacity-0"
              />
              {size.label}
              {mine ? (
                <span aria-hidden="true" className="text-xs font-bold text-brand-700 no-underline">
                  ★
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
      {recommended.length > 0 ? (
        <p className="mt-2 text-xs text-slate-600">
          <span aria-hidden="true">★</span> {t.recommended}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
