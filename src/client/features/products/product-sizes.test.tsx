import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectCartItems } from '../cart/cart-slice.ts';
import {
  jsonResponse,
  okResponse,
  pageResponse,
  renderWithStore,
  testProduct,
  testUser,
} from '#client/test/testing.tsx';
import { markAppStarted } from '#client/lib/app-started.ts';
import { writeRiderFit } from './fit/rider-fit-storage.ts';
import { ProductPage } from './product-page.tsx';

const sized = testProduct({
  _id: '00000000-0000-4000-8000-000000000042',
  sizes: [
    { label: 'S', quantity: 0, minHeightCm: 155, maxHeightCm: 167 },
    { label: 'M', quantity: 2, minHeightCm: 165, maxHeightCm: 178 },
    { label: 'L', quantity: 3, minHeightCm: 176, maxHeightCm: 190 },
  ],
  specs: {
    frameMaterial: 'Aluminium',
    wheelSize: '29"',
    gears: 12,
    weightKg: 13.6,
    brakes: 'Hydraulic disc',
    suspension: 'Hardtail',
    travelMm: 100,
    batteryWh: 500,
  },
  createdAt: '2024-01-05T00:00:00.000Z',
  updatedAt: '2024-01-05T00:00:00.000Z',
});

const orders: unknown[] = [];

function fakeApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith('/api/v1/products/slug/')) return okResponse(sized);
      if (url.pathname === '/api/v1/products') return pageResponse([], 4);
      if (url.pathname === '/api/v1/orders/order/create') {
        orders.push(await request.json());
        return jsonResponse(201, { success: true, message: 'ok', data: 'https://pay.test/s/1' });
      }
      return jsonResponse(404, {});
    }),
  );
}

const open = (options: { user?: ReturnType<typeof testUser> } = {}) =>
  renderWithStore(<ProductPage />, {
    path: '/bikes/:slug',
    initialEntry: '/bikes/trek-marlin-7',
    ...options,
  });

beforeEach(() => {
  orders.length = 0;
  window.localStorage.clear();
  fakeApi();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a bicycle with sizes', () => {
  it('offers the sizes as a radio group, the sold-out one struck through and not selectable', async () => {
    open();
    const group = await screen.findByRole('group', { name: 'Size' });
    const small = within(group).getByRole('radio', { name: /^S/ });
    expect(small).toBeDisabled();
    expect(within(group).getByRole('radio', { name: 'M' })).toBeEnabled();
    expect(within(group).getByRole('radio', { name: 'L' })).not.toBeChecked();
  });

  it('asks for a size before adding, then adds one line per size with that size stock', async () => {
    const user = userEvent.setup();
    const { store } = open();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a size');
    expect(selectCartItems(store.getState())).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'M' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('No more stock available!')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'L' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(
      selectCartItems(store.getState()).map((i) => [i.size, i.buyingQuantity, i.quantity]),
    ).toEqual([
      ['M', 2, 2],
      ['L', 1, 3],
    ]);
  });

  it('buys now in the chosen size: on to the checkout page of that size', async () => {
    const user = userEvent.setup();
    const { router } = open({ user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a size');
    expect(router.state.location.pathname).toBe('/bikes/trek-marlin-7');
    await user.click(screen.getByRole('radio', { name: 'L' }));
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/checkout');
    });
    expect(router.state.location.search).toBe('?product=trek-marlin-7&size=L&quantity=1');
    // The order itself is placed on the checkout page, once the shopper says where it goes.
    expect(orders).toEqual([]);
  });

  it('shows the size chart and only the specs the bicycle states (no e-bike rows on a mountain bike)', async () => {
    open();
    const chart = await screen.findByRole('table', { name: 'Size chart' });
    const rows = within(chart)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'SizeRider heightAvailability',
      'S155–167 cmSold out',
      'M165–178 cmIn stock',
      'L176–190 cmIn stock',
    ]);
    const specs = screen.getByRole('table', { name: 'Specifications' });
    expect(within(specs).getByRole('rowheader', { name: 'Weight' }).nextSibling).toHaveTextContent(
      '13.6 kg',
    );
    expect(within(specs).queryByText('Battery')).toBeNull();
    expect(within(specs).getAllByRole('row')).toHaveLength(7);
  });

  it('marks the rider size from the saved measurements', async () => {
    writeRiderFit({ riderHeightCm: 172, inseamCm: null });
    open();
    expect(await screen.findByText('Your size: M')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'M (Your size)' })).toBeInTheDocument();
  });

  it('says "Between" in an overlap, and the inseam decides', async () => {
    writeRiderFit({ riderHeightCm: 177, inseamCm: null });
    const first = open();
    expect(await screen.findByText('Between M and L')).toBeInTheDocument();
    first.unmount();
    writeRiderFit({ riderHeightCm: 177, inseamCm: 86 });
    open();
    expect(await screen.findByText('Your size: L')).toBeInTheDocument();
  });

  it('offers Notify me for a sold-out size', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Notify me: S' }));
    expect(screen.getByRole('form', { name: 'Notify me when back in stock' })).toHaveTextContent(
      'Size S is sold out.',
    );
  });

  it('carries out an Add to Cart sent before the scripts ran once, in its size', async () => {
    // The server's answer to the early post: the page, the intent in its fragment.
    const early = '/bikes/trek-marlin-7#purchase=add&size=M&id=early-0001';
    vi.spyOn(document, 'referrer', 'get').mockReturnValue(
      `${window.location.origin}/bikes/trek-marlin-7`,
    );
    markAppStarted();
    const first = renderWithStore(<ProductPage />, { path: '/bikes/:slug', initialEntry: early });
    expect(await screen.findByText('Item added to cart!')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'M' })).toBeChecked();
    expect(selectCartItems(first.store.getState())).toEqual([
      expect.objectContaining({ _id: sized._id, size: 'M', buyingQuantity: 1 }),
    ]);
    first.unmount();

    // The same address again (a reload before the fragment went, or history): nothing more.
    const again = renderWithStore(<ProductPage />, { path: '/bikes/:slug', initialEntry: early });
    await screen.findByRole('radio', { name: 'M' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectCartItems(again.store.getState())).toEqual([]);
  });

  it("asks for a size at the first one in stock when a card's Add To Cart came without one", async () => {
    // A card posts no size (decision 036): its intent has none.
    vi.spyOn(document, 'referrer', 'get').mockReturnValue(`${window.location.origin}/shop`);
    markAppStarted();
    const { store } = renderWithStore(<ProductPage />, {
      path: '/bikes/:slug',
      initialEntry: '/bikes/trek-marlin-7#purchase=add&id=card-0001',
    });
    expect(await screen.findByText('Choose a size')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('radio', { name: 'M' })).toHaveFocus();
    });
    expect(selectCartItems(store.getState())).toEqual([]);
  });

  it('ignores an intent in an address another site linked to', async () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://elsewhere.example/');
    markAppStarted();
    const { store } = renderWithStore(<ProductPage />, {
      path: '/bikes/:slug',
      initialEntry: '/bikes/trek-marlin-7#purchase=add&size=M&id=forged-0001',
    });
    await screen.findByRole('radio', { name: 'M' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectCartItems(store.getState())).toEqual([]);
  });
});
