import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Location } from '#shared/contract/location.ts';
import type { OrderDetail } from '#shared/contract/order.ts';
import {
  errorResponse,
  jsonResponse,
  okResponse,
  renderWithStore,
  testOrderFulfilment,
  testUser,
} from '#client/test/testing.tsx';
import { OrderPage } from './order-page.tsx';

const ORDER_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

const home = {
  name: 'Ada Rider',
  phone: '+14155550100',
  line1: '1 Market St',
  line2: null,
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
};

const shop: Location = {
  _id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  name: 'Bi-Cycle Store Soho',
  address: {
    ...home,
    name: 'Bi-Cycle Store Soho',
    line1: '12 Greek St',
    city: 'London',
    region: null,
    postalCode: 'W1D 4DJ',
    country: 'GB',
    phone: '+442079460958',
  },
  hours: 'Mon-Sat 9:00-18:00',
  leadDays: 2,
};

function detail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    _id: ORDER_ID,
    product: {
      _id: '11111111-1111-4111-8111-111111111111',
      name: 'Trail Blazer 29',
      brand: 'Ridgeback',
      price: 449.5,
      imageUrl: null,
    },
    size: 'M',
    user: { _id: testUser()._id, name: 'Ada Rider', email: 'ada@example.com' },
    quantity: 2,
    totalPrice: 899,
    status: 'Pending',
    paymentStatus: 'Paid',
    transaction: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:05:00.000Z',
    ...testOrderFulfilment(),
    events: [
      { at: '2026-11-20T10:00:00.000Z', type: 'placed', note: null },
      { at: '2026-11-20T10:05:00.000Z', type: 'paid', note: null },
    ],
    ...overrides,
  };
}

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** GET /orders/:ref answers `order` for BC-100001 only (404 for any other), and records the rest. */
function fakeApi(
  start: OrderDetail,
  answers: Partial<Record<string, (body: unknown) => Response>> = {},
) {
  let order = start;
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace('/api/v1', '');
      const body: unknown =
        request.method === 'GET'
          ? null
          : await request.text().then((t): unknown => (t ? JSON.parse(t) : null));
      sent.push({ method: request.method, path, body });
      const own = answers[`${request.method} ${path}`];
      if (own) {
        const res = own(body);
        if (res.ok && request.method !== 'GET') {
          const data = ((await res.clone().json()) as { data: unknown }).data;
          if (data && typeof data === 'object' && 'events' in data) order = data as OrderDetail;
        }
        return res;
      }
      if (
        request.method === 'GET' &&
        (path === '/orders/BC-100001' || path === `/orders/${ORDER_ID}`)
      )
        return okResponse(order);
      return errorResponse(404, 'Order not found', 'NOT_FOUND');
    }),
  );
  return {
    sent,
    set(next: OrderDetail) {
      order = next;
    },
  };
}

