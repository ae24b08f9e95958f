import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductFacets } from '#shared/contract/product.ts';
import {
  jsonResponse,
  okResponse,
  pageResponse,
  renderWithStore,
  testProduct,
} from '#client/test/testing.tsx';
import { writeRiderFit } from './fit/rider-fit-storage.ts';
import { ShopView } from './shop-view.tsx';

const marlin = testProduct({
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Marlin 5',
  slug: 'trek-marlin-5',
  price: 650,
  quantity: 7,
  description: 'A hardtail.',
  sizes: [
    { label: 'S', quantity: 3, minHeightCm: 155, maxHeightCm: 167 },
    { label: 'M', quantity: 4, minHeightCm: 165, maxHeightCm: 177 },
  ],
  createdAt: '2024-01-05T00:00:00.000Z',
  updatedAt: '2024-01-05T00:00:00.000Z',
});

const facets: ProductFacets = {
  category: [
    { value: 'Road Bicycle', count: 0 },
    { value: 'Mountain Bike', count: 1 },
    { value: 'Kids Bicycles', count: 0 },
    { value: 'Electric Bikes', count: 0 },
    { value: 'Hybrid Bicycle', count: 0 },
    { value: 'BMX Bike', count: 0 },
  ],
  stock: [
    { value: 'inStock', count: 1 },
    { value: 'lowStock', count: 0 },
    { value: 'outOfStock', count: 0 },
  ],
  size: [
    { value: 'S', count: 1 },
    { value: 'M', count: 1 },
    { value: 'XL', count: 0 },
  ],
  wheelSize: [{ value: '29"', count: 1 }],
  frameMaterial: [
    { value: 'Aluminium', count: 1 },
    { value: 'Carbon', count: 0 },
  ],
  brakes: [{ value: 'Hydraulic disc', count: 1 }],
  suspension: [{ value: 'Hardtail', count: 1 }],
};

function fakeApi() {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      const url = new URL(request.url);
      asked.push(url);
      if (url.pathname === '/api/v1/products/facets') return Promise.resolve(okResponse(facets));
      if (url.pathname === '/api/v1/products') return Promise.resolve(pageResponse([marlin], 24));
      return Promise.resolve(jsonResponse(404, {}));
    }),
  );
  const last = (path: string) => asked.filter((u) => u.pathname === path).at(-1);
  return { last };
}

