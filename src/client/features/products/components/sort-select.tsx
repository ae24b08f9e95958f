import { useId } from 'react';
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
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-slate-700">
        Sort by
      </label>
      <select
        id={id}
        name="sort"
        form={form}
        value={filters.sort}
        onChange={(event) => {
          const chosen = options.find((o) => o.value === event.target.value);
          if (chosen) sortBy(chosen.value);
        }}
        className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {/* With the scripts a pick applies at once; one made before they run is picked again. */}
      <noscript>
        <button type="submit" form={form} className={buttonClasses({ variant: 'outline' })}>
          Sort
        </button>
      </noscript>
    </div>
  );
}
