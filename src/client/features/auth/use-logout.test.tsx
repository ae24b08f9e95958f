import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { Outlet } from 'react-router';
import { RequireAuth } from './require-auth.tsx';
import { jsonResponse, renderWithStore, testUser } from '#client/test/testing.tsx';
import { useLogout } from './use-logout.ts';

function LogoutButton() {
  const logout = useLogout();
  return (
    <>
      <button type="button" onClick={() => void logout()}>
        Logout
      </button>
      <Outlet />
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

it('clears the session even when the server call fails, toasts and goes to /sign-in', async () => {
  const fetchMock = vi.fn((_request: Request) => Promise.resolve(jsonResponse(500, {})));
  vi.stubGlobal('fetch', fetchMock);
  const { store, router } = renderWithStore(<LogoutButton />, {
    user: testUser(),
    path: '/shop',
    routes: [{ path: '/sign-in', element: <p>Sign in here</p> }],
  });
  await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

  expect(await screen.findByText('Sign in here')).toBeVisible();
  expect(await screen.findByText('Logout Successfully')).toBeVisible();
  expect(store.getState().auth).toMatchObject({ user: null, token: null });
  expect(new URL(fetchMock.mock.calls[0]![0].url).pathname).toBe('/api/v1/auth/logout');
  await waitFor(() => {
    expect(router.state.location.pathname).toBe('/sign-in');
  });
});

it('guards /me: a signed-out visitor goes to /sign-in with the attempted location', async () => {
  const { router } = renderWithStore(<p>Home</p>, {
    initialEntry: '/me?tab=password',
    routes: [
      { element: <RequireAuth />, children: [{ path: '/me', element: <p>Profile</p> }] },
      { path: '/sign-in', element: <p>Sign in here</p> },
    ],
  });
  expect(await screen.findByText('Sign in here')).toBeVisible();
  expect(router.state.historyAction).toBe('REPLACE');
  expect(router.state.location.state).toMatchObject({
    from: { pathname: '/me', search: '?tab=password' },
  });
});
