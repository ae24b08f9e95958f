import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ProductSort } from '#shared/contract/catalog-values.ts';
import {
  DEFAULT_SHOP_SORT,
  defaultShopSort,
  shopFiltersFromSearchParams,
  shopFiltersToSearchParams,
  type ShopUrlFilters,
} from '#shared/rules/filters.ts';
import { changedBeforeScripts, withFormValues } from '#client/lib/changed-before-scripts.ts';
import { applyFilterAction, type FilterAction } from './filters-slice.ts';

/**
 * How a change enters the history: typing and dragging replace the current entry (one entry
 * per keystroke would make Back useless); a choice or a page is a step Back returns from.
 */
export type HistoryMode = 'push' | 'replace';

export interface ShopFiltersControl {
  filters: ShopUrlFilters;
  change: (action: FilterAction, mode?: HistoryMode) => void;
  goToPage: (page: number) => void;
  sortBy: (sort: ProductSort) => void;
  takeEarlyChanges: (form: HTMLFormElement) => void;
}

/**
 * The order after the term changes: an order left as it was (relevance while searching, newest
 * otherwise) follows the term; one the shopper picked stays, but relevance needs a term.
 */
function sortAfter(before: ShopUrlFilters, term: string): ProductSort {
  if (before.sort === defaultShopSort(before.searchTerm)) return defaultShopSort(term);
  return before.sort === 'relevance' && !term.trim() ? DEFAULT_SHOP_SORT : before.sort;
}

/** The shop state a filter change leads to: new filters start again at page 1; the order stays. */
export function filtersAfter(filters: ShopUrlFilters, action: FilterAction): ShopUrlFilters {
  const next = applyFilterAction(filters, action);
  return { ...next, sort: sortAfter(filters, next.searchTerm), page: 1 };
}

/** The shop's address for a state: where a chip, "Clear all" or a page number links. */
export function shopHref(filters: ShopUrlFilters): string {
  const query = shopFiltersToSearchParams(filters).toString();
  return query ? `/shop?${query}` : '/shop';
}

/**
 * The shop's filters, read from and written to its address. The one thing the address does not
 * hold is the price range while the price filter is off (the API ignores it then); it stays
 * here so the slider keeps its place when the filter is switched off and on again.
 */
export function useShopFilters(): ShopFiltersControl {
  const [params, setParams] = useSearchParams();
  const fromUrl = useMemo(() => shopFiltersFromSearchParams(params), [params]);
  const [idleRange, setIdleRange] = useState<[number, number]>(fromUrl.priceRange);
  // The router applies a new address in a transition, a moment after the input event; until it
  // does, the controls show the change already made (a switch that did not flip would be clicked
  // again, and a slider moved twice would start the second step from the old value).
  const [pending, setPending] = useState<{ base: URLSearchParams; filters: ShopUrlFilters }>();
  const current = pending?.base === params ? pending.filters : undefined;
  const filters = useMemo(
    () => current ?? (fromUrl.isPriceFilter ? fromUrl : { ...fromUrl, priceRange: idleRange }),
    [current, fromUrl, idleRange],
  );

  const change = (action: FilterAction, mode: HistoryMode = 'push') => {
    const target = filtersAfter(filters, action);
    if (!target.isPriceFilter) setIdleRange(target.priceRange);
    setPending({ base: params, filters: target });
    setParams(shopFiltersToSearchParams(target), {
      replace: mode === 'replace',
      preventScrollReset: true,
    });
  };

  const goToPage = (page: number) => {
    const target = { ...filters, page };
    setPending({ base: params, filters: target });
    setParams(shopFiltersToSearchParams(target), { preventScrollReset: true });
  };

  /** A new order starts again at page 1, a step Back returns from. */
  const sortBy = (sort: ProductSort) => {
    const target = { ...filters, sort, page: 1 };
    setPending({ base: params, filters: target });
    setParams(shopFiltersToSearchParams(target), { preventScrollReset: true });
  };

  /**
   * What the shopper changed in the filter form before the scripts ran (a box ticked, a price or
   * a term typed, an order picked): the page shows it, the address does not. The form's values for
   * those controls are the choice, a step Back returns from, from page 1.
   */
  const takeEarlyChanges = (form: HTMLFormElement) => {
    const names = changedBeforeScripts(form);
    if (names.size === 0) return;
    const asked = shopFiltersFromSearchParams(
      withFormValues(shopFiltersToSearchParams(filters), form, names),
    );
    const sort = names.has('sort') ? asked.sort : sortAfter(filters, asked.searchTerm);
    const target = { ...asked, sort, page: 1 };
    setPending({ base: params, filters: target });
    setParams(shopFiltersToSearchParams(target), { preventScrollReset: true });
  };

  return { filters, change, goToPage, sortBy, takeEarlyChanges };
}
