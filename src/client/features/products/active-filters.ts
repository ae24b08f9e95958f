import { fitFinderMessages } from '#shared/messages/fit-finder.ts';
import { formatPrice, formatWholeDollars } from '#shared/rules/money.ts';
import { LIST_FACETS, type ListFacet, type ShopFilters } from '#shared/rules/filters.ts';
import { STOCK_LABELS } from './catalog.ts';
import {
  chooseCategory,
  chooseStock,
  setFit,
  setPriceFilter,
  setSearchTerm,
  toggleFacetValue,
  type FacetValue,
  type FilterAction,
} from './filters-slice.ts';

/** The facets' names, as the filter panel's sections and the chips say them. */
export const FACET_LEGENDS: Record<ListFacet, string> = {
  size: 'Size',
  wheelSize: 'Wheel size',
  frameMaterial: 'Frame material',
  brakes: 'Brakes',
  suspension: 'Suspension',
};

/** One filter in force: what a chip says, and the change that takes it away. */
export interface ActiveFilter {
  key: string;
  label: string;
  remove: FilterAction;
}

const dollars = (value: number) =>
  Number.isInteger(value) ? formatWholeDollars(value) : formatPrice(value);

function priceLabel({ priceRange: [min, max], openPriceEnd }: ShopFilters): string {
  if (openPriceEnd === 'min') return `Up to ${dollars(max)}`;
  if (openPriceEnd === 'max') return `From ${dollars(min)}`;
  return `${dollars(min)} to ${dollars(max)}`;
}

/**
 * Every filter the shop's address puts in force, in the panel's order. The search term is one
 * of them: it narrows the list like the rest, and "Clear all" takes it away too.
 */
export function activeFilters(filters: ShopFilters): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  if (filters.searchTerm)
    active.push({
      key: 'searchTerm',
      label: `Search: ${filters.searchTerm}`,
      remove: setSearchTerm(''),
    });
  if (filters.selectedCategory)
    active.push({
      key: 'category',
      label: filters.selectedCategory,
      remove: chooseCategory(filters.selectedCategory),
    });
  if (filters.isPriceFilter)
    active.push({ key: 'price', label: priceLabel(filters), remove: setPriceFilter(false) });
  if (filters.selectedStock)
    active.push({
      key: 'stock',
      label: STOCK_LABELS[filters.selectedStock],
      remove: chooseStock(filters.selectedStock),
    });
  if (filters.fit)
    active.push({ key: 'fit', label: fitFinderMessages.fitsMe, remove: setFit(null) });
  for (const facet of LIST_FACETS)
    for (const value of filters.selected[facet])
      active.push({
        key: `${facet}:${value}`,
        label: `${FACET_LEGENDS[facet]}: ${value}`,
        // The value comes from this facet's own list, so it has the facet's type.
        remove: toggleFacetValue({ facet, value } as FacetValue),
      });
  return active;
}
