import { Link, useParams } from 'react-router';
import type { OrderDetail } from '#shared/contract/order.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { errorStatus } from '#client/lib/api.ts';
import { paths } from '#client/lib/paths.ts';
import { Loading } from '../components/loading.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { useGetAdminOrderQuery } from '../dashboard-api.ts';
import { OrderDestination } from './order-destination.tsx';
import { Facts, Section } from './order-facts.tsx';
import { METHOD_LABEL, STATE_LABEL, formatMoment, packingSlipPath } from './order-labels.ts';
import { OrderMovesPanel } from './order-moves-panel.tsx';
import { OrderTimeline } from './order-timeline.tsx';

const linkClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50';

/** One order for the owner: who, what, where to, what happened, and what to do next. */
export function OrderDetailPage() {
  const { number = '' } = useParams();
  const { data: order, isLoading, error } = useGetAdminOrderQuery(number);
  if (isLoading) return <Loading label="Loading order" padding="py-16" />;
  if (!order) {
    return (
      <div>
        <PageHeading title={`Order ${number}`} />
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          {errorStatus(error) === 404 || errorStatus(error) === 400
            ? 'Order not found.'
            : 'The order could not be loaded. Please try again.'}
        </p>
        <Link to={paths.dashboard.orders} className={`mt-4 inline-block ${linkClass}`}>
          Back to orders
        </Link>
      </div>
    );
  }
  return <OrderView order={order} />;
}

function OrderView({ order }: { order: OrderDetail }) {
  const { fulfilment } = order;
  return (
    <div>
      <PageHeading title={`Order ${order.number}`}>
        Placed {formatMoment(order.createdAt)}
      </PageHeading>
      <div className="mb-6 flex flex-wrap gap-3">
        <Link to={paths.dashboard.orders} className={linkClass}>
          Back to orders
        </Link>
        <Link to={packingSlipPath(order.number)} className={linkClass}>
          Packing slip
        </Link>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Order">
          <Facts
            items={[
              ['Bicycle', `${order.product.brand} ${order.product.name}`],
              ['Size', order.size ?? 'One size'],
              ['Quantity', order.quantity],
              ['Total', formatPrice(order.totalPrice)],
              ['Payment', order.paymentStatus],
              ['Status', order.status],
            ]}
          />
        </Section>
        <Section title="Customer">
          <Facts
            items={[
              ['Name', order.user.name],
              ['Email', order.user.email],
            ]}
          />
        </Section>
        <Section title="Fulfilment">
          <Facts
            items={[
              ['Method', METHOD_LABEL[fulfilment.method ?? 'none']],
              ['State', STATE_LABEL[fulfilment.state]],
              ...(fulfilment.carrier ? [['Carrier', fulfilment.carrier] as [string, string]] : []),
              ...(fulfilment.trackingNumber
                ? [['Tracking number', fulfilment.trackingNumber] as [string, string]]
                : []),
            ]}
          />
          {fulfilment.trackingUrl ? (
            <a
              href={fulfilment.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-block text-sm font-medium text-emerald-800 underline"
            >
              Track the parcel
            </a>
          ) : null}
          <div className="mt-4 text-sm text-slate-800">
            <OrderDestination fulfilment={fulfilment} />
          </div>
        </Section>
        <Section title="Next step">
          <OrderMovesPanel order={order} />
        </Section>
        <Section title="Timeline">
          <OrderTimeline events={order.events} />
        </Section>
      </div>
    </div>
  );
}
