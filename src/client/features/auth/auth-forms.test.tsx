import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStore } from '#client/app/route-data.ts';
import { SignInPage, signInAction } from './sign-in-page.tsx';
import { SignUpPage, signUpAction } from './sign-up-page.tsx';
import {
  errorResponse,
  jsonResponse,
  okResponse,
  renderWithStore,
  stubFetch,
  testUser,
} from '#client/test/testing.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The pages' forms post to their route actions, as in the app's route table. */
const ACTIONS = {
  '/sign-in': withStore(signInAction),
  '/sign-up': withStore(signUpAction),
};

function openForm(page: ReactElement, path: keyof typeof ACTIONS): UserEvent {
  const user = userEvent.setup();
  renderWithStore(page, { path, action: ACTIONS[path] });
  return user;
}

describe('sign in', () => {
  it('shows the spec messages for empty and invalid input', async () => {
    const user = openForm(<SignInPage />, '/sign-in');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email address')).toBeVisible();
    expect(screen.getByText('Password must be at least 6 characters')).toBeVisible();
  });

  it('shows the password when asked', async () => {
    const user = openForm(<SignInPage />, '/sign-in');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByLabelText('Show Password'));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });

  it('signs in and goes back to the page that asked for it, replacing history', async () => {
    const session = { user: testUser(), accessToken: 'fresh' };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(okResponse(session))),
    );
    const user = userEvent.setup();
    const { store, router } = renderWithStore(<SignInPage />, {
      path: '/sign-in',
      action: ACTIONS['/sign-in'],
      initialEntry: {
        pathname: '/sign-in',
        state: { from: { pathname: '/orders', search: '?page=2', hash: '' } },
      },
      routes: [{ path: '/orders', element: <p>Orders here</p> }],
    });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Orders here')).toBeVisible();
    expect(router.state.location.search).toBe('?page=2');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('Login successful')).toBeVisible();
    expect(store.getState().auth).toMatchObject({ user: session.user, token: 'fresh' });
  });

  it('keeps the way back to the guarded page after a refused try', async () => {
    const fetchMock = stubFetch(() =>
      errorResponse(429, 'Too many requests. Please try again later.', 'RATE_LIMITED'),
    );
    const user = userEvent.setup();
    const { router } = renderWithStore(<SignInPage />, {
      path: '/sign-in',
      action: ACTIONS['/sign-in'],
      initialEntry: { pathname: '/sign-in', state: { from: { pathname: '/orders' } } },
      routes: [{ path: '/orders', element: <p>Orders here</p> }],
    });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeVisible();

    fetchMock.mockImplementation(() =>
      Promise.resolve(okResponse({ user: testUser(), accessToken: 'fresh' })),
    );
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Orders here')).toBeVisible();
    expect(router.state.location.pathname).toBe('/orders');
  });

  it('signs in from the checkout page and comes back to it, query and all', async () => {
    stubFetch(() => okResponse({ user: testUser(), accessToken: 'fresh' }));
    const back = '/checkout?product=trek-marlin-7&size=M&quantity=1';
    const user = userEvent.setup();
    const { router } = renderWithStore(<SignInPage />, {
      path: '/sign-in',
      action: ACTIONS['/sign-in'],
      initialEntry: `/sign-in?${new URLSearchParams({ redirect: back }).toString()}`,
      routes: [{ path: '/checkout', element: <p>Checkout here</p> }],
    });
    // Signing up instead keeps the way back.
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      `/sign-up?${new URLSearchParams({ redirect: back }).toString()}`,
    );
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Checkout here')).toBeVisible();
    expect(router.state.location.search).toBe('?product=trek-marlin-7&size=M&quantity=1');
  });

  it('goes home instead of to another site named as the way back', async () => {
    stubFetch(() => okResponse({ user: testUser(), accessToken: 'fresh' }));
    const user = userEvent.setup();
    const { router } = renderWithStore(<SignInPage />, {
      path: '/sign-in',
      action: ACTIONS['/sign-in'],
      initialEntry: '/sign-in?redirect=%2F%2Fevil.example%2Fcheckout',
      routes: [{ path: '/', element: <p>Home here</p> }],
    });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Home here')).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows the server's message when the sign-in is refused, else 'Login failed'", async () => {
    const fetchMock = stubFetch(() =>
      errorResponse(401, 'Invalid email or password', 'UNAUTHORIZED'),
    );
    const user = openForm(<SignInPage />, '/sign-in');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password')).toBeVisible();

    fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed')).toBeVisible();
  });
});

describe('sign up', () => {
  const signUpAsAda = async (user: UserEvent) => {
    await user.type(screen.getByLabelText('Full Name'), 'Ada Rider');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
  };

  it('shows the spec messages for empty and invalid input', async () => {
    const user = openForm(<SignUpPage />, '/sign-up');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Full Name is required')).toBeVisible();
    expect(screen.getByText('Email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();

    await user.type(screen.getByLabelText('Full Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Invalid email address')).toBeVisible();
    expect(screen.getByText('Password must be at least 6 characters')).toBeVisible();
    expect(screen.queryByText('Full Name is required')).toBeNull();
  });

  it('signs up, toasts and goes home', async () => {
    const session = { user: testUser(), accessToken: 'fresh' };
    const fetchMock = vi.fn((_request: Request) =>
      Promise.resolve(jsonResponse(201, { success: true, message: 'ok', data: session })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { store } = renderWithStore(<SignUpPage />, {
      path: '/sign-up',
      action: ACTIONS['/sign-up'],
      routes: [{ path: '/', element: <p>Home here</p> }],
    });
    await signUpAsAda(user);

    expect(await screen.findByText('Home here')).toBeVisible();
    expect(await screen.findByText('Signup successful!')).toBeVisible();
    const request = fetchMock.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/v1/auth/register');
    expect(await request.json()).toEqual({
      name: 'Ada Rider',
      email: 'ada@example.com',
      password: 'secret-pass',
    });
    await waitFor(() => {
      expect(store.getState().auth.token).toBe('fresh');
    });
  });

  it('signs up from the cart and comes back to it', async () => {
    stubFetch(() =>
      jsonResponse(201, {
        success: true,
        message: 'ok',
        data: { user: testUser(), accessToken: 'fresh' },
      }),
    );
    const user = userEvent.setup();
    const { router } = renderWithStore(<SignUpPage />, {
      path: '/sign-up',
      action: ACTIONS['/sign-up'],
      initialEntry: '/sign-up?redirect=%2Fcart',
      routes: [{ path: '/cart', element: <p>Cart here</p> }],
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/sign-in?redirect=%2Fcart',
    );
    await signUpAsAda(user);
    expect(await screen.findByText('Cart here')).toBeVisible();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("shows the server's message, else 'Signup failed'", async () => {
    const fetchMock = stubFetch(() =>
      errorResponse(409, 'Email is already registered', 'CONFLICT'),
    );
    const user = openForm(<SignUpPage />, '/sign-up');
    await signUpAsAda(user);
    expect(await screen.findByText('Email is already registered')).toBeVisible();

    fetchMock.mockImplementation(() => Promise.resolve(new Response('oops', { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    // The toast is in the page at once and fades in: visible once its entrance has begun.
    const toast = await screen.findByText('Signup failed');
    await waitFor(() => {
      expect(toast).toBeVisible();
    });
  });
});
