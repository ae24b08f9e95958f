import { TableHead } from '#client/components/ui/table.tsx';
import { Link, useSearchParams } from 'react-router';
import type { Order } from '#shared/contract/order.ts';
import { ordersMessages } from '#shared/messages/orders.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { Pager } from '#client/components/ui/pager.tsx';
import { ProductImage } from '#client/components/ui/product-image.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { PaymentBadge, StatusBadge } from './order-badges.tsx';
import { OrderSize } from './order-size.tsx';
import { CancelOrderButton } from './cancel-order.tsx';
import { requestedOrdersPage, useGetMyOrdersQuery } from './orders-api.ts';
import { PayNowButton } from './pay-now-button.tsx';
import { ReviewLink } from './review-link.tsx';
import { orderPath, paths } from '#client/lib/paths.ts';

const orderDate = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});

/** The ordered bicycle: its picture, brand, name and size. */
function OrderProduct({
  order,
  imageSize,
  textClassName,
}: {
  order: Order;
  imageSize: string;
  textClassName?: string;
}) {
  return (
    <div className="flex items-center gap-3">
      <ProductImage
        src={order.product.imageUrl}
        alt=""
        fit="contain"
        className={`${imageSize} shrink-0 rounded-lg border border-slate-200`}
      />
      <div className={textClassName}>
        <p className="text-xs text-slate-500">{order.product.brand}</p>
        <p className="font-semibold text-slate-900">{order.product.name}</p>
        <OrderSize order={order} />
        <p className="text-xs text-slate-600 tabular-nums">
          Order{' '}
          <Link
            to={orderPath(order.number)}
            className="font-semibold text-brand-800 underline underline-offset-2 hover:text-ink"
          >
            {order.number}
          </Link>
        </p>
      </div>
    </div>
  );
}

function OrdersTable({ orders }: { orders: Order[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
      <table className="w-full text-left text-sm">
        <TableHead
          className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase"
          cellClassName="px-4 py-3 font-semibold"
          columns={[
            'Product',
            'Quantity',
            'Total',
            'Date',
            'Payment',
            'Status',
            {
              label: <span className="sr-only">Actions</span>,
              className: 'px-4 py-3 font-semibold',
            },
          ]}
        />
        <tbody className="divide-y divide-slate-100">
          {orders.map((order) => (
            <tr key={order._id}>
              <td className="px-4 py-3">
                <OrderProduct order={order} imageSize="h-14 w-14" />
              </td>
              <td className="px-4 py-3 tabular-nums">{order.quantity}</td>
              <td className="px-4 py-3 font-semibold tabular-nums">
                {formatPrice(order.totalPrice)}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                {orderDate.format(new Date(order.createdAt))}
              </td>
              <td className="px-4 py-3">
                <PaymentBadge status={order.paymentStatus} />
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={order.status} />
              </td>
              <td className="px-4 py-3 text-right">
                <div className="flex justify-end gap-2">
                  <PayNowButton order={order} />
                  <ReviewLink order={order} />
                  {order.status === 'Cancelled' ? null : <CancelOrderButton order={order} />}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderCards({ orders }: { orders: Order[] }) {
  return (
    <ul className="flex flex-col gap-4 md:hidden">
      {orders.map((order) => (
        <li key={order._id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <OrderProduct order={order} imageSize="h-16 w-16" textClassName="min-w-0" />
          <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-500">Quantity</dt>
            <dd className="text-right tabular-nums">{order.quantity}</dd>
            <dt className="text-slate-500">Total</dt>
            <dd className="text-right font-semibold tabular-nums">
              {formatPrice(order.totalPrice)}
            </dd>
            <dt className="text-slate-500">Date</dt>
            <dd className="text-right">{orderDate.format(new Date(order.createdAt))}</dd>
            <dt className="text-slate-500">Payment</dt>
            <dd className="text-right">
              <PaymentBadge status={order.paymentStatus} />
            </dd>
            <dt className="text-slate-500">Status</dt>
            <dd className="text-right">
              <StatusBadge status={order.status} />
            </dd>
          </dl>
          {order.status === 'Cancelled' ? null : (
            <div className="mt-4 flex justify-end gap-2">
              <PayNowButton order={order} />
              <ReviewLink order={order} />
              <CancelOrderButton order={order} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

export function MyOrdersPage() {
  const [params, setParams] = useSearchParams();
  const page = requestedOrdersPage(params);
  // Orders placed or paid on another device or tab while this page stayed open show on return.
  const { data, isLoading, isError, isFetching } = useGetMyOrdersQuery(
    { page },
    { refetchOnFocus: true },
  );
  const orders = data?.data ?? [];
  const totalPages = data?.meta.totalPages ?? 1;

  return (
    <main>
      <div className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-3xl font-bold text-slate-900">My Orders</h1>
        <div className="mt-8" aria-busy={isFetching}>
          {isLoading ? (
            <div className="flex justify-center py-16">
              <Spinner label="Loading orders" className="text-slate-700" />
            </div>
          ) : isError ? (
            <p role="alert" className="rounded-2xl border border-red-200 bg-white p-6 text-red-700">
              Your orders could not be loaded. Please try again.
            </p>
          ) : orders.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
              <p className="text-lg text-slate-700">{ordersMessages.empty}</p>
              <Link
                to={paths.shop}
                className="mt-5 inline-flex rounded-lg bg-slate-900 px-5 py-2.5 font-semibold text-white hover:bg-slate-700"
              >
                Shop bicycles
              </Link>
            </div>
          ) : (
            <>
              <OrdersTable orders={orders} />
              <OrderCards orders={orders} />
              <Pager
                page={page}
                totalPages={totalPages}
                label="Order pages"
                onPageChange={(next) => {
                  setParams(next === 1 ? {} : { page: String(next) });
                }}
              />
            </>
          )}
        </div>
      </div>
    </main>
  );
}
