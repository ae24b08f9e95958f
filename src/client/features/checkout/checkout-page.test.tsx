import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '#shared/contract/address.ts';
import type { Location } from '#shared/contract/location.ts';
import {
  errorResponse,
  jsonResponse,
  okResponse,
  renderWithStore,
  stubFetch,
  testProduct,
  testUser,
} from '#client/test/testing.tsx';
import { CheckoutPage } from './checkout-page.tsx';
import { paymentRedirect } from './use-checkout.ts';

const bike = testProduct({
  _id: '00000000-0000-4000-8000-000000000077',
  slug: 'trek-marlin-7',
  price: 899.99,
  sizes: [
    { label: 'M', quantity: 2, minHeightCm: 165, maxHeightCm: 178 },
    { label: 'L', quantity: 3, minHeightCm: 176, maxHeightCm: 190 },
  ],
});

const portland: Location = {
  _id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Bi-Cycle Store Portland',
  address: {
    name: 'Bi-Cycle Store Portland',
    phone: '+15035550142',
    line1: '1200 SE Hawthorne Blvd',
    line2: null,
    city: 'Portland',
    region: 'OR',
    postalCode: '97214',
    country: 'US',
  },
  hours: 'Mon-Fri 10:00-19:00, Sat 10:00-17:00, Sun closed',
  leadDays: 2,
};

const home: Address = {
  _id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Ada Rider',
  phone: '+15035550100',
  line1: '1 Main St',
  line2: null,
  city: 'Portland',
  region: 'OR',
  postalCode: '97201',
  country: 'US',
  isDefault: true,
};
const work: Address = {
  ...home,
  _id: '00000000-0000-4000-8000-0000000000b2',
  line1: '9 Dock Rd',
  isDefault: false,
};

interface Api {
  addresses: Address[];
  createOrder: (request: Request) => Response | Promise<Response>;
}

const sent: { path: string; body: unknown }[] = [];

function fakeApi(api: Partial<Api> = {}) {
  const {
    addresses = [],
    createOrder = () =>
      jsonResponse(201, { success: true, message: 'ok', data: 'https://pay.test/s/1' }),
  } = api;
  return stubFetch(async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/v1/products/slug/trek-marlin-7') return okResponse(bike);
    if (url.pathname.startsWith('/api/v1/products/slug/'))
      return errorResponse(404, 'Product not found', 'NOT_FOUND');
    if (url.pathname === '/api/v1/locations') return okResponse([portland]);
    if (url.pathname === '/api/v1/users/me/addresses') return okResponse(addresses);
    if (request.method === 'POST') {
      sent.push({
        path: url.pathname,
        body: await request
          .clone()
          .json()
          .catch(() => null),
      });
      if (url.pathname === '/api/v1/orders/order/create') return createOrder(request);
      if (url.pathname.endsWith('/pay')) return okResponse('https://pay.test/s/again');
    }
    return jsonResponse(404, {});
  });
}

function open(
  search = '?product=trek-marlin-7&size=L&quantity=1',
  user?: ReturnType<typeof testUser>,
) {
  return renderWithStore(<CheckoutPage />, {
    path: '/checkout',
    initialEntry: `/checkout${search}`,
    ...(user ? { user } : {}),
  });
}

const placeButton = () => screen.getByRole('button', { name: 'Place order and pay' });

beforeEach(() => {
  sent.length = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.dismiss();
});

