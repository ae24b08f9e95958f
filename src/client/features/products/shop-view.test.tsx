import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '#shared/contract/product.ts';
import { jsonResponse, nthProduct, renderWithStore } from '#client/test/testing.tsx';
import { ShopView } from './shop-view.tsx';

function bike(n: number, overrides: Partial<Product> = {}): Product {
  return nthProduct(n, 'Roadster', {
    category: 'Road Bicycle',
    price: 250,
    quantity: 7,
    description: 'A road bicycle.',
    createdAt: '2024-01-05T00:00:00.000Z',
    updatedAt: '2024-01-05T00:00:00.000Z',
    ...overrides,
  });
}

/** Answers every GET /products with one page of `total` bicycles; records what was asked. */
function fakeCatalog(total = 60) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      const url = new URL(request.url);
      if (url.pathname !== '/api/v1/products') return Promise.resolve(jsonResponse(404, {}));
      asked.push(url.searchParams);
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 24);
      return Promise.resolve(
        jsonResponse(200, {
          success: true,
          message: 'Products retrieved successfully',
          data: [bike(page * 100 + 1), bike(page * 100 + 2)].slice(0, limit),
          meta: { page, limit, total, totalPages: Math.ceil(total / limit) },
        }),
      );
    }),
  );
  /** The shop's own requests, not the price slider's one-product look at the dearest bicycle. */
  const shopRequests = () => asked.filter((p) => p.get('limit') === '24');
  return { shopRequests };
}

const render = (entry: string) =>
  renderWithStore(<ShopView />, {
    path: '/shop',
    initialEntry: entry,
    routes: [{ path: '/bikes/:slug', element: <p>Product page</p> }],
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the shop reads its filters from the address', () => {
  it('sends the category and page the address names to the API', async () => {
    const { shopRequests } = fakeCatalog();
    render('/shop?category=Road%20Bicycle&page=2');
    expect(await screen.findByText('Roadster 201')).toBeInTheDocument();
    const sent = shopRequests().at(-1);
    expect(sent?.get('category')).toBe('Road Bicycle');
    expect(sent?.get('page')).toBe('2');
    expect(screen.getByRole('button', { name: 'Road Bicycle' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('drops what the API would refuse instead of failing', async () => {
    const { shopRequests } = fakeCatalog();
    render('/shop?category=Unicycle&page=-1&stock=lowStock&minPrice=9x');
    expect(await screen.findByText('Roadster 101')).toBeInTheDocument();
    expect(Object.fromEntries(shopRequests().at(-1) ?? [])).toEqual({
      stock: 'lowStock',
      page: '1',
      limit: '24',
    });
  });

  it('writes a chosen filter into the address as a new history entry, back to page 1', async () => {
    const user = userEvent.setup();
    const { shopRequests } = fakeCatalog();
    const { router } = render('/shop?page=2');
    await screen.findByText('Roadster 201');
    await user.click(screen.getByRole('button', { name: 'BMX Bike' }));
    expect(router.state.location.search).toBe('?category=BMX+Bike');
    await waitFor(() => {
      expect(shopRequests().at(-1)?.get('category')).toBe('BMX Bike');
    });
    expect(shopRequests().at(-1)?.get('page')).toBe('1');

    // Back returns to the page before the choice.
    await router.navigate(-1);
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'BMX Bike' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    });
  });

  it('replaces the entry while typing, keeping the spaces typed, and sends the trimmed term', async () => {
    const user = userEvent.setup();
    const { shopRequests } = fakeCatalog();
    const { router } = render('/shop');
    await screen.findByText('Roadster 101');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box, 'road ster ');
    expect(box).toHaveValue('road ster ');
    expect(router.state.location.search).toBe('?searchTerm=road+ster');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => {
      expect(shopRequests().at(-1)?.get('searchTerm')).toBe('road ster');
    });
  });

  it('moves between pages through the address', async () => {
    const user = userEvent.setup();
    fakeCatalog();
    // jsdom does not lay out; the pager scrolls the results into view.
    Element.prototype.scrollIntoView = vi.fn();
    const { router } = render('/shop?stock=inStock');
    await screen.findByText('Roadster 101');
    await user.click(screen.getByRole('link', { name: /^(Go to )?page 2$/i }));
    expect(router.state.location.search).toBe('?stock=inStock&page=2');
    expect(await screen.findByText('Roadster 201')).toBeInTheDocument();
  });
});

describe('a page past the last', () => {
  /** A catalog of `total` bicycles, 24 a page: pages past the last answer no bicycles. */
  function pagedCatalog(total: number) {
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        const url = new URL(request.url);
        if (url.pathname !== '/api/v1/products') return Promise.resolve(jsonResponse(404, {}));
        const page = Number(url.searchParams.get('page') ?? 1);
        const limit = Number(url.searchParams.get('limit') ?? 24);
        const numbers = Array.from({ length: total }, (_, i) => i + 1);
        return Promise.resolve(
          jsonResponse(200, {
            success: true,
            message: 'Products retrieved successfully',
            data: numbers.slice((page - 1) * limit, page * limit).map((n) => bike(n)),
            meta: { page, limit, total, totalPages: Math.ceil(total / limit) },
          }),
        );
      }),
    );
  }

  it('says which page is empty and links to the last page, keeping the filters', async () => {
    const user = userEvent.setup();
    pagedCatalog(37);
    const { router } = render('/shop?stock=inStock&page=99');
    expect(await screen.findByText('Page 99 is empty.')).toBeInTheDocument();
    expect(screen.queryByText('No products found!')).toBeNull();
    const last = screen.getByRole('link', { name: 'Go to the last page (2)' });
    expect(last).toHaveAttribute('href', '/shop?stock=inStock&page=2');
    await user.click(last);
    expect(router.state.location.search).toBe('?stock=inStock&page=2');
    expect(await screen.findByText('Roadster 37')).toBeInTheDocument();
    expect(screen.queryByText(/is empty/)).toBeNull();
  });

  it('keeps "No products found!" for filters that match nothing at all', async () => {
    pagedCatalog(0);
    render('/shop?searchTerm=unicycle');
    expect(await screen.findByText('No products found!')).toBeInTheDocument();
    expect(screen.queryByText(/is empty/)).toBeNull();
    expect(screen.queryByRole('link', { name: /last page/ })).toBeNull();
  });
});
