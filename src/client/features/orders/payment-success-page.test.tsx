import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#shared/contract/order.ts';
import type { CartProduct } from '#shared/rules/cart.ts';
import { addProductToCart } from '#client/features/cart/cart-actions.ts';
import { withStore } from '#client/app/route-data.ts';
import { SignInPage, signInAction } from '#client/features/auth/sign-in-page.tsx';
import {
  errorResponse,
  jsonResponse,
  okResponse,
  pageResponse,
  renderWithStore,
  testUser,
} from '#client/test/testing.tsx';
import { PaymentSuccessPage } from './payment-success-page.tsx';

const orderId = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const bikeId = '11111111-1111-4111-8111-111111111111';
const otherBikeId = '22222222-2222-4222-8222-222222222222';

function fakeServer(bankStatus: 'Success' | 'Failed' | 'Cancel', size: string | null = null) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      const url = new URL(request.url);
      paths.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/v1/orders/order/verify') {
        return Promise.resolve(
          okResponse([
            {
              order_id: orderId,
              bank_status: bankStatus,
              amount: 449.5,
              currency: 'USD',
              method: 'card',
              date_time: '2024-01-05T10:00:00.000Z',
              transaction_id: 'tx_1',
            },
          ]),
        );
      }
      const order: Partial<Order> = {
        _id: orderId,
        product: { _id: bikeId, name: 'Trail', brand: 'R', price: 449.5, imageUrl: null },
        size,
      };
      return Promise.resolve(pageResponse([order], 20));
    }),
  );
  return paths;
}

function product(id: string): CartProduct {
  return { _id: id, name: 'Bike', brand: 'Brand', price: 449.5, quantity: 5, imageUrl: null };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('payment result', () => {
  it('goes home without an order_id', async () => {
    renderWithStore(<PaymentSuccessPage />, {
      path: '/payment-success',
      routes: [{ path: '/', element: <p>Home here</p> }],
    });
    expect(await screen.findByText('Home here')).toBeVisible();
  });

  it('verifies the order, celebrates and takes the paid line out of the cart', async () => {
    const paths = fakeServer('Success');
    const { store } = renderWithStore(<PaymentSuccessPage />, {
      user: testUser(),
      path: '/payment-success',
      initialEntry: `/payment-success?order_id=${orderId}`,
    });
    store.dispatch(addProductToCart(product(bikeId)));
    store.dispatch(addProductToCart(product(otherBikeId)));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    expect(
      screen.getByText('Your payment has been successful. Thank you for your order!'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Finish' })).toHaveAttribute('href', '/');
    expect(paths).toContain(`/api/v1/orders/order/verify?order_id=${orderId}`);
    await waitFor(() => {
      expect(store.getState().cart.cartItems.map((i) => i._id)).toEqual([otherBikeId]);
    });
  });

  it('names the bicycle and the size paid for, and takes only that size out of the cart', async () => {
    fakeServer('Success', 'M');
    const { store } = renderWithStore(<PaymentSuccessPage />, {
      user: testUser(),
      path: '/payment-success',
      initialEntry: `/payment-success?order_id=${orderId}`,
    });
    const sizes = [
      { label: 'M', quantity: 2, minHeightCm: 165, maxHeightCm: 180 },
      { label: 'L', quantity: 2, minHeightCm: 178, maxHeightCm: 192 },
    ];
    store.dispatch(addProductToCart({ ...product(bikeId), sizes }, 'M'));
    store.dispatch(addProductToCart({ ...product(bikeId), sizes }, 'L'));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    expect(await screen.findByText('Size: M')).toBeVisible();
    expect(screen.getByText('Size: M').parentElement).toHaveTextContent('R TrailSize: M');
    await waitFor(() => {
      expect(store.getState().cart.cartItems.map((i) => i.size)).toEqual(['L']);
    });
  });

  it('says no size for a one-size order', async () => {
    fakeServer('Failed');
    renderWithStore(<PaymentSuccessPage />, {
      user: testUser(),
      path: '/payment-success',
      initialEntry: `/payment-success?order_id=${orderId}`,
    });
    expect(await screen.findByText('R Trail')).toBeVisible();
    expect(screen.queryByText(/Size:/)).toBeNull();
  });

  it.each(['Failed', 'Cancel'] as const)(
    'shows Payment Failed for %s and keeps the cart',
    async (status) => {
      fakeServer(status);
      const { store } = renderWithStore(<PaymentSuccessPage />, {
        user: testUser(),
        path: '/payment-success',
        initialEntry: `/payment-success?order_id=${orderId}`,
      });
      store.dispatch(addProductToCart(product(bikeId)));
      expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeVisible();
      expect(screen.getByText('Your payment has failed. Please try again.')).toBeVisible();
      expect(store.getState().cart.cartItems).toHaveLength(1);
    },
  );

  it('asks a visitor whose session is gone to sign in, then shows the result there', async () => {
    let signedIn = false;
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        const url = new URL(request.url);
        paths.push(url.pathname);
        if (url.pathname === '/api/v1/auth/login') {
          signedIn = true;
          return Promise.resolve(okResponse({ user: testUser(), accessToken: 'fresh' }));
        }
        if (url.pathname === '/api/v1/orders/order/verify' && signedIn) {
          return Promise.resolve(
            okResponse([
              {
                order_id: orderId,
                bank_status: 'Success',
                amount: 449.5,
                currency: 'USD',
                method: 'card',
                date_time: '2024-01-05T10:00:00.000Z',
                transaction_id: 'tx_1',
              },
            ]),
          );
        }
        if (url.pathname === '/api/v1/orders') {
          return Promise.resolve(pageResponse([], 20));
        }
        // Verify before sign-in, and the refresh that tries to save the session.
        return Promise.resolve(errorResponse(401, 'Please sign in to continue.', 'UNAUTHORIZED'));
      }),
    );
    const user = userEvent.setup();
    const { store, router } = renderWithStore(<PaymentSuccessPage />, {
      user: testUser(),
      path: '/payment-success',
      initialEntry: `/payment-success?order_id=${orderId}`,
      routes: [{ path: '/sign-in', element: <SignInPage />, action: withStore(signInAction) }],
    });

    expect(
      await screen.findByRole('heading', { name: 'Sign in to see your payment' }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Payment Failed' })).toBeNull();
    expect(paths).toContain('/api/v1/auth/refresh-token');
    expect(store.getState().auth.token).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/sign-in');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/payment-success');
    expect(router.state.location.search).toBe(`?order_id=${orderId}`);
  });

  it('asks a signed-out visitor to sign in instead of reporting a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(errorResponse(401, 'Please sign in to continue.', 'UNAUTHORIZED')),
      ),
    );
    renderWithStore(<PaymentSuccessPage />, {
      path: '/payment-success',
      initialEntry: `/payment-success?order_id=${orderId}`,
    });
    expect(
      await screen.findByRole('heading', { name: 'Sign in to see your payment' }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Payment Failed' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('says the payment could not be checked when the store cannot answer, not that it failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          jsonResponse(502, {
            success: false,
            message:
              'The payment service is not available right now. Please try again in a few minutes.',
            code: 'PAYMENT_PROVIDER_UNAVAILABLE',
          }),
        ),
      ),
    );
    renderWithStore(<PaymentSuccessPage />, {
      user: testUser(),
      path: '/payment-success',
      initialEntry: `/payment-success?order_id=${orderId}`,
    });
    expect(
      await screen.findByRole('heading', { name: 'We could not check your payment' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'The payment service is not available right now. Please try again in a few minutes.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Payment Failed' })).toBeNull();
  });
});