describe('the checkout page', () => {
  it('shows the line, delivery, Delivery: Free and the total from the address', async () => {
    fakeApi();
    open('?product=trek-marlin-7&size=L&quantity=2');
    const line = await screen.findByRole('region', { name: 'Your bicycle' });
    expect(within(line).getByRole('link', { name: 'Marlin 7' })).toHaveAttribute(
      'href',
      '/bikes/trek-marlin-7',
    );
    expect(within(line).getByRole('img', { name: 'Trek Marlin 7' })).toBeVisible();
    expect(within(line).getByText('L')).toBeVisible();
    expect(within(line).getByText('2')).toBeVisible();
    expect(within(line).getByText('$899.99')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Delivery' })).toBeChecked();
    expect(screen.getByLabelText('Postal code')).toBeVisible();
    expect(screen.getByText('Delivery:').nextSibling).toHaveTextContent('Free');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$1,799.98');
  });

  it('lists the shops with their address, hours and the day they have it ready', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z'), toFake: ['Date'] });
    fakeApi();
    open();
    await userEvent.click(await screen.findByRole('radio', { name: 'Collect in store' }));
    const shop = await screen.findByRole('radio', { name: /Bi-Cycle Store Portland/ });
    const label = shop.closest('label');
    expect(label).toHaveTextContent('1200 SE Hawthorne Blvd, 97214 Portland, OR, US');
    expect(label).toHaveTextContent(
      'Opening hours: Mon-Fri 10:00-19:00, Sat 10:00-17:00, Sun closed',
    );
    expect(label).toHaveTextContent('Ready from Sun, Nov 29');
    vi.useRealTimers();
  });

  it('says when the bicycle is not in the shop', async () => {
    fakeApi();
    open('?product=gone-bike');
    expect(await screen.findByText('This bicycle is not in the shop any more.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Place order and pay' })).toBeNull();
  });

  it('asks for a size when the address names none for a bicycle with sizes', async () => {
    fakeApi();
    open('?product=trek-marlin-7');
    expect(await screen.findByText('Choose a size')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Marlin 7' })).toBeVisible();
  });
});

