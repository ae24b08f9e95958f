import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { okResponse, pageResponse, renderWithStore, testAdmin } from '#client/test/testing.tsx';
import { DashboardApp } from '../dashboard-app.tsx';
import { deliveryOrder, stubApi } from './stub-dashboard-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SHOP = {
  _id: '5a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  name: 'Bi-Cycle Store Portland',
  address: deliveryOrder().fulfilment.address,
  hours: 'Mon-Fri 10:00-19:00',
  leadDays: 2,
};

function listQueries(calls: Request[]): URLSearchParams[] {
  return calls
    .filter((c) => new URL(c.url).pathname === '/api/v1/orders')
    .map((c) => new URL(c.url).searchParams);
}

describe('Manage Orders', () => {
  it('sends the filters and search of its address, and keeps a new choice there', async () => {
    const calls = stubApi({
      'GET /api/v1/orders': () => pageResponse([deliveryOrder()], 20),
      'GET /api/v1/locations': () => okResponse([SHOP]),
    });
    const user = userEvent.setup();
    const { router } = renderWithStore(<DashboardApp />, {
      user: testAdmin(),
      path: '/dashboard/*',
      initialEntry: '/dashboard/order-management?status=Pending&searchTerm=BC-100042&state=bogus',
    });
    const link = await screen.findByRole('link', { name: 'BC-100042' });
    expect(link).toHaveAttribute('href', '/dashboard/order-management/BC-100042');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('BC-100042');
    const first = listQueries(calls)[0];
    expect(first?.get('status')).toBe('Pending');
    expect(first?.get('searchTerm')).toBe('BC-100042');
    expect(first?.has('state')).toBe(false);

    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Shop' }),
      'Bi-Cycle Store Portland',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery or collection' }), [
      'collect',
    ]);
    await waitFor(() => {
      expect(router.state.location.search).toBe(
        `?status=Pending&searchTerm=BC-100042&state=bogus&locationId=${SHOP._id}&method=collect`,
      );
    });
    await waitFor(() => {
      expect(listQueries(calls).at(-1)?.get('method')).toBe('collect');
    });
    expect(listQueries(calls).at(-1)?.get('locationId')).toBe(SHOP._id);

    // Back undoes the last choice.
    await router.navigate(-1);
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Delivery or collection' })).toHaveValue('');
    });

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'sam');
    await waitFor(() => {
      expect(new URLSearchParams(router.state.location.search).get('searchTerm')).toBe('sam');
    });
    await waitFor(() => {
      expect(listQueries(calls).at(-1)?.get('searchTerm')).toBe('sam');
    });
  }, 90_000);
});
