import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#shared/contract/order.ts';
import {
  errorResponse,
  okResponse,
  pageResponse,
  renderWithStore,
  testOrderFulfilment,
  testUser,
} from '#client/test/testing.tsx';
import { paymentRedirect } from '#client/features/checkout/use-checkout.ts';
import { MyOrdersPage } from './my-orders-page.tsx';

function order(overrides: Partial<Order> & { _id: string }): Order {
  return {
    product: {
      _id: '11111111-1111-4111-8111-111111111111',
      name: 'Trail Blazer 29',
      brand: 'Ridgeback',
      price: 449.5,
      imageUrl: null,
    },
    user: { _id: testUser()._id, name: 'Ada Rider', email: 'ada@example.com' },
    quantity: 2,
    totalPrice: 899,
    status: 'Pending',
    paymentStatus: 'Paid',
    transaction: null,
    createdAt: '2024-01-05T10:00:00.000Z',
    updatedAt: '2024-01-05T10:00:00.000Z',
    ...testOrderFulfilment(),
    ...overrides,
  };
}

function fakeOrders(orders: Order[], cancel: 'ok' | 'refused' = 'ok') {
  const cancelled: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      const url = new URL(request.url);
      const match = /^\/api\/v1\/orders\/([^/]+)\/cancel$/.exec(url.pathname);
      if (match && request.method === 'PATCH') {
        cancelled.push(match[1]!);
        return Promise.resolve(
          cancel === 'ok'
            ? okResponse(null)
            : errorResponse(409, 'Only pending orders can be cancelled', 'CONFLICT'),
        );
      }
      return Promise.resolve(pageResponse(orders, 20, 1));
    }),
  );
  return cancelled;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('My Orders', () => {
  it('lists orders with total, date, payment and status, and Cancel on every order not Cancelled', async () => {
    fakeOrders([
      order({ _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' }),
      order({
        _id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
        status: 'Cancelled',
        paymentStatus: 'Failed',
      }),
    ]);
    renderWithStore(<MyOrdersPage />, { user: testUser() });
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.join(' | ')).toBe(
      'Product | Quantity | Total | Date | Payment | Status | Actions',
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Trail Blazer 29')).toBeInTheDocument();
    expect(first.getByText('Ridgeback')).toBeInTheDocument();
    expect(first.getByText('$899.00')).toBeInTheDocument();
    expect(first.getByText('05 Jan 2024')).toBeInTheDocument();
    expect(first.getByText('Paid')).toHaveClass('text-emerald-800');
    expect(first.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    const second = within(rows[1]!);
    expect(second.getByText('Failed')).toHaveClass('text-red-800');
    expect(second.getByText('Cancelled')).toBeInTheDocument();
    expect(second.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it("asks before cancelling, says what happens, then cancels and says so, or says 'Failed to cancel order'", async () => {
    const cancelled = fakeOrders([order({ _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' })]);
    renderWithStore(<MyOrdersPage />, { user: testUser() });
    const table = await screen.findByRole('table');
    const cancel = within(table).getByRole('button', { name: 'Cancel' });
    await userEvent.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order BC-100001?' });
    expect(dialog).toHaveTextContent('The bicycle goes back on sale');
    expect(dialog).toHaveTextContent('The $899.00 you paid is refunded to the card you paid with.');
    // Keeping the order is where focus starts; Escape closes and gives focus back.
    expect(within(dialog).getByRole('button', { name: 'Keep order' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancel).toHaveFocus();
    expect(cancelled).toEqual([]);

    await userEvent.click(cancel);
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }),
    );
    expect(await screen.findByText('Order cancelled successfully')).toBeVisible();
    expect(cancelled).toEqual(['aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fakeOrders(
      [
        order({
          _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
          status: 'Ongoing',
          paymentStatus: 'Pending',
        }),
      ],
      'refused',
    );
    // The shopper comes back to the tab: the list now holds the unpaid order the store moved on.
    window.dispatchEvent(new Event('focus'));
    const table2 = await screen.findByRole('table');
    await within(table2).findByText('Ongoing');
    await userEvent.click(within(table2).getByRole('button', { name: 'Cancel' }));
    const unpaid = await screen.findByRole('dialog');
    expect(unpaid).toHaveTextContent('Nothing has been charged for this order.');
    expect(unpaid).not.toHaveTextContent('refunded');
    await userEvent.click(within(unpaid).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Failed to cancel order')).toBeVisible();
  });

  it("links each order's number to its page", async () => {
    fakeOrders([order({ _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', number: 'BC-100042' })]);
    renderWithStore(<MyOrdersPage />, { user: testUser() });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'BC-100042' })).toHaveAttribute(
      'href',
      '/orders/BC-100042',
    );
  });

  it('invites a review of a completed order only', async () => {
    fakeOrders([
      order({
        _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
        number: 'BC-100050',
        status: 'Completed',
      }),
      order({ _id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', number: 'BC-100051' }),
    ]);
    renderWithStore(<MyOrdersPage />, { user: testUser() });
    const table = await screen.findByRole('table');
    const reviews = within(table).getAllByRole('link', { name: 'Write a review' });
    expect(reviews.map((link) => link.getAttribute('href'))).toEqual(['/orders/BC-100050/review']);
  });

  it('shows the size bought beside the product, and nothing for a one-size order', async () => {
    fakeOrders([
      order({ _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', size: 'M' }),
      order({ _id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', size: null }),
    ]);
    renderWithStore(<MyOrdersPage />, { user: testUser() });
    const table = await screen.findByRole('table');
    const [sized, oneSize] = within(table).getAllByRole('row').slice(1);
    expect(within(sized!).getAllByRole('cell')[0]).toHaveTextContent(
      'RidgebackTrail Blazer 29Size: M',
    );
    expect(oneSize).not.toHaveTextContent('Size:');
    // The phone layout's cards say the same.
    const cards = screen.getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Size: M');
    expect(cards[1]).not.toHaveTextContent('Size:');
  });

  it('shows orders placed elsewhere meanwhile when the shopper comes back to the page', async () => {
    const ids = ['1', '2', '3', '4', '5'].map((n) => `aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa${n}`);
    fakeOrders(ids.slice(2).map((_id) => order({ _id })));
    renderWithStore(<MyOrdersPage />, { user: testUser() });
    const rows = async () =>
      within(await screen.findByRole('table'))
        .getAllByRole('row')
        .slice(1);
    expect(await rows()).toHaveLength(3);
    // Two more ordered on a phone; the laptop's tab comes back into focus.
    fakeOrders(ids.map((_id) => order({ _id })));
    window.dispatchEvent(new Event('focus'));
    await waitFor(async () => {
      expect(await rows()).toHaveLength(5);
    });
  });

  it("never lists another account's orders under this session when the browser has signed in as someone else", async () => {
    // Another tab signed out and in as Bob: the browser's refresh cookie is now his, so this
    // page's refresh answers a token for Bob while the page still speaks for Ada.
    const bob = {
      _id: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
      name: 'Bob',
      email: 'bob@example.com',
    };
    const claims = btoa(JSON.stringify({ sub: bob._id, typ: 'access' })).replace(/=+$/, '');
    const bobsToken = `eyJhbGciOiJIUzI1NiJ9.${claims}.signature`;
    const bobsOrders = ['1', '2', '3'].map((n) =>
      order({ _id: `dddddddd-dddd-4ddd-8ddd-ddddddddddd${n}`, user: bob }),
    );
    const seen: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        const { pathname } = new URL(request.url);
        if (pathname === '/api/v1/auth/refresh-token') {
          return Promise.resolve(okResponse({ accessToken: bobsToken }));
        }
        const token = request.headers.get('authorization');
        seen.push(token);
        return Promise.resolve(
          token === bobsToken
            ? pageResponse(bobsOrders, 20)
            : errorResponse(401, 'Your session has expired. Please sign in again.', 'UNAUTHORIZED'),
        );
      }),
    );
    const { store } = renderWithStore(<MyOrdersPage />, { user: testUser() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your orders could not be loaded');
    expect(screen.queryByRole('table')).toBeNull();
    expect(seen).not.toContain(bobsToken);
    // Ada's session here has ended: she signs in again instead of reading Bob's account.
    expect(store.getState().auth).toMatchObject({ user: null, token: null });
  });

  it('shows the empty state', async () => {
    fakeOrders([]);
    renderWithStore(<MyOrdersPage />, { user: testUser() });
    expect(
      await screen.findByText('Your orders will appear here once you make a purchase!'),
    ).toBeVisible();
  });

  it('offers Pay now only for an order still payable, and opens a new payment page for it', async () => {
    const payable = order({
      _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      number: 'BC-100007',
      paymentStatus: 'Pending',
      payableUntil: '2099-01-01T00:00:00.000Z',
    });
    const paid = order({ _id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', number: 'BC-100006' });
    const paidFor: string[] = [];
    const bodies: Promise<string>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        const match = /^\/api\/v1\/orders\/([^/]+)\/pay$/.exec(new URL(request.url).pathname);
        if (match && request.method === 'POST') {
          paidFor.push(match[1]!);
          bodies.push(request.clone().text());
          return Promise.resolve(okResponse('https://pay.example/session/2'));
        }
        return Promise.resolve(pageResponse([payable, paid], 20, 1));
      }),
    );
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    renderWithStore(<MyOrdersPage />, { user: testUser() });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Order BC-100007');
    expect(within(rows[1]!).queryByRole('button', { name: 'Pay now' })).toBeNull();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/session/2'));
    expect(paidFor).toEqual([payable._id]);
    // A JSON object: an empty POST reaches the server as a null body, which it refuses.
    expect(JSON.parse(await bodies[0]!)).toEqual({});
  });
});
