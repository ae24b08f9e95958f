import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductSort } from '#shared/contract/catalog-values.ts';
import { initialShopUrlFilters } from '#shared/rules/filters.ts';
import { SortSelect } from './sort-select.tsx';

/**
 * The server's HTML of the order, put in the page, changed by `early` (what the shopper does
 * before the scripts run), then hydrated as the browser does.
 */
async function hydrated(early: (select: HTMLSelectElement) => void) {
  const sortBy = vi.fn<(sort: ProductSort) => void>();
  const app = <SortSelect filters={initialShopUrlFilters} sortBy={sortBy} />;
  const container = document.createElement('div');
  container.innerHTML = renderToString(app);
  document.body.append(container);
  const select = container.querySelector('select');
  if (!select) throw new Error('The order is not in the server HTML');
  early(select);
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, app);
    await Promise.resolve();
  });
  cleanups.push(() => {
    act(() => root?.unmount());
    container.remove();
  });
  return { select, sortBy };
}

const cleanups: (() => void)[] = [];
beforeAll(() => {
  // Hydration here is React's own, not Testing Library's render: `act` must know it is a test.
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

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
