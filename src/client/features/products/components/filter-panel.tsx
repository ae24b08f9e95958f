import { Search } from '../../../components/ui/icons/search.tsx';
import { useId, useState } from 'react';
import { initialShopFilters } from '#shared/rules/filters.ts';
import { cx } from '../../../components/ui/class-names.ts';
import { SHOP_CATEGORIES, STOCK_CHOICES, STOCK_LABELS } from '../catalog.ts';
import { chooseCategory, chooseStock, resetFilters, setSearchTerm } from '../filters-slice.ts';
import type { ShopFiltersControl } from '../use-shop-filters.ts';
import { PriceFilter } from './price-filter.tsx';

const choice = (active: boolean) =>
  cx(
    'flex w-full cursor-pointer items-center justify-between rounded-lg px-3 py-2 text-left text-sm font-medium transition',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    active ? 'bg-ink text-white' : 'text-slate-700 hover:bg-slate-100',
  );

export function FilterPanel({ filters, change }: Pick<ShopFiltersControl, 'filters' | 'change'>) {
  const searchId = useId();
  // The box shows what is typed, spaces included; the address carries the trimmed term. When
  // the address changes otherwise (Back, Clear all filters), the box follows it.
  const [text, setText] = useState(filters.searchTerm);
  const [shownTerm, setShownTerm] = useState(filters.searchTerm);
  if (shownTerm !== filters.searchTerm) {
    setShownTerm(filters.searchTerm);
    if (text.trim() !== filters.searchTerm) setText(filters.searchTerm);
  }
  const anyActive =
    filters.searchTerm !== '' ||
    filters.selectedCategory !== null ||
    filters.selectedStock !== null ||
    filters.isPriceFilter !== initialShopFilters.isPriceFilter;

  return (
    <div className="space-y-7">
      <div>
        <label
          htmlFor={searchId}
          className="mb-2 block text-sm font-bold tracking-wide text-ink uppercase"
        >
          Search
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id={searchId}
            type="search"
            value={text}
            maxLength={100}
            placeholder="Search by name"
            onChange={(e) => {
              setText(e.target.value);
              change(setSearchTerm(e.target.value), 'replace');
            }}
            className="h-11 w-full rounded-full border border-slate-300 bg-white pr-4 pl-9 text-sm text-ink placeholder:text-slate-500 focus:border-ink focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
          />
        </div>
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-bold tracking-wide text-ink uppercase">
          Category
        </legend>
        <ul className="space-y-1">
          {SHOP_CATEGORIES.map((category) => {
            const active = filters.selectedCategory === category;
            return (
              <li key={category}>
                <button
                  type="button"
                  aria-pressed={active}
                  className={choice(active)}
                  onClick={() => {
                    change(chooseCategory(category));
                  }}
                >
                  {category}
                </button>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <PriceFilter filters={filters} change={change} />

      <fieldset>
        <legend className="mb-2 text-sm font-bold tracking-wide text-ink uppercase">
          Availability
        </legend>
        <ul className="space-y-1">
          {STOCK_CHOICES.map((stock) => {
            const active = filters.selectedStock === stock;
            return (
              <li key={stock}>
                <button
                  type="button"
                  aria-pressed={active}
                  className={choice(active)}
                  onClick={() => {
                    change(chooseStock(stock));
                  }}
                >
                  {STOCK_LABELS[stock]}
                </button>
              </li>
            );
          })}
        </ul>
      </fieldset>

      {anyActive ? (
        <button
          type="button"
          onClick={() => {
            change(resetFilters());
          }}
          className="cursor-pointer text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
        >
          Clear all filters
        </button>
      ) : null}
    </div>
  );
}
