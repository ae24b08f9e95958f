import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Review, ReviewSummary } from '#shared/contract/review.ts';
import { jsonResponse, renderWithStore, stubFetch, testProduct } from '#client/test/testing.tsx';
import { ProductReviews } from './product-reviews.tsx';
import { RiderSizeAdvice } from './rider-size-advice.tsx';

const summary: ReviewSummary = {
  average: 4.3,
  count: 3,
  distribution: { '1': 0, '2': 0, '3': 1, '4': 0, '5': 2 },
  fit: { small: 1, true: 2, large: 0 },
  bySize: [
    {
      size: 'M',
      count: 2,
      fit: { small: 0, true: 2, large: 0 },
      riderHeightCm: { min: 172, max: 178 },
    },
    {
      size: 'L',
      count: 1,
      fit: { small: 1, true: 0, large: 0 },
      riderHeightCm: { min: 185, max: 185 },
    },
  ],
};

function review(n: number, overrides: Partial<Review> = {}): Review {
  return {
    _id: `00000000-0000-4000-8000-00000000000${String(n)}`,
    product: testProduct()._id,
    user: { name: `Rider ${String(n)}` },
    orderNumber: `BC-10000${String(n)}`,
    size: 'M',
    riderHeightCm: 175,
    rating: 5,
    title: `Review ${String(n)}`,
    body: 'Rides well.',
    fit: 'true',
    createdAt: '2026-11-20T10:00:00.000Z',
    hidden: false,
    ...overrides,
  };
}

/** The reviews endpoint, answering `pages` by the page asked for; records each request. */
function reviewsApi(pages: Review[][]) {
  return stubFetch((request) => {
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('page') ?? 1);
    return jsonResponse(200, {
      success: true,
      message: 'ok',
      data: pages[page - 1] ?? [],
      meta: { page, limit: 5, total: pages.flat().length, totalPages: pages.length },
      summary,
    });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the reviews of a product page', () => {
  const product = testProduct({ rating: { average: 4.3, count: 3 } });

  it('shows the average at once and loads the list only when asked', async () => {
    const api = reviewsApi([
      [review(1, { body: '<b>bold</b> & fine' }), review(2, { size: null, riderHeightCm: null })],
    ]);
    renderWithStore(<ProductReviews product={product} />);
    expect(screen.getByText('4.3 out of 5')).toBeInTheDocument();
    expect(screen.getByText(/3 reviews from verified buyers/)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Read the reviews' }));
    const list = await screen.findByRole('list', { name: 'Reviews from verified buyers' });
    const first = within(list).getByRole('article', { name: 'Review 1' });
    expect(within(first).getByText('Verified purchase')).toBeInTheDocument();
    expect(within(first).getByText('Size M')).toBeInTheDocument();
    expect(within(first).getByText('175 cm')).toBeInTheDocument();
    // Markup in a review is shown as its characters.
    expect(within(first).getByText('<b>bold</b> & fine')).toBeInTheDocument();
    expect(within(list).getByRole('article', { name: 'Review 2' })).not.toHaveTextContent('Size');
    expect(screen.getByText('True to size:').parentElement).toHaveTextContent('True to size: 2');
    expect(
      within(screen.getByRole('list', { name: 'Ratings' })).getAllByRole('listitem')[0],
    ).toHaveTextContent('5 stars2');
  });

  it('asks the API again for another order, size and page', async () => {
    const api = reviewsApi([[review(1)], [review(2)]]);
    renderWithStore(<ProductReviews product={product} />);
    await userEvent.click(screen.getByRole('button', { name: 'Read the reviews' }));
    await screen.findByRole('article', { name: 'Review 1' });

    await userEvent.selectOptions(screen.getByLabelText('Sort reviews'), 'Lowest rating');
    await userEvent.selectOptions(screen.getByLabelText('Size'), 'L');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByRole('article', { name: 'Review 2' });
    const last = new URL((api.mock.calls.at(-1)?.[0] as Request).url);
    expect(Object.fromEntries(last.searchParams)).toMatchObject({
      sort: 'rating',
      size: 'L',
      page: '2',
    });
  });

  it('says there are none yet, and loads nothing, for a bicycle without reviews', () => {
    const api = reviewsApi([]);
    renderWithStore(<ProductReviews product={testProduct({ rating: null })} />);
    expect(screen.getByText(/No reviews yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Read the reviews' })).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });
});

describe('size advice from riders', () => {
  it('says what riders of the shopper’s height chose and how it fitted', async () => {
    reviewsApi([[review(1)]]);
    renderWithStore(
      <RiderSizeAdvice
        product={testProduct({ rating: { average: 4.3, count: 3 } })}
        heightCm={176}
      />,
    );
    expect(
      await screen.findByText('Riders 172-178 cm: 2 chose M; 2 of 2 say true to size'),
    ).toBeInTheDocument();
  });

  it('stays quiet with fewer than three reviews or no height, without asking the API', () => {
    const api = reviewsApi([[review(1)]]);
    const { unmount } = renderWithStore(
      <RiderSizeAdvice
        product={testProduct({ rating: { average: 5, count: 2 } })}
        heightCm={176}
      />,
    );
    unmount();
    renderWithStore(
      <RiderSizeAdvice
        product={testProduct({ rating: { average: 5, count: 9 } })}
        heightCm={null}
      />,
    );
    expect(api).not.toHaveBeenCalled();
  });
});