const render = (entry: string) =>
  renderWithStore(<ShopView />, { path: '/shop', initialEntry: entry });

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the shop facets', () => {
  it('list each value with its count; a value with no match shows but cannot be picked', async () => {
    fakeApi();
    render('/shop');
    const sizes = await screen.findByRole('group', { name: 'Size' });
    const m = within(sizes).getByRole('checkbox', { name: 'M' });
    expect(m).toHaveAccessibleDescription('1');
    expect(within(sizes).getByRole('checkbox', { name: 'XL' })).toBeDisabled();
    const material = screen.getByRole('group', { name: 'Frame material' });
    expect(within(material).getByRole('checkbox', { name: 'Carbon' })).toBeDisabled();
    // The spec's category buttons keep their names; the count sits beside them.
    expect(screen.getByRole('button', { name: 'Mountain Bike' })).toHaveTextContent('1');
  });

  it('take several values at once, in the address and in both API calls', async () => {
    const user = userEvent.setup();
    const { last } = fakeApi();
    const { router } = render('/shop');
    const sizes = await screen.findByRole('group', { name: 'Size' });
    await user.click(within(sizes).getByRole('checkbox', { name: 'S' }));
    await user.click(within(sizes).getByRole('checkbox', { name: 'M' }));
    await user.click(screen.getByRole('checkbox', { name: 'Hydraulic disc' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?size=S&size=M&brakes=Hydraulic+disc');
    });
    await waitFor(() => {
      expect(last('/api/v1/products')?.searchParams.getAll('size')).toEqual(['S', 'M']);
    });
    expect(last('/api/v1/products/facets')?.searchParams.getAll('brakes')).toEqual([
      'Hydraulic disc',
    ]);
    expect(last('/api/v1/products/facets')?.searchParams.has('page')).toBe(false);
    expect(within(sizes).getByRole('checkbox', { name: 'S' })).toBeChecked();
  });

  it('"Fits me" sends the saved measurements and the cards say the rider size', async () => {
    const user = userEvent.setup();
    writeRiderFit({ riderHeightCm: 160, inseamCm: null });
    const { last } = fakeApi();
    const { router } = render('/shop');
    expect(await screen.findByText('Your size: S')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Fits me' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?riderHeightCm=160');
    });
    await waitFor(() => {
      expect(last('/api/v1/products')?.searchParams.get('riderHeightCm')).toBe('160');
    });
    await user.click(screen.getByRole('switch', { name: 'Fits me' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
  });

  it('"Fits me" without measurements opens Find my size, then filters by what was entered', async () => {
    const user = userEvent.setup();
    fakeApi();
    const { router } = render('/shop');
    await user.click(await screen.findByRole('switch', { name: 'Fits me' }));
    // The finder's dialog loads when first opened.
    const dialog = await screen.findByRole('dialog', { name: 'Find my size' });
    await user.type(await within(dialog).findByLabelText('Height (cm)'), '172');
    await user.type(within(dialog).getByLabelText('Inseam (optional) (cm)'), '80');
    await user.click(within(dialog).getByRole('button', { name: 'Save my size' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?riderHeightCm=172&inseamCm=80');
    });
    expect(screen.getByText('Your height: 172 cm, inseam 80 cm')).toBeInTheDocument();
    expect(await screen.findByText('Your size: M')).toBeInTheDocument();
  });

  it('a sized card asks for the size before adding to the cart', async () => {
    const user = userEvent.setup();
    fakeApi();
    const { store } = render('/shop');
    await user.click(await screen.findByRole('button', { name: 'Add To Cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a size' });
    await user.click(within(dialog).getByRole('radio', { name: 'M' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Choose a size' })).toBeNull();
    });
    expect(store.getState().cart.cartItems).toMatchObject([{ size: 'M', quantity: 4 }]);
  });
});

describe('the filter form, as a browser without scripts sends it', () => {
  const address =
    '/shop?searchTerm=marlin&category=Mountain+Bike&minPrice=100&maxPrice=900&stock=inStock&size=M&brakes=Hydraulic+disc&sort=price';

  /** The sidebar's form: the one the order beside the results belongs to. */
  async function sidebarForm(): Promise<HTMLFormElement> {
    await screen.findByRole('group', { name: 'Size' });
    const form = screen
      .getAllByRole('searchbox', { name: 'Search' })
      .map((box) => box.closest('form'))
      .find((f) => f?.id);
    expect(form).toBeInstanceOf(HTMLFormElement);
    return form!;
  }

  it('is a GET form to the shop whose fields name the address the shop is at', async () => {
    fakeApi();
    render(address);
    const form = await sidebarForm();
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/shop');
    // The order beside the results is sent with it.
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveAttribute('form', form.id);
    expect(form.elements.namedItem('sort')).toBe(sort);
    const sent = new URLSearchParams();
    for (const [name, value] of new FormData(form))
      if (typeof value === 'string') sent.append(name, value);
    expect(sent.getAll('size')).toEqual(['M']);
    expect(sent.getAll('brakes')).toEqual(['Hydraulic disc']);
    expect(sent.get('minPrice')).toBe('100');
    expect(sent.get('maxPrice')).toBe('900');
    expect(sent.get('category')).toBe('Mountain Bike');
    expect(sent.get('stock')).toBe('inStock');
    expect(sent.get('searchTerm')).toBe('marlin');
    expect(sent.get('sort')).toBe('price');
  });

  it('sends a category or stock choice with its button, the chosen one blank to take it away', async () => {
    fakeApi();
    render(address);
    const form = await sidebarForm();
    const chosen = within(form).getByRole('button', { name: 'Mountain Bike' });
    expect(chosen).toHaveAttribute('type', 'submit');
    expect(chosen).toHaveAttribute('name', 'category');
    expect(chosen).toHaveAttribute('value', '');
    const other = within(form).getByRole('button', { name: 'Road Bicycle' });
    expect(other).toHaveAttribute('name', 'category');
    expect(other).toHaveAttribute('value', 'Road Bicycle');
    expect(within(form).getByRole('button', { name: 'Low Stock' })).toHaveAttribute(
      'name',
      'stock',
    );
    // The button's value comes before the hidden field's in the form, and the first one counts.
    const fields = [...form.querySelectorAll<HTMLInputElement>('[name="category"]')];
    expect(fields.at(-1)).toHaveAttribute('type', 'hidden');
    expect(fields.at(-1)).toHaveValue('Mountain Bike');
  });

  it('names each facet box with the facet and its value', async () => {
    fakeApi();
    render('/shop');
    const sizes = await screen.findByRole('group', { name: 'Size' });
    const m = within(sizes).getByRole('checkbox', { name: 'M' });
    expect(m).toHaveAttribute('name', 'size');
    expect(m).toHaveAttribute('value', 'M');
    expect(screen.getAllByRole('textbox', { name: 'Min price' })[0]).toHaveAttribute(
      'name',
      'minPrice',
    );
  });
});
