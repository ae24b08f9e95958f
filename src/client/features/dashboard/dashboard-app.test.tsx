import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#shared/contract/order.ts';
import type { User } from '#shared/contract/user.ts';
import {
  errorResponse,
  jsonResponse,
  okResponse,
  pageResponse,
  renderWithStore,
  testAdmin,
  testOrderFulfilment,
  testUser,
} from '#client/test/testing.tsx';
import { DashboardApp } from './dashboard-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function person(role: User['role'], overrides: Partial<User> = {}): User {
  if (role === 'admin') return testAdmin(overrides);
  // Noon, as the admin's, so the day shown is the same in every time zone.
  const { createdAt, updatedAt } = testAdmin();
  return testUser({ createdAt, updatedAt, ...overrides });
}

function renderDashboard(path: string, user?: User) {
  return renderWithStore(<DashboardApp />, {
    ...(user ? { user } : {}),
    path: '/dashboard/*',
    initialEntry: path,
    routes: [
      { path: '/sign-in', element: <p>Sign-in page</p> },
      { path: '/', element: <p>Home page</p> },
    ],
  }).router;
}

/** Answers the API by method and path; anything else is a failure of the test. */
function stubApi(handlers: Record<string, (request: Request) => Response>) {
  const calls: Request[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push(request.clone());
    const url = new URL(request.url);
    const handler = handlers[`${request.method} ${url.pathname}`];
    return Promise.resolve(
      handler ? handler(request) : jsonResponse(500, { success: false, message: 'unexpected' }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const months = Array.from({ length: 12 }, (_, i) => ({
  month: `2024-${String(i + 1).padStart(2, '0')}`,
  revenue: i === 11 ? 1234.5 : i * 100,
}));

describe('the dashboard guard', () => {
  it('sends a signed-out visitor to sign in, remembering where they were going', async () => {
    const router = renderDashboard('/dashboard/user-management');
    expect(await screen.findByText('Sign-in page')).toBeVisible();
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/dashboard/user-management' },
    });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a signed-in customer home', async () => {
    renderDashboard('/dashboard', person('customer'));
    expect(await screen.findByText('Home page')).toBeVisible();
  });
});

describe('the summary', () => {
  it('shows the real figures in whole dollars and a chart of twelve months', async () => {
    stubApi({
      'GET /api/v1/dashboard/summary': () =>
        okResponse({
          totalSales: 350000.4,
          monthlyRevenue: 1234.5,
          totalInventory: 45,
          ordersByStatus: { Pending: 3, Ongoing: 2, Completed: 7, Cancelled: 1 },
          revenueByMonth: months,
        }),
    });
    renderDashboard('/dashboard', person('admin'));
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Store Admin!' }),
    ).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Total Sales' })).toHaveTextContent(
      '$350,000',
    );
    expect(screen.getByRole('region', { name: 'Monthly Revenue' })).toHaveTextContent('$1,235');
    expect(screen.getByRole('region', { name: 'Total Inventory' })).toHaveTextContent(
      '45 Bicycles',
    );
    expect(
      screen.getByRole('img', { name: /^Revenue by month, January 2024 to December 2024/ }),
    ).toBeVisible();
    const table = screen.getByRole('table', { name: 'Revenue by month' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('row', { name: 'December 2024 $1,235' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('managing users', () => {
  it('blocks a customer with the spec toasts and never offers to block an admin', async () => {
    const customer = person('customer', { _id: '6f1c1a52-8f0e-4b8a-9d55-3d2f0c8e9a01' });
    let blocked = false;
    const calls = stubApi({
      'GET /api/v1/users': () =>
        pageResponse(
          [
            { ...customer, isBlocked: blocked, orderCount: 2, totalPaid: 1400.49 },
            { ...person('admin'), orderCount: 0, totalPaid: 0 },
          ],
          20,
        ),
      [`PATCH /api/v1/users/${customer._id}/status`]: () => {
        blocked = true;
        return okResponse({ ...customer, isBlocked: true });
      },
    });
    const user = userEvent.setup();
    renderDashboard('/dashboard/user-management', person('admin'));
    const row = (await screen.findByText('ada@example.com')).closest('tr')!;
    expect(within(row).getByText('05 Jan 2024')).toBeVisible();
    const status = () => within(row).getAllByRole('cell')[3];
    expect(status()).toHaveTextContent(/^Active$/);
    expect(screen.getByRole('combobox', { name: 'Action for admin@example.com' })).toBeDisabled();
    // What the customer bought, and a way to their orders.
    expect(within(row).getByRole('link', { name: '2 orders of ada@example.com' })).toHaveAttribute(
      'href',
      '/dashboard/order-management?searchTerm=ada%40example.com',
    );
    expect(within(row).getByText(/\$1,400\.49 paid/)).toBeVisible();

    await user.selectOptions(within(row).getByRole('combobox'), 'Block');
    expect(await screen.findByText('User updated Successfully')).toBeVisible();
    await waitFor(() => expect(status()).toHaveTextContent(/^Blocked$/));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(await patch.json()).toEqual({ isBlocked: true });
  });

  it("says 'No users found!' when the search finds nobody", async () => {
    stubApi({
      'GET /api/v1/users': () => pageResponse([], 20),
    });
    renderDashboard('/dashboard/user-management', person('admin'));
    expect(await screen.findByText('No users found!')).toBeVisible();
  });
});

describe('managing orders', () => {
  it('locks the status of a cancelled order and reports a refused change', async () => {
    const base: Order = {
      _id: '9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
      product: {
        _id: '1a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
        name: 'Contend 3',
        brand: 'Giant',
        price: 289.5,
        imageUrl: null,
      },
      user: {
        _id: '2a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
        name: 'Sam Orders',
        email: 'sam@example.com',
      },
      size: '54 cm',
      quantity: 2,
      totalPrice: 579,
      status: 'Pending',
      paymentStatus: 'Paid',
      transaction: null,
      createdAt: '2024-03-09T12:00:00.000Z',
      updatedAt: '2024-03-09T12:00:00.000Z',
      ...testOrderFulfilment(),
    };
    const cancelled: Order = {
      ...base,
      _id: '8a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
      product: { ...base.product, name: 'ARX 24' },
      size: null,
      status: 'Cancelled',
      paymentStatus: 'Refunded',
    };
    stubApi({
      'GET /api/v1/orders': () => pageResponse([base, cancelled], 20),
      [`PATCH /api/v1/orders/${base._id}/status`]: () =>
        errorResponse(409, 'Not allowed', 'CONFLICT'),
    });
    const user = userEvent.setup();
    renderDashboard('/dashboard/order-management', person('admin'));
    expect(await screen.findByRole('columnheader', { name: 'Bicycle Details' })).toBeVisible();
    const open = screen.getByRole('combobox', {
      name: 'Action for the order of Contend 3 by sam@example.com',
    });
    const locked = screen.getByRole('combobox', {
      name: 'Action for the order of ARX 24 by sam@example.com',
    });
    expect(locked).toBeDisabled();
    expect(open).toBeEnabled();
    expect(open.closest('tr')).toHaveTextContent('Total: $579.00');
    // The size bought shows under the bicycle; a one-size order shows none.
    expect(open.closest('tr')).toHaveTextContent('Brand: GiantName: Contend 3Size: 54 cm');
    expect(locked.closest('tr')).not.toHaveTextContent('Size:');

    await user.selectOptions(open, 'Ongoing');
    expect(await screen.findByText('Failed to update')).toBeVisible();
  });
});
