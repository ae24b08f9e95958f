import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { SHOP_SORT_OPTIONS } from '#shared/rules/filters.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import type { ShopFiltersControl } from '../use-shop-filters.ts';

/**
 * The shop's order. The address holds it, so the server renders the page already sorted; "Best
 * match" is offered only while searching. It belongs to the filter form (`form`), which sends it
 * with the filters; a browser without scripts has a button beside it to send it alone.
 */
export function SortSelect({
  filters,
  sortBy,
  form,
}: Pick<ShopFiltersControl, 'filters' | 'sortBy'> & { form?: string }) {
  const id = useId();
  const searching = filters.searchTerm.trim() !== '';
  const options = SHOP_SORT_OPTIONS.filter((o) => searching || o.value !== 'relevance');
  const select = useRef<HTMLSelectElement>(null);
  const pick = (value: string) => {
    const chosen = options.find((o) => o.value === value);
    if (chosen) sortBy(chosen.value);
  };

  // An order picked before the scripts ran shows in the page (React adopts the select as the
  // browser holds it) but not in the address: the option the browser shows is the choice.
  // In the page of its filter form, that form reads it with the rest (`takeEarlyChanges`).
  const pickedEarly = useEffectEvent(() => {
    if (select.current?.form) return;
    const shown = select.current?.value;
    // An order the list does not offer (Best match without a search) shows as the first option.
    const offered = options.some((o) => o.value === filters.sort);
    if (shown && offered && shown !== filters.sort) pick(shown);
  });
  useEffect(() => {
    pickedEarly();
  }, []);

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-slate-700">
        Sort by
      </label>
      <select
        ref={select}
        id={id}
        name="sort"
        form={form}
        value={filters.sort}
        onChange={(event) => {
          pick(event.target.value);
        }}
        className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {/* With the scripts a pick applies at once; one made before they run is read once they do. */}
      <noscript>
        <button type="submit" form={form} className={buttonClasses({ variant: 'outline' })}>
          Sort
        </button>
      </noscript>
    </div>
  );
}
