import { useId, useState } from 'react';
import type { Product } from '#shared/contract/product.ts';
import {
  FIT_LABELS,
  REVIEW_FITS,
  type Review,
  type ReviewSort,
  type ReviewSummary,
} from '#shared/contract/review.ts';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { Pager } from '#client/components/ui/pager.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { RatingStars } from './rating-stars.tsx';
import { reviewsJsonLd } from './reviews-json-ld.ts';
import { useGetProductReviewsQuery } from './reviews-api.ts';

const PAGE_SIZE = 5;

const SORTS: { value: ReviewSort; label: string }[] = [
  { value: '-createdAt', label: 'Newest' },
  { value: '-rating', label: 'Highest rating' },
  { value: 'rating', label: 'Lowest rating' },
];

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

function Distribution({ summary }: { summary: ReviewSummary }) {
  return (
    <ul aria-label="Ratings" className="flex flex-col gap-1.5">
      {(['5', '4', '3', '2', '1'] as const).map((star) => {
        const n = summary.distribution[star];
        const share = summary.count > 0 ? Math.round((n / summary.count) * 100) : 0;
        return (
          <li key={star} className="flex items-center gap-2 text-sm text-slate-700">
            <span className="w-14 shrink-0">{star} stars</span>
            <span
              aria-hidden="true"
              className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
            >
              <span className="block h-full bg-amber-500" style={{ width: `${String(share)}%` }} />
            </span>
            <span className="w-8 shrink-0 text-right">{n}</span>
          </li>
        );
      })}
    </ul>
  );
}

function FitSummary({ summary }: { summary: ReviewSummary }) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-bold tracking-wide text-ink uppercase">How the size fits</h3>
      <ul className="flex flex-col gap-1 text-sm text-slate-700">
        {REVIEW_FITS.map((fit) => (
          <li key={fit}>
            {FIT_LABELS[fit]}: <span className="font-semibold text-ink">{summary.fit[fit]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Given by the page's section, so this chunk shares no module with the page's first load. */
type Stars = typeof RatingStars;

function ReviewItem({ review, Stars }: { review: Review; Stars: Stars }) {
  const facts = [
    'Verified purchase',
    ...(review.size ? [`Size ${review.size}`] : []),
    ...(review.riderHeightCm ? [`${String(review.riderHeightCm)} cm`] : []),
    FIT_LABELS[review.fit],
  ];
  return (
    <li className="border-t border-slate-200 py-5">
      <article aria-labelledby={`review-${review._id}`}>
        <p className="flex items-center gap-2 text-sm">
          <Stars value={review.rating} />
          <span className="sr-only">{review.rating} out of 5</span>
        </p>
        <h3 id={`review-${review._id}`} className="mt-1 font-bold break-words text-ink">
          {review.title}
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          {review.user.name} ·{' '}
          <time dateTime={review.createdAt}>{dateFormat.format(new Date(review.createdAt))}</time>
        </p>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm font-semibold text-emerald-800">
          {facts.map((f) => (
            <span key={f}>{f}</span>
          ))}
        </p>
        <p className="mt-2 break-words whitespace-pre-line text-slate-700">{review.body}</p>
      </article>
    </li>
  );
}

/** The reviews of a bicycle: summary, order and size controls, and the list a page at a time. */
export function ReviewsPanel({
  product,
  Stars,
}: {
  product: Pick<Product, '_id' | 'name' | 'sizes'>;
  Stars: Stars;
}) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ReviewSort>('-createdAt');
  const [size, setSize] = useState('');
  const sortId = useId();
  const sizeId = useId();
  const { data, isFetching, isError, refetch } = useGetProductReviewsQuery({
    productId: product._id,
    page,
    limit: PAGE_SIZE,
    sort,
    size: size || undefined,
  });

  if (isError)
    return <LoadFailed message="The reviews could not be loaded." onRetry={() => void refetch()} />;
  if (!data) return <Spinner label="Loading reviews" className="mt-4" />;
  const { summary } = data;
  const sizes = summary.bySize.flatMap((s) => (s.size === null ? [] : [s.size]));

  return (
    <div className="mt-6 flex flex-col gap-6">
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: reviewsJsonLd(product, data.data) }}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <Distribution summary={summary} />
        <FitSummary summary={summary} />
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={sortId} className="block text-sm font-medium text-slate-700">
            Sort reviews
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as ReviewSort);
              setPage(1);
            }}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        {sizes.length > 0 ? (
          <div>
            <label htmlFor={sizeId} className="block text-sm font-medium text-slate-700">
              Size
            </label>
            <select
              id={sizeId}
              value={size}
              onChange={(e) => {
                setSize(e.target.value);
                setPage(1);
              }}
              className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              <option value="">All sizes</option>
              {sizes.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {isFetching ? <Spinner label="Loading reviews" /> : null}
      </div>
      {data.data.length === 0 ? (
        <p className="text-slate-600">No reviews for this size yet.</p>
      ) : (
        <ul aria-label="Reviews from verified buyers">
          {data.data.map((r) => (
            <ReviewItem key={r._id} review={r} Stars={Stars} />
          ))}
        </ul>
      )}
      <Pager
        page={data.meta.page}
        totalPages={data.meta.totalPages}
        total={data.meta.total}
        onPageChange={setPage}
        label="Review pages"
      />
    </div>
  );
}
