import { useId, useState, type SyntheticEvent } from 'react';
import { toast } from '#client/components/ui/toast.ts';
import type { AdminReview } from '#shared/contract/review.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { productPath } from '#client/lib/paths.ts';
import {
  useGetAllReviewsQuery,
  useModerateReviewMutation,
} from '#client/features/reviews/reviews-api.ts';
import { useListPage } from '../components/list-page.ts';
import { AdminTable } from '../components/admin-table.tsx';
import { tdClass } from '../components/table.ts';
import { formatDay } from '../format.ts';

const actionClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

/** Hide (with the reason the shop keeps) or show again. */
function ReviewAction({ review }: { review: AdminReview }) {
  const [moderate, { isLoading }] = useModerateReviewMutation();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();

  const send = async (hidden: boolean) => {
    const id = toast.loading(hidden ? 'Hiding the review' : 'Showing the review');
    try {
      await moderate({ id: review._id, body: hidden ? { hidden, reason } : { hidden } }).unwrap();
      toast.success(hidden ? 'Review hidden' : 'Review shown', { id });
      setAsking(false);
      setReason('');
    } catch (error) {
      toast.error(errorMessage(error) ?? 'The review could not be changed.', { id });
    }
  };

  if (review.hidden)
    return (
      <button
        type="button"
        className={actionClass}
        disabled={isLoading}
        onClick={() => void send(false)}
      >
        Show again
      </button>
    );
  if (!asking)
    return (
      <button
        type="button"
        className={actionClass}
        aria-label={`Hide review “${review.title}”`}
        onClick={() => {
          setAsking(true);
        }}
      >
        Hide
      </button>
    );
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      toast.error('Say why the review is hidden');
      return;
    }
    void send(true);
  };
  return (
    <form onSubmit={onSubmit} className="flex min-w-48 flex-col gap-2">
      <label htmlFor={reasonId} className="text-xs font-semibold text-slate-700">
        Reason for hiding
      </label>
      <input
        id={reasonId}
        value={reason}
        maxLength={500}
        onChange={(e) => {
          setReason(e.target.value);
        }}
        className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
      />
      <div className="flex gap-2">
        <button type="submit" className={actionClass} disabled={isLoading}>
          Hide review
        </button>
        <button
          type="button"
          className={actionClass}
          onClick={() => {
            setAsking(false);
          }}
        >
          Keep
        </button>
      </div>
    </form>
  );
}

function ReviewRow({ review }: { review: AdminReview }) {
  return (
    <tr className="hover:bg-slate-50">
      <td className={`${tdClass} whitespace-nowrap`}>{formatDay(review.createdAt)}</td>
      <td className={tdClass}>
        <a
          href={productPath({ slug: review.productSlug })}
          className="font-medium text-slate-900 underline"
        >
          {review.productName}
        </a>
        <div className="text-xs text-slate-500">
          {review.orderNumber}
          {review.size ? ` · size ${review.size}` : ''}
        </div>
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>{review.rating} / 5</td>
      <td className={`${tdClass} max-w-md`}>
        <p className="font-semibold break-words text-slate-900">{review.title}</p>
        <p className="line-clamp-3 break-words">{review.body}</p>
        <p className="mt-1 text-xs text-slate-500">{review.user.name}</p>
      </td>
      <td className={tdClass}>
        {review.hidden ? (
          <>
            <Badge tone="red">Hidden</Badge>
            {review.hiddenReason ? (
              <p className="mt-1 text-xs break-words text-slate-600">{review.hiddenReason}</p>
            ) : null}
          </>
        ) : (
          <Badge tone="green">Shown</Badge>
        )}
      </td>
      <td className={tdClass}>
        <ReviewAction review={review} />
      </td>
    </tr>
  );
}

/** Every review, newest first; the owner hides one with a reason, or shows it again. */
export function ManageReviewsPage() {
  const { page, setPage } = useListPage();
  const result = useGetAllReviewsQuery({ page });
  return (
    <AdminTable
      title="Reviews"
      noun="reviews"
      emptyText="No reviews yet."
      columns={['Date', 'Bicycle', 'Rating', 'Review', 'Status', 'Action']}
      result={result}
      renderRow={(review) => <ReviewRow key={review._id} review={review} />}
      onPage={setPage}
    />
  );
}