describe('placing the order, in the spec order', () => {
  it('asks a signed-out visitor to sign in, with a way back to this page', async () => {
    fakeApi();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Place order and pay' }));
    expect(await screen.findByText('Please Sign In to Proceed')).toBeVisible();
    const back = '/checkout?product=trek-marlin-7&size=L&quantity=1';
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/sign-in?${new URLSearchParams({ redirect: back }).toString()}`,
    );
    expect(sent).toEqual([]);
  });

  it('refuses an admin', async () => {
    fakeApi();
    open(undefined, testUser({ role: 'admin' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Place order and pay' }));
    expect(await screen.findByText('Admins are not allowed to place orders.')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('delivers to the default saved address, says Order Placed and leaves for the payment page once', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    let answer: (r: Response) => void = () => undefined;
    fakeApi({
      addresses: [home, work],
      createOrder: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    open(undefined, testUser());
    expect(await screen.findByRole('radio', { name: /1 Main St/ })).toBeChecked();
    expect(screen.queryByLabelText('Postal code')).toBeNull();
    await userEvent.click(placeButton());
    expect(await screen.findByText('Placing Order')).toBeVisible();
    await userEvent.click(placeButton());
    answer(jsonResponse(201, { success: true, message: 'ok', data: 'https://pay.test/s/1' }));
    expect(await screen.findByText('Order Placed')).toBeVisible();
    expect(go).toHaveBeenCalledWith('https://pay.test/s/1');
    expect(sent).toEqual([
      {
        path: '/api/v1/orders/order/create',
        body: {
          product: bike._id,
          quantity: 1,
          size: 'L',
          fulfilment: { method: 'delivery', addressId: home._id },
        },
      },
    ]);
  });

  it('sends a new address as typed and shows the API’s errors beside their fields', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    fakeApi({
      addresses: [home],
      createOrder: () =>
        jsonResponse(400, {
          success: false,
          message: 'Enter a valid postal code for United States',
          code: 'VALIDATION_ERROR',
          details: [
            {
              path: 'body.fulfilment.address.postalCode',
              message: 'Enter a valid postal code for United States',
            },
          ],
        }),
    });
    const user = userEvent.setup();
    open(undefined, testUser());
    await user.click(await screen.findByRole('radio', { name: 'A new address' }));
    await user.type(screen.getByLabelText('Full name'), 'Ada Rider');
    await user.type(screen.getByLabelText('Phone number'), '503 555 0100');
    await user.type(screen.getByLabelText('Address'), '2 Side St');
    await user.type(screen.getByLabelText('City'), 'Portland');
    await user.type(screen.getByLabelText('Postal code'), '1234');
    await user.selectOptions(screen.getByLabelText('Country'), 'US');
    await user.click(placeButton());

    const postal = screen.getByLabelText('Postal code');
    await waitFor(() => {
      expect(postal).toHaveAccessibleDescription('Enter a valid postal code for United States');
    });
    expect(postal).toHaveFocus();
    expect(postal).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
    expect(go).not.toHaveBeenCalled();
    expect(sent[0]?.body).toEqual({
      product: bike._id,
      quantity: 1,
      size: 'L',
      fulfilment: {
        method: 'delivery',
        address: {
          name: 'Ada Rider',
          phone: '503 555 0100',
          line1: '2 Side St',
          line2: null,
          city: 'Portland',
          region: null,
          postalCode: '1234',
          country: 'US',
        },
      },
    });
    expect(placeButton()).toBeEnabled();
  });

  it('collects in the chosen shop', async () => {
    vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    fakeApi();
    const user = userEvent.setup();
    open(undefined, testUser());
    await user.click(await screen.findByRole('radio', { name: 'Collect in store' }));
    await user.click(await screen.findByRole('radio', { name: /Bi-Cycle Store Portland/ }));
    await user.click(placeButton());
    expect(await screen.findByText('Order Placed')).toBeVisible();
    expect(sent[0]?.body).toEqual({
      product: bike._id,
      quantity: 1,
      size: 'L',
      fulfilment: { method: 'collect', locationId: portland._id },
    });
  });

  it('offers to pay the open unpaid order for the same bicycle instead of a second one', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const openId = '00000000-0000-4000-8000-0000000000c9';
    const message =
      'You already have an unpaid order for this bicycle (BC-100007). Pay it with "Pay now", or cancel it, before ordering it again.';
    fakeApi({
      addresses: [home],
      createOrder: () =>
        jsonResponse(409, {
          success: false,
          message,
          code: 'UNPAID_ORDER_EXISTS',
          details: [
            { path: 'order._id', message: openId },
            { path: 'order.number', message: 'BC-100007' },
          ],
        }),
    });
    const user = userEvent.setup();
    open(undefined, testUser());
    await screen.findByRole('radio', { name: /1 Main St/ });
    await user.click(placeButton());
    const offer = await screen.findByRole('alert');
    expect(within(offer).getByRole('heading', { name: 'Unpaid order BC-100007' })).toBeVisible();
    expect(within(offer).getByText(message)).toBeVisible();
    expect(go).not.toHaveBeenCalled();

    await user.click(within(offer).getByRole('button', { name: 'Pay now' }));
    await waitFor(() => {
      expect(go).toHaveBeenCalledWith('https://pay.test/s/again');
    });
    expect(sent.map((s) => s.path)).toEqual([
      '/api/v1/orders/order/create',
      `/api/v1/orders/${openId}/pay`,
    ]);
    // A JSON object, which the route's optional body takes (a bare POST reaches it as null).
    expect(sent[1]?.body).toEqual({});
  });

  it('says Something went wrong when no answer comes back', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    fakeApi({ createOrder: () => Promise.reject(new TypeError('Failed to fetch')) });
    const user = userEvent.setup();
    open(undefined, testUser());
    await user.click(await screen.findByRole('radio', { name: 'Collect in store' }));
    await user.click(await screen.findByRole('radio', { name: /Bi-Cycle Store Portland/ }));
    await user.click(placeButton());
    expect(await screen.findByText('Something went wrong')).toBeVisible();
    expect(go).not.toHaveBeenCalled();
    expect(placeButton()).toBeEnabled();
  });
});
