import { Link, useParams } from 'react-router';
import type { OrderDetail } from '#shared/contract/order.ts';
import { Loading } from '../components/loading.tsx';
import { useGetAdminOrderQuery } from '../dashboard-api.ts';
import { formatDay } from '../format.ts';
import { dashboardOrderPath } from './order-labels.ts';
import { OrderDestination } from './order-destination.tsx';

/*
 * No page size: the printer's own paper (A4 or Letter) is used, and the slip is short enough for
 * either with these margins.
 */
const printRules = '@page { margin: 14mm; }';

const cellClass = 'border border-slate-400 px-3 py-2 text-left';

/** The packing slip of one order, on its own page so that only the slip is printed. */
export function PackingSlipPage() {
  const { number = '' } = useParams();
  const { data: order, isLoading } = useGetAdminOrderQuery(number);
  return (
    <main className="mx-auto max-w-3xl bg-white px-4 py-6 text-slate-900 md:px-8 print:max-w-none print:p-0">
      <style>{printRules}</style>
      <div className="mb-6 flex flex-wrap gap-3 print:hidden">
        <Link
          to={dashboardOrderPath(number)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Back to the order
        </Link>
        {order ? (
          <button
            type="button"
            onClick={() => window.print()}
            className="rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
          >
            Print
          </button>
        ) : null}
      </div>
      {isLoading ? (
        <Loading label="Loading packing slip" padding="py-16" />
      ) : order ? (
        <Slip order={order} />
      ) : (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          Order not found.
        </p>
      )}
    </main>
  );
}

function Slip({ order }: { order: OrderDetail }) {
  return (
    <article aria-label="Packing slip" className="break-inside-avoid">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-slate-900 pb-4">
        <div>
          <p className="text-sm font-semibold tracking-wide uppercase">Bi-Cycle Store</p>
          <h1 className="text-2xl font-bold">Packing slip</h1>
        </div>
        <div className="text-right">
          <h2 className="text-2xl font-bold tabular-nums">
            <span className="sr-only">Order </span>
            {order.number}
          </h2>
          <p className="text-sm">Ordered {formatDay(order.createdAt)}</p>
        </div>
      </header>
      <div className="mt-6 grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        <section aria-label="Customer">
          <h2 className="mb-1 text-sm font-semibold tracking-wide uppercase">Customer</h2>
          <p className="font-medium">{order.user.name}</p>
          <p className="wrap-anywhere">{order.user.email}</p>
        </section>
        <section aria-label="Destination">
          <h2 className="mb-1 text-sm font-semibold tracking-wide uppercase">
            {order.fulfilment.method === 'collect' ? 'Collect in store' : 'Ship to'}
          </h2>
          <OrderDestination fulfilment={order.fulfilment} />
        </section>
      </div>
      <table className="mt-8 w-full border-collapse text-sm">
        <caption className="sr-only">Items</caption>
        <thead>
          <tr>
            <th scope="col" className={cellClass}>
              Bicycle
            </th>
            <th scope="col" className={cellClass}>
              Size
            </th>
            <th scope="col" className={cellClass}>
              Quantity
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className={cellClass}>
              {order.product.brand} {order.product.name}
            </td>
            <td className={cellClass}>{order.size ?? 'One size'}</td>
            <td className={`${cellClass} tabular-nums`}>{order.quantity}</td>
          </tr>
        </tbody>
      </table>
      <p className="mt-10 text-sm">Packed by: ____________________ Date: ____________</p>
    </article>
  );
}
