import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxMail, WaitingRiders } from '#shared/contract/mail.ts';
import { renderWithStore, testAdmin } from '#client/test/testing.tsx';
import { SummaryPage } from './summary-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function ok(data: unknown): Response {
  return new Response(JSON.stringify({ success: true, message: 'ok', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

const failure = () =>
  new Response(JSON.stringify({ success: false, message: 'Something went wrong', code: 'X' }), {
    status: 500,
    headers: { 'content-type': 'application/json' },
  });

const summary = {
  totalSales: 0,
  monthlyRevenue: 0,
  totalInventory: 3,
  ordersByStatus: { Pending: 0, Ongoing: 0, Completed: 0, Cancelled: 0 },
  revenueByMonth: Array.from({ length: 12 }, (_, i) => ({
    month: `2024-${String(i + 1).padStart(2, '0')}`,
    revenue: 0,
  })),
};

/** Answers the summary page's three calls; the test decides the riders and the mails. */
function stubApi(answers: { riders: () => Response; mails: () => Response }) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      calls.push(url);
      const route: Record<string, () => Response> = {
        '/api/v1/dashboard/summary': () => ok(summary),
        '/api/v1/dashboard/stock-alerts': answers.riders,
        '/api/v1/dashboard/mail': answers.mails,
      };
      return Promise.resolve((route[url.pathname] ?? failure)());
    }),
  );
  return calls;
}

function renderSummary() {
  renderWithStore(<SummaryPage />, { user: testAdmin() });
}

const bikeId = '1a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const riders: WaitingRiders[] = [
  { productId: bikeId, name: 'Contend 3', brand: 'Giant', size: 'M', waiting: 4 },
  { productId: bikeId, name: 'Contend 3', brand: 'Giant', size: 'L', waiting: 2 },
  {
    productId: '2a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
    name: 'ARX 24',
    brand: 'Frog',
    size: null,
    waiting: 1,
  },
];

const failedMail: OutboxMail = {
  _id: '3a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  to: 'ada@example.com',
  kind: 'password-reset',
  subject: null,
  status: 'failed',
  attempts: 5,
  lastError: 'connect ECONNREFUSED 127.0.0.1:25',
  nextAttemptAt: '2024-03-02T10:05:00.000Z',
  sentAt: null,
  createdAt: '2024-03-02T10:00:00.000Z',
};

describe('riders waiting for a restock', () => {
  it('lists each bicycle and size, "Any" for the bicycle as a whole', async () => {
    const consoleError = vi.spyOn(console, 'error');
    stubApi({ riders: () => ok(riders), mails: () => ok([]) });
    renderSummary();
    const table = await screen.findByRole('table', {
      name: 'Riders waiting for each sold-out bicycle and size',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'BicycleSizeWaiting',
      'Giant Contend 3M4',
      'Giant Contend 3L2',
      'Frog ARX 24Any1',
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Size' })).toBeInTheDocument();
    // Two sizes of one bicycle are two rows, not one key twice.
    const warnings = consoleError.mock.calls.map((args) => args.map(String).join(' '));
    expect(warnings.filter((text) => text.includes('same key'))).toEqual([]);
  });

  it('says nobody is waiting when nobody is', async () => {
    stubApi({ riders: () => ok([]), mails: () => ok([]) });
    renderSummary();
    expect(await screen.findByText('Nobody is waiting for a sold-out bicycle.')).toBeVisible();
  });

  it('says the riders could not be loaded rather than that nobody is waiting', async () => {
    stubApi({ riders: failure, mails: () => ok([]) });
    renderSummary();
    expect(
      await screen.findByText('The waiting riders could not be loaded. Please try again.'),
    ).toBeVisible();
    expect(screen.queryByText('Nobody is waiting for a sold-out bicycle.')).not.toBeInTheDocument();
  });
});

describe('mails that could not be sent', () => {
  it('lists the failed mails: recipient, what it was, attempts, last error and when', async () => {
    const calls = stubApi({
      riders: () => ok([]),
      mails: () =>
        ok([
          failedMail,
          {
            ...failedMail,
            _id: '4a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
            to: 'sam@example.com',
            kind: 'order-paid',
            attempts: 3,
            lastError: null,
          },
        ]),
    });
    renderSummary();
    const section = await screen.findByRole('region', { name: 'Mails that could not be sent' });
    const table = await within(section).findByRole('table', {
      name: 'Mails that could not be sent',
    });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('ada@example.com');
    expect(first).toHaveTextContent('Password reset');
    expect(first).toHaveTextContent('5');
    expect(first).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:25');
    expect(first).toHaveTextContent('02 Mar 2024');
    expect(within(first!).getByText(/02 Mar 2024/)).toHaveAttribute(
      'datetime',
      '2024-03-02T10:00:00.000Z',
    );
    expect(second).toHaveTextContent('sam@example.com');
    expect(second).toHaveTextContent('Order paid');
    expect(second).toHaveTextContent('Unknown');
    // The same mails as cards for narrow screens (CSS shows one or the other).
    const cards = within(section).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Toada@example.com');
    expect(calls.find((url) => url.pathname === '/api/v1/dashboard/mail')?.search).toBe(
      '?status=failed',
    );
  });

  it('says "No failed mails." when the outbox has none', async () => {
    stubApi({ riders: () => ok([]), mails: () => ok([]) });
    renderSummary();
    expect(await screen.findByText('No failed mails.')).toBeVisible();
  });

  it('says the list could not be loaded rather than that all is well', async () => {
    stubApi({ riders: () => ok([]), mails: failure });
    renderSummary();
    expect(
      await screen.findByText('The failed mails could not be loaded. Please try again.'),
    ).toBeVisible();
    expect(screen.queryByText('No failed mails.')).not.toBeInTheDocument();
  });
});
