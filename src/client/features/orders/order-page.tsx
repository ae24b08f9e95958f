import { useId } from 'react';
import { Link, useParams } from 'react-router';
import type { OrderDetail } from '#shared/contract/order.ts';
import { ordersMessages } from '#shared/messages/orders.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { ProductImage } from '#client/components/ui/product-image.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/lib/paths.ts';
import { NotFoundPage } from '#client/features/static-pages/not-found-page.tsx';
import { CancelOrderButton } from './cancel-order.tsx';
import { PaymentBadge, StatusBadge } from './order-badges.tsx';
import { OrderDestination } from './order-destination.tsx';
import { OrderTimeline } from './order-timeline-list.tsx';
import { useOwnOrder } from './orders-api.ts';
import { PayNowButton } from './pay-now-button.tsx';
import { ReviewLink } from './review-link.tsx';

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

const momentFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

function OrderLine({ order }: { order: OrderDetail }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-slate-900">
        Bicycle
      </h2>
      <div className="flex flex-col gap-4 sm:flex-row">
        <ProductImage
          src={order.product.imageUrl}
          alt={`${order.product.brand} ${order.product.name}`}
          fit="contain"
          className="w-full shrink-0 rounded-xl border border-slate-200 sm:w-48"
        />
        <div className="min-w-0">
          <p className="text-sm text-slate-600">{order.product.brand}</p>
          <p className="text-lg font-semibold break-words text-slate-900">{order.product.name}</p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {order.size ? (
              <>
                <dt className="text-slate-600">Size</dt>
                <dd className="font-medium">{order.size}</dd>
              </>
            ) : null}
            <dt className="text-slate-600">Quantity</dt>
            <dd className="font-medium tabular-nums">{order.quantity}</dd>
            <dt className="text-slate-600">Price</dt>
            <dd className="tabular-nums">{formatPrice(order.product.price)}</dd>
            <dt className="text-slate-600">Delivery</dt>
            <dd>Free</dd>
            <dt className="font-semibold text-slate-900">Total</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">
              {formatPrice(order.totalPrice)}
            </dd>
          </dl>
        </div>
      </div>
    </section>
  );
}

function OrderActions({ order }: { order: OrderDetail }) {
  const payable = order.payableUntil !== null;
  // The server cancels only an order no one has moved on yet.
  const cancellable = order.status === 'Pending';
  if (!payable && !cancellable) return null;
  return (
    <div className="mt-5 flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      {payable && order.payableUntil ? (
        <p className="text-sm text-slate-700">
          Not paid yet. You can pay until{' '}
          <time dateTime={order.payableUntil}>
            {momentFormat.format(new Date(order.payableUntil))}
          </time>
          ; after that the order is cancelled.
        </p>
      ) : (
        <p className="text-sm text-slate-700">You can cancel this order until it is on its way.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <PayNowButton order={order} />
        <ReviewLink order={order} />
        {cancellable ? <CancelOrderButton order={order} /> : null}
      </div>
    </div>
  );
}

/** One of the customer's orders: its number, timeline, where it goes, the bicycle and actions. */
export function OrderPage() {
  const { number = '' } = useParams();
  const { data: order, notFound, isLoading, isFetching, refetch } = useOwnOrder(number);

  if (isLoading) {
    return (
      <main className="flex justify-center px-4 py-24">
        <Spinner label="Loading order" className="text-slate-700" />
      </main>
    );
  }
  // Someone else's order, a mistyped number or one that never was: the same page, saying nothing.
  if (notFound) return <NotFoundPage />;
  if (!order) {
    return (
      <main className="mx-auto max-w-4xl px-4 py-10">
        <div role="alert" className="rounded-2xl border border-red-200 bg-white p-6">
          <p className="text-red-700">{ordersMessages.loadFailed}</p>
          <button
            type="button"
            onClick={() => void refetch()}
            className="mt-3 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold"
          >
            Try again
          </button>
        </div>
      </main>
    );
  }

  return (
    <main>
      <div className="mx-auto max-w-5xl px-4 py-10" aria-busy={isFetching}>
        <Link
          to={paths.orders}
          className="text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-ink"
        >
          Back to My Orders
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold break-words text-slate-900">Order {order.number}</h1>
          <PaymentBadge status={order.paymentStatus} />
          <StatusBadge status={order.status} />
        </div>
        <p className="mt-1 text-slate-600">
          Placed on{' '}
          <time dateTime={order.createdAt}>{dayFormat.format(new Date(order.createdAt))}</time>
        </p>
        <OrderActions order={order} />
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-6">
            <OrderLine order={order} />
            <OrderDestination order={order} />
          </div>
          <OrderTimeline order={order} />
        </div>
      </div>
    </main>
  );
}