function renderPage(number = 'BC-100001') {
  return renderWithStore(<OrderPage />, {
    user: testUser(),
    path: '/orders/:number',
    initialEntry: `/orders/${number}`,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the order page', () => {
  it('shows the number, the bicycle, where it goes and the timeline with the tracking link', async () => {
    fakeApi(
      detail({
        status: 'Ongoing',
        fulfilment: {
          ...testOrderFulfilment().fulfilment,
          method: 'delivery',
          address: home,
          state: 'Shipped',
          carrier: 'UPS',
          trackingNumber: '1Z999',
          trackingUrl: 'https://track.example/1Z999',
        },
        events: [
          { at: '2026-11-20T10:00:00.000Z', type: 'placed', note: 'Delivery to 1 Market St' },
          { at: '2026-11-20T10:05:00.000Z', type: 'paid', note: null },
          { at: '2026-11-22T09:00:00.000Z', type: 'shipped', note: 'UPS 1Z999' },
        ],
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order BC-100001' })).toBeVisible();
    const bicycle = screen.getByRole('region', { name: 'Bicycle' });
    expect(bicycle).toHaveTextContent('Trail Blazer 29');
    expect(bicycle).toHaveTextContent('SizeM');
    expect(bicycle).toHaveTextContent('Quantity2');
    expect(bicycle).toHaveTextContent('Total$899.00');
    expect(within(bicycle).getByRole('img', { name: 'Ridgeback Trail Blazer 29' })).toBeVisible();

    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('1 Market St');
    expect(delivery).toHaveTextContent('94105 San Francisco, CA');
    expect(delivery).toHaveTextContent('United States');

    const timeline = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole(
      'listitem',
    );
    expect(timeline.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Placed',
      'Paid',
      'Shipped',
    ]);
    expect(timeline[0]).toHaveTextContent('20 Nov 2026');
    expect(timeline[2]).toHaveTextContent('With UPS');
    expect(within(timeline[2]!).getByRole('link', { name: /Track the parcel/ })).toHaveAttribute(
      'href',
      'https://track.example/1Z999',
    );
    // Shipped and paid: nothing left to pay or cancel.
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it("is a not-found page for another customer's order, showing none of it", async () => {
    const { sent } = fakeApi(detail());
    renderPage('BC-100002');
    expect(await screen.findByText("OOPS! THAT PAGE CAN'T BE FOUND.")).toBeVisible();
    expect(screen.queryByText(/BC-100002/)).toBeNull();
    expect(screen.queryByText('Trail Blazer 29')).toBeNull();
    expect(sent.map((s) => s.path)).toEqual(['/orders/BC-100002']);
  });

  it('offers Pay now and Cancel for an unpaid order, and cancels after asking', async () => {
    const user = userEvent.setup();
    const unpaid = detail({
      paymentStatus: 'Pending',
      payableUntil: '2099-01-01T00:30:00.000Z',
      events: [{ at: '2026-11-20T10:00:00.000Z', type: 'placed', note: null }],
    });
    const api = fakeApi(unpaid, {
      [`PATCH /orders/${ORDER_ID}/cancel`]: () => {
        api.set({
          ...unpaid,
          status: 'Cancelled',
          paymentStatus: 'Failed',
          payableUntil: null,
          events: [
            ...unpaid.events,
            { at: '2026-11-20T10:10:00.000Z', type: 'cancelled', note: null },
          ],
        });
        return okResponse(null);
      },
    });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Pay now' })).toBeVisible();
    expect(screen.getByText(/You can pay until/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order BC-100001?' });
    expect(dialog).toHaveTextContent('Nothing has been charged for this order.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled successfully')).toBeVisible();
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem'),
      ).toHaveLength(2),
    );
    expect(screen.getByRole('region', { name: 'Timeline' })).toHaveTextContent('Cancelled');
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('shows the refund of a cancelled paid order with its amount and where it went', async () => {
    fakeApi(
      detail({
        status: 'Cancelled',
        paymentStatus: 'Refunded',
        events: [
          { at: '2026-11-20T10:00:00.000Z', type: 'placed', note: null },
          { at: '2026-11-20T10:05:00.000Z', type: 'paid', note: null },
          { at: '2026-11-21T08:00:00.000Z', type: 'cancelled', note: null },
          { at: '2026-11-21T08:00:01.000Z', type: 'refunded', note: null },
        ],
      }),
    );
    renderPage();
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(timeline).toHaveTextContent('Refunded');
    expect(timeline).toHaveTextContent('$899.00 back to the card you paid with');
  });

  it('shows the shop, its hours and the day a collect order is ready', async () => {
    fakeApi(
      detail({
        fulfilment: {
          ...testOrderFulfilment().fulfilment,
          method: 'collect',
          location: shop,
          readyBy: '2026-11-22T10:00:00.000Z',
        },
      }),
    );
    renderPage();
    const collect = await screen.findByRole('region', { name: 'Collect in store' });
    expect(collect).toHaveTextContent('Bi-Cycle Store Soho');
    expect(collect).toHaveTextContent('12 Greek St');
    expect(collect).toHaveTextContent('Mon-Sat 9:00-18:00');
    expect(collect).toHaveTextContent('Ready from: Sun, 22 Nov 2026');
  });

  it('asks where an order placed without it goes: a shop, or a new address checked field by field', async () => {
    const user = userEvent.setup();
    const bare = detail();
    const api = fakeApi(bare, {
      'GET /locations': () => okResponse([shop]),
      'GET /users/me/addresses': () => okResponse([]),
      [`PATCH /orders/${ORDER_ID}/fulfilment`]: (body) => {
        const b = body as { address?: { line1: string }; locationId?: string };
        if (b.address?.line1 === '0 Nowhere') {
          return jsonResponse(400, {
            success: false,
            message: 'Validation failed',
            code: 'VALIDATION_ERROR',
            details: [{ path: 'body.address.line1', message: 'We cannot deliver to this address' }],
          });
        }
        return okResponse({
          ...bare,
          fulfilment: {
            ...bare.fulfilment,
            method: 'collect',
            location: shop,
            readyBy: '2026-11-22T10:00:00.000Z',
          },
          events: [
            ...bare.events,
            {
              at: '2026-11-20T11:00:00.000Z',
              type: 'address_added',
              note: 'Collect at Bi-Cycle Store Soho',
            },
          ],
        });
      },
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Delivery or collection' });
    expect(section).toHaveTextContent('This order has no delivery address or shop yet.');

    // Delivery first: with no saved address, the form for a new one.
    const form = await within(section).findByRole('form', { name: 'Delivery address' });
    await user.type(within(form).getByLabelText('Full name'), 'Ada Rider');
    await user.type(within(form).getByLabelText('Phone number'), '+1 415 555 0100');
    await user.selectOptions(within(form).getByLabelText('Country'), 'US');
    await user.type(within(form).getByLabelText('Address'), '0 Nowhere');
    await user.type(within(form).getByLabelText('City'), 'Nowhere');
    await user.type(within(form).getByLabelText('Postal code'), '94105');
    await user.click(within(form).getByRole('button', { name: 'Deliver to this address' }));
    expect(await within(form).findByText('We cannot deliver to this address')).toBeVisible();

    await user.click(within(section).getByRole('radio', { name: 'Collect in store' }));
    const shops = await within(section).findByRole('group', { name: 'Collect from' });
    expect(within(shops).getByRole('radio', { name: /Bi-Cycle Store Soho/ })).toBeChecked();
    await user.click(within(section).getByRole('button', { name: 'Collect here' }));
    expect(await screen.findByText('Delivery details saved')).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Collect in store' })).toHaveTextContent(
      'Bi-Cycle Store Soho',
    );
    const patches = api.sent.filter((s) => s.method === 'PATCH').map((s) => s.body);
    expect(patches).toEqual([
      { address: expect.objectContaining({ line1: '0 Nowhere', phone: '+14155550100' }) },
      { locationId: shop._id },
    ]);
  });

  it('delivers an order placed without a destination to a saved address, the default first', async () => {
    const user = userEvent.setup();
    const other = {
      ...home,
      _id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
      line1: '500 Howard St',
      isDefault: false,
    };
    const main = { ...home, _id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', isDefault: true };
    const bare = detail();
    const api = fakeApi(bare, {
      'GET /users/me/addresses': () => okResponse([main, other]),
      [`PATCH /orders/${ORDER_ID}/fulfilment`]: () =>
        okResponse({
          ...bare,
          fulfilment: { ...bare.fulfilment, method: 'delivery', address: home },
        }),
    });
    renderPage();
    const saved = await screen.findByRole('group', { name: 'Deliver to' });
    expect(within(saved).getByRole('radio', { name: /1 Market St/ })).toBeChecked();
    await user.click(within(saved).getByRole('radio', { name: /500 Howard St/ }));
    await user.click(screen.getByRole('button', { name: 'Deliver here' }));
    expect(await screen.findByRole('region', { name: 'Delivery' })).toHaveTextContent(
      '1 Market St',
    );
    expect(api.sent.filter((s) => s.method === 'PATCH').map((s) => s.body)).toEqual([
      { addressId: other._id },
    ]);
  });
});
