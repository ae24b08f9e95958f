import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore, testUser } from '#client/test/testing.tsx';
import { addToCart } from '#shared/rules/cart.ts';
import {
  checkoutLine,
  leaveForPayment,
  paymentRedirect,
  useCheckout,
  type CheckoutLine,
} from './use-checkout.ts';

const bike = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const helmetBike = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

function CheckoutButton({ lines }: { lines: CheckoutLine[] }) {
  const { checkout } = useCheckout();
  return (
    <button type="button" onClick={() => checkout(lines)}>
      Checkout
    </button>
  );
}

/** Where the router went, as the address bar would show it. */
function Where() {
  const location = useLocation();
  return <p>Now at {`${location.pathname}${location.search}`}</p>;
}

const twoLines: CheckoutLine[] = [
  { productId: bike, quantity: 1 },
  { productId: helmetBike, quantity: 2 },
];

function open(lines: CheckoutLine[], user?: ReturnType<typeof testUser>) {
  return renderWithStore(<CheckoutButton lines={lines} />, {
    path: '/cart',
    ...(user ? { user } : {}),
    routes: [{ path: '*', element: <Where /> }],
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  // Toasts live in sonner's module state: one test's must not show in the next one's toaster.
  toast.dismiss();
});

describe('checkout checks, in the spec order', () => {
  it('asks a signed-out visitor to sign in, and brings them back to the checkout of the line', async () => {
    open([{ productId: bike, quantity: 2, size: 'M' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Please Sign In to Proceed')).toBeVisible();
    const back = `/checkout?product=${bike}&size=M&quantity=2`;
    expect(
      screen.getByText(`Now at /sign-in?${new URLSearchParams({ redirect: back }).toString()}`),
    ).toBeVisible();
  });

  it('brings a signed-out visitor with two lines back to the cart, where the one-line rule waits', async () => {
    open(twoLines);
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Please Sign In to Proceed')).toBeVisible();
    expect(screen.getByText('Now at /sign-in?redirect=%2Fcart')).toBeVisible();
    expect(
      screen.queryByText(
        'You can only process one order at a time. Please remove other items from the cart.',
      ),
    ).toBeNull();
  });

  it('refuses an admin before looking at the cart lines, and stays', async () => {
    open(twoLines, testUser({ role: 'admin' }));
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Admins are not allowed to place orders.')).toBeVisible();
    expect(
      screen.queryByText(
        'You can only process one order at a time. Please remove other items from the cart.',
      ),
    ).toBeNull();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeVisible();
  });

  it('refuses more than one cart line, and stays', async () => {
    open(twoLines, testUser());
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(
      await screen.findByText(
        'You can only process one order at a time. Please remove other items from the cart.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeVisible();
  });
});

describe('on to the checkout page', () => {
  it('opens the checkout page of the one line, placing nothing yet', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    open([{ productId: bike, quantity: 3, size: 'L' }], testUser());
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(screen.getByText(`Now at /checkout?product=${bike}&size=L&quantity=3`)).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('names the only size of a single-size bicycle put in the cart without choosing one', () => {
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
    expect(checkoutLine(line)).toEqual({ productId: bike, quantity: 1, size: '16"' });
  });
});

describe('leaving for the payment page', () => {
  it('goes to an http(s) payment page', () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    expect(leaveForPayment('http://pay.example/checkout/abc')).toBe(true);
    expect(go).toHaveBeenCalledWith('http://pay.example/checkout/abc');
  });

  it.each([
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    '/relative/checkout',
    'not a url',
  ])('does not leave for a payment address that is not http(s): %s', (address) => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    expect(leaveForPayment(address)).toBe(false);
    expect(go).not.toHaveBeenCalled();
  });
});
