import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '#shared/contract/order.ts';
import {
  errorResponse,
  jsonResponse,
  okResponse,
  renderWithStore,
  testAdmin,
} from '#client/test/testing.tsx';
import { DashboardApp } from '../dashboard-app.tsx';
import { deliveryOrder, stubApi } from './stub-dashboard-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function openOrder(path = '/dashboard/order-management/BC-100042') {
  return renderWithStore(<DashboardApp />, {
    user: testAdmin(),
    path: '/dashboard/*',
    initialEntry: path,
  });
}

describe("the owner's page of one order", () => {
  it('shows who, what and where, with the timeline', async () => {
    stubApi({ 'GET /api/v1/orders/BC-100042': () => okResponse(deliveryOrder()) });
    openOrder();
    expect(await screen.findByRole('heading', { name: 'Order BC-100042' })).toBeVisible();
    const order = screen.getByRole('region', { name: 'Order' });
    expect(order).toHaveTextContent('Giant Contend 3');
    expect(order).toHaveTextContent('54 cm');
    expect(order).toHaveTextContent('$579.00');
    expect(screen.getByRole('region', { name: 'Customer' })).toHaveTextContent('sam@example.com');
    expect(screen.getByRole('region', { name: 'Fulfilment' })).toHaveTextContent(
      '12 Elm Street97214 Portland OR',
    );
    const timeline = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole(
      'listitem',
    );
    expect(timeline.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Placed',
      'Paid',
    ]);
  });

  it('checks the Shipped form field by field, then sends it once however often it is clicked', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubApi({
      'GET /api/v1/orders/BC-100042': () => okResponse(deliveryOrder()),
      'PATCH /api/v1/orders/9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d/fulfilment': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    openOrder();
    const ship = await screen.findByRole('button', { name: 'Shipped' });
    await user.type(screen.getByLabelText('Tracking link (optional)'), 'not a link');
    await user.click(ship);
    expect(await screen.findByText('Carrier is required')).toBeVisible();
    expect(screen.getByText('Tracking number is required')).toBeVisible();
    expect(screen.getByText('The tracking link must be an http(s) address')).toBeVisible();
    expect(screen.getByLabelText('Carrier')).toHaveAccessibleDescription('Carrier is required');

    await user.type(screen.getByLabelText('Carrier'), 'DHL');
    await user.type(screen.getByLabelText('Tracking number'), 'JD0146 0000 1234');
    await user.clear(screen.getByLabelText('Tracking link (optional)'));
    await user.dblClick(ship);
    await user.click(ship);
    await waitFor(() => {
      expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    });
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(await patch?.json()).toEqual({
      state: 'Shipped',
      carrier: 'DHL',
      trackingNumber: 'JD0146 0000 1234',
    });
    const shipped: OrderDetail = deliveryOrder({
      fulfilment: { ...deliveryOrder().fulfilment, state: 'Shipped', carrier: 'DHL' },
    });
    answer(okResponse(shipped));
    expect(await screen.findByText('Order marked Shipped')).toBeVisible();
  }, 60_000);

  it("shows the store's reason when it refuses a move", async () => {
    const order = deliveryOrder({
      fulfilment: { ...deliveryOrder().fulfilment, method: null, address: null },
    });
    stubApi({
      'GET /api/v1/orders/BC-100042': () => okResponse(order),
      [`PATCH /api/v1/orders/${order._id}/fulfilment`]: () =>
        errorResponse(
          409,
          'The customer has not chosen delivery or collection for this order yet.',
          'FULFILMENT_METHOD_MISSING',
        ),
    });
    const user = userEvent.setup();
    openOrder();
    await user.click(await screen.findByRole('button', { name: 'Ready for collection' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The customer has not chosen delivery or collection for this order yet.',
    );
  });

  it('says so when there is no such order', async () => {
    stubApi({
      'GET /api/v1/orders/BC-999999': () =>
        jsonResponse(404, { success: false, message: 'Order not found.', code: 'NOT_FOUND' }),
    });
    openOrder('/dashboard/order-management/BC-999999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found.');
  });

  it('prints a packing slip without the dashboard around it', async () => {
    stubApi({ 'GET /api/v1/orders/BC-100042': () => okResponse(deliveryOrder()) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    openOrder('/dashboard/order-management/BC-100042/slip');
    const slip = await screen.findByRole('article', { name: 'Packing slip' });
    expect(slip).toHaveTextContent('BC-100042');
    expect(slip).toHaveTextContent('Ordered 09 Mar 2024');
    expect(slip).toHaveTextContent('12 Elm Street');
    expect(within(slip).getByRole('cell', { name: '54 cm' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
