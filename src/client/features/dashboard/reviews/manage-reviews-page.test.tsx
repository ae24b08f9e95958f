import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReview } from '#shared/contract/review.ts';
import { jsonResponse, renderWithStore, stubFetch, testAdmin } from '#client/test/testing.tsx';
import { DashboardApp } from '../dashboard-app.tsx';

function review(n: number, overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    _id: `00000000-0000-4000-8000-00000000000${String(n)}`,
    product: '00000000-0000-4000-8000-000000000099',
    productName: 'Marlin 5',
    productSlug: 'trek-marlin-5',
    user: { name: `Rider ${String(n)}` },
    orderNumber: `BC-10000${String(n)}`,
    size: 'M',
    riderHeightCm: 175,
    rating: 4,
    title: `Review ${String(n)}`,
    body: 'Rides well.',
    fit: 'true',
    createdAt: '2026-11-20T10:00:00.000Z',
    hidden: false,
    hiddenReason: null,
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the owner's list of reviews", () => {
  it('marks hidden reviews and hides another with a reason', async () => {
    const patches: unknown[] = [];
    stubFetch(async (request) => {
      if (!new URL(request.url).pathname.startsWith('/api/v1/reviews'))
        return jsonResponse(404, {});
      if (request.method === 'PATCH') {
        patches.push(await request.json());
        return jsonResponse(200, {
          success: true,
          message: 'ok',
          data: review(1, { hidden: true }),
        });
      }
      return jsonResponse(200, {
        success: true,
        message: 'ok',
        data: [review(1), review(2, { hidden: true, hiddenReason: 'Advertising' })],
        meta: { page: 1, limit: 20, total: 2, totalPages: 1 },
      });
    });
    renderWithStore(<DashboardApp />, {
      user: testAdmin(),
      path: '/dashboard/*',
      initialEntry: '/dashboard/reviews',
    });

    const hiddenRow = (await screen.findByText('Review 2')).closest('tr');
    expect(hiddenRow).not.toBeNull();
    expect(within(hiddenRow as HTMLElement).getByText('Hidden')).toBeInTheDocument();
    expect(within(hiddenRow as HTMLElement).getByText('Advertising')).toBeInTheDocument();
    expect(
      within(hiddenRow as HTMLElement).getByRole('button', { name: 'Show again' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Hide review “Review 1”' }));
    await userEvent.click(screen.getByRole('button', { name: 'Hide review' }));
    expect(patches).toEqual([]);
    await userEvent.type(screen.getByLabelText('Reason for hiding'), 'Off topic');
    await userEvent.click(screen.getByRole('button', { name: 'Hide review' }));
    await vi.waitFor(() => {
      expect(patches).toEqual([{ hidden: true, reason: 'Off topic' }]);
    });
  });
});
