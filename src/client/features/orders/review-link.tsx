import { Link } from 'react-router';
import type { Order } from '#shared/contract/order.ts';
import { orderReviewPath } from '#client/lib/paths.ts';

/** A completed order invites its rider to review the bicycle. */
export function ReviewLink({ order }: { order: Pick<Order, 'number' | 'status'> }) {
  if (order.status !== 'Completed') return null;
  return (
    <Link
      to={orderReviewPath(order.number)}
      className="inline-flex items-center justify-center rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
    >
      Write a review
    </Link>
  );
}
