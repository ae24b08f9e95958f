import { describe, expect, it, vi } from 'vitest';
import type { ProductSort } from '#shared/contract/catalog-values.ts';
import { initialShopUrlFilters } from '#shared/rules/filters.ts';
import { hydrateServerHtml } from '#client/test/hydrate-server-html.tsx';
import { SortSelect } from './sort-select.tsx';

/**
 * The server's HTML of the order, changed by `early` (what the shopper does before the scripts
 * run), then hydrated as the browser does.
 */
async function hydrated(early: (select: HTMLSelectElement) => void) {
  const sortBy = vi.fn<(sort: ProductSort) => void>();
  const selectOf = (container: HTMLElement) => {
    const select = container.querySelector('select');
    if (!select) throw new Error('The order is not in the server HTML');
    return select;
  };
  const container = await hydrateServerHtml(
    <SortSelect filters={initialShopUrlFilters} sortBy={sortBy} />,
    (page) => {
      early(selectOf(page));
    },
  );
  return { select: selectOf(container), sortBy };
}

describe('an order picked before the scripts ran', () => {
  it('is applied once the app has taken the page, as React keeps it on screen', async () => {
    const { select, sortBy } = await hydrated((early) => {
      early.value = '-price';
    });
    expect(select.value).toBe('-price');
    expect(sortBy).toHaveBeenCalledOnce();
    expect(sortBy).toHaveBeenCalledWith('-price');
  });

  it('changes nothing when none was picked', async () => {
    const { select, sortBy } = await hydrated(() => {});
    expect(select.value).toBe(initialShopUrlFilters.sort);
    expect(sortBy).not.toHaveBeenCalled();
  });
});
