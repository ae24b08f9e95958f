import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithStore, testUser } from '#client/test/testing.tsx';
import { addToCart } from '#shared/rules/cart.ts';
import { checkoutLine, paymentRedirect, useCheckout, type CheckoutLine } from './use-checkout.ts';

const bike = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const helmetBike = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

function CheckoutButton({ lines }: { lines: CheckoutLine[] }) {
  const { checkout, isPlacing } = useCheckout();
  return (
    <button type="button" onClick={() => void checkout(lines)}>
      {isPlacing ? 'Placing…' : 'Checkout'}
    </button>
  );
}

const twoLines: CheckoutLine[] = [
  { productId: bike, quantity: 1 },
  { productId: helmetBike, quantity: 2 },
];

function stubFetch(respond: () => Response | Promise<Response>) {
  const calls: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      calls.push(request);
      return Promise.resolve(respond());
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Toasts live in sonner's module state: one test's must not show in the next one's toaster.
  toast.dismiss();
});

describe('checkout checks, in the spec order', () => {
  it('asks a signed-out visitor to sign in before anything else', async () => {
    const calls = stubFetch(() => jsonResponse(500, {}));
    renderWithStore(<CheckoutButton lines={twoLines} />);
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Please Sign In to Proceed')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('refuses an admin before looking at the cart lines', async () => {
    const calls = stubFetch(() => jsonResponse(500, {}));
    renderWithStore(<CheckoutButton lines={twoLines} />, { user: testUser({ role: 'admin' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Admins are not allowed to place orders.')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('refuses more than one cart line', async () => {
    const calls = stubFetch(() => jsonResponse(500, {}));
    renderWithStore(<CheckoutButton lines={twoLines} />, { user: testUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(
      await screen.findByText(
        'You can only process one order at a time. Please remove other items from the cart.',
      ),
    ).toBeVisible();
    expect(calls).toHaveLength(0);
  });
});

describe('placing the order', () => {
  it('sends product and quantity, says Order Placed and goes to the payment page, once however often clicked', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    let answer: (r: Response) => void = () => undefined;
    const calls: Request[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        calls.push(request);
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }),
    );
    renderWithStore(<CheckoutButton lines={[{ productId: bike, quantity: 3 }]} />, {
      user: testUser(),
    });
    const button = screen.getByRole('button', { name: 'Checkout' });
    await userEvent.click(button);
    expect(await screen.findByText('Placing Order')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Placing…' }));
    answer(
      jsonResponse(201, {
        success: true,
        message: 'Order created',
        data: 'http://pay.example/checkout/abc',
      }),
    );

    expect(await screen.findByText('Order Placed')).toBeVisible();
    expect(screen.queryByText('Placing Order')).toBeNull();
    expect(go).toHaveBeenCalledWith('http://pay.example/checkout/abc');
    expect(calls).toHaveLength(1);
    const request = calls[0]!;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/v1/orders/order/create');
    expect(request.headers.get('authorization')).toBe('access-token');
    expect(await request.json()).toEqual({ product: bike, quantity: 3 });
  });

  it('sends the only size of a single-size bicycle put in the cart without choosing one', async () => {
    vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const calls = stubFetch(() =>
      jsonResponse(201, { success: true, message: 'Order created', data: 'http://pay.example/c' }),
    );
    const kids = {
      _id: bike,
      name: 'Rocket 16',
      brand: 'Puky',
      price: 199,
      imageUrl: null,
      quantity: 2,
      sizes: [{ label: '16"', quantity: 2 }],
    };
    const [line] = addToCart([], kids).items;
    if (!line) throw new Error('the bicycle did not reach the cart');
    renderWithStore(<CheckoutButton lines={[checkoutLine(line)]} />, { user: testUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Order Placed')).toBeVisible();
    expect(await calls[0]?.json()).toEqual({ product: bike, quantity: 1, size: '16"' });
  });

  it('replaces the loading toast with the server’s message when the order is refused', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    stubFetch(() =>
      errorResponse(
        409,
        'You have unpaid orders. Pay or cancel one before placing another.',
        'TOO_MANY_UNPAID_ORDERS',
      ),
    );
    renderWithStore(<CheckoutButton lines={[{ productId: bike, quantity: 1 }]} />, {
      user: testUser(),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(
      await screen.findByText('You have unpaid orders. Pay or cancel one before placing another.'),
    ).toBeVisible();
    await waitFor(() => {
      expect(screen.queryByText('Placing Order')).toBeNull();
    });
    expect(go).not.toHaveBeenCalled();
    // A refused order can be tried again.
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  });

  it('says Something went wrong when no answer comes back', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithStore(<CheckoutButton lines={[{ productId: bike, quantity: 1 }]} />, {
      user: testUser(),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Something went wrong')).toBeVisible();
    expect(go).not.toHaveBeenCalled();
  });

  it.each([
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    '/relative/checkout',
    'not a url',
  ])('does not leave for a payment address that is not http(s): %s', async (address) => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse(201, { success: true, message: 'Order created', data: address }));
    renderWithStore(<CheckoutButton lines={[{ productId: bike, quantity: 1 }]} />, {
      user: testUser(),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Something went wrong')).toBeVisible();
    expect(screen.queryByText('Order Placed')).toBeNull();
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  });
});
