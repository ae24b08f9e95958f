import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '#shared/contract/product.ts';
import { cartMessages } from '#shared/messages/cart.ts';
import { notFoundMessage } from '#shared/messages/not-found.ts';
import { wishlistMessages } from '#shared/messages/wishlist.ts';
import {
  errorResponse,
  jsonResponse,
  nthProduct,
  okResponse,
  pageResponse,
  renderWithStore,
} from '#client/test/testing.tsx';
import { ProductPage } from './product-page.tsx';
import { jsonForScript } from './product-json-ld.ts';

function bike(n: number, overrides: Partial<Product> = {}): Product {
  return nthProduct(n, 'Marlin', {
    quantity: 7,
    description: 'A trail hardtail. </script><script>alert(1)</script>',
    imageUrl: `https://cdn.test/uploads/k${String(n)}.webp`,
    thumbnailUrl: `https://cdn.test/uploads/k${String(n)}-thumb.webp`,
    createdAt: '2024-01-05T00:00:00.000Z',
    updatedAt: '2024-01-05T00:00:00.000Z',
    ...overrides,
  });
}

/** The API: bicycles by slug (current or `aliases`), and the category list. */
function fakeApi(catalog: Product[], aliases: Record<string, Product> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      const url = new URL(request.url);
      const bySlug = /^\/api\/v1\/products\/slug\/([^/]+)$/.exec(url.pathname);
      if (bySlug) {
        const slug = decodeURIComponent(bySlug[1] ?? '');
        const product = catalog.find((p) => p.slug === slug) ?? aliases[slug];
        return Promise.resolve(
          product ? okResponse(product) : errorResponse(404, 'Product not found.', 'NOT_FOUND'),
        );
      }
      if (url.pathname === '/api/v1/products') {
        const category = url.searchParams.get('category');
        const limit = Number(url.searchParams.get('limit') ?? 24);
        const data = catalog.filter((p) => !category || p.category === category).slice(0, limit);
        return Promise.resolve(pageResponse(data, limit, 1));
      }
      return Promise.resolve(jsonResponse(404, {}));
    }),
  );
}

const open = (slug: string) =>
  renderWithStore(<ProductPage />, { path: '/bikes/:slug', initialEntry: `/bikes/${slug}` });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the product page', () => {
  it('shows the bicycle, its picture sizes and other bicycles of its category', async () => {
    const catalog = [
      bike(7),
      bike(5, { category: 'Mountain Bike' }),
      bike(9, { category: 'Road Bicycle', name: 'Domane' }),
    ];
    fakeApi(catalog);
    open('trek-marlin-7');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Marlin 7');
    const details = within(heading.parentElement?.parentElement ?? document.body);
    expect(heading.parentElement).toHaveTextContent('Brand: Trek');
    expect(details.getByText('$899.99')).toBeInTheDocument();
    expect(details.getByText('In Stock')).toBeInTheDocument();
    expect(details.getByText('7 in stock')).toBeInTheDocument();
    expect(details.getByText(/A trail hardtail/)).toBeInTheDocument();

    const img = screen.getByRole('img', { name: 'Trek Marlin 7' });
    expect(img).toHaveAttribute('src', 'https://cdn.test/uploads/k7.webp');
    expect(img).toHaveAttribute(
      'srcset',
      'https://cdn.test/uploads/k7-thumb.webp 480w, https://cdn.test/uploads/k7.webp 1200w',
    );
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '900');

    const related = await screen.findByRole('region', { name: 'More from this category' });
    const names = within(related)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(['Marlin 5']);
    expect(within(related).getByRole('link', { name: 'Marlin 5' })).toHaveAttribute(
      'href',
      '/bikes/trek-marlin-5',
    );
  });

  it('describes the bicycle for search engines in JSON-LD that no product text can break', async () => {
    fakeApi([bike(7, { quantity: 0 })]);
    const { container } = open('trek-marlin-7');
    await screen.findByRole('heading', { level: 1 });
    const script = container.querySelector('script[type="application/ld+json"]');
    expect(script).not.toBeNull();
    const raw = script?.innerHTML ?? '';
    expect(raw).not.toContain('</script>');
    const [product, breadcrumbs] = JSON.parse(raw) as [
      Record<string, unknown>,
      { itemListElement: { name: string; item: string }[] },
    ];
    const origin = window.location.origin;
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Marlin 7',
      brand: { '@type': 'Brand', name: 'Trek' },
      image: ['https://cdn.test/uploads/k7.webp'],
      description: 'A trail hardtail. </script><script>alert(1)</script>',
      sku: '00000000-0000-4000-8000-000000000007',
      offers: {
        '@type': 'Offer',
        price: 899.99,
        priceCurrency: 'USD',
        availability: 'https://schema.org/OutOfStock',
        url: `${origin}/bikes/trek-marlin-7`,
      },
    });
    expect(breadcrumbs.itemListElement.map((i) => i.name)).toEqual([
      'Home',
      'Shop',
      'Mountain Bike',
      'Marlin 7',
    ]);
    expect(jsonForScript({ a: '</script>' })).toBe('{"a":"\\u003c/script>"}');
  });

  it('answers an earlier slug by moving to the current one', async () => {
    const current = bike(8);
    fakeApi([current], { 'trek-marlin-7': current });
    const { router } = open('trek-marlin-7');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/bikes/trek-marlin-8');
    });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Marlin 8');
  });

  it('shows the not-found page for an unknown slug', async () => {
    fakeApi([bike(7)]);
    open('no-such-bike');
    expect(await screen.findByText(notFoundMessage)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back Home' })).toHaveAttribute('href', '/');
  });

  it.each([
    [414, 'URI_TOO_LONG'],
    [400, 'BAD_REQUEST'],
  ])(
    'shows the not-found page, not a failed load, when the API refuses the address (%i)',
    async (status, code) => {
      // The router's own refusals: a slug past 100 characters, a broken escape.
      vi.stubGlobal(
        'fetch',
        vi.fn(() => Promise.resolve(errorResponse(status, 'The address is not valid.', code))),
      );
      open('a'.repeat(101));
      expect(await screen.findByText(notFoundMessage)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /try again/i })).not.toBeInTheDocument();
    },
  );

  it('adds to the cart and the wishlist with the spec toasts, and refuses Buy Now when sold out', async () => {
    const user = userEvent.setup();
    fakeApi([bike(7, { quantity: 0 }), bike(6)]);
    const { store } = open('trek-marlin-7');
    await screen.findByRole('heading', { level: 1 });
    const main = screen.getByRole('main');

    await user.click(within(main).getByRole('button', { name: wishlistMessages.addLabel }));
    expect(await screen.findByText(wishlistMessages.added)).toBeInTheDocument();
    expect(
      within(main).getByRole('button', { name: wishlistMessages.addedLabel }),
    ).toBeInTheDocument();

    await user.click(within(main).getByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByText(cartMessages.outOfStock)).toBeInTheDocument();
    expect(store.getState().cart.cartItems).toEqual([]);
  });

  it('adds an available bicycle to the cart with the spec toast', async () => {
    const user = userEvent.setup();
    fakeApi([bike(7)]);
    const { store } = open('trek-marlin-7');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getAllByRole('button', { name: 'Add to Cart' })[0]!);
    expect(await screen.findByText(cartMessages.added)).toBeInTheDocument();
    expect(store.getState().cart.cartItems.map((i) => i._id)).toEqual([bike(7)._id]);
  });
});
