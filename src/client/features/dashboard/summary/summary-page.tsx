import { Panel } from './panel.tsx';
import { Loading } from '../components/loading.tsx';
import bikeIcon from 'lucide-react/icons/bike';
import calendarDaysIcon from 'lucide-react/icons/calendar-days';
import dollarSignIcon from 'lucide-react/icons/dollar-sign';
import { Icon, type IconNode } from '#client/components/ui/icon.tsx';
import { ORDER_STATUSES, type OrderStatus } from '#shared/contract/order.ts';
import { formatWholeDollars } from '#shared/rules/money.ts';
import { useAppSelector } from '#client/lib/hooks.ts';
import { selectCurrentUser } from '#client/lib/session.ts';
import { PageHeading } from '../components/page-heading.tsx';
import { useGetDashboardSummaryQuery } from '../dashboard-api.ts';
import { FailedMails } from './failed-mails.tsx';
import { RevenueChart } from './revenue-chart.tsx';
import { WaitingRiders } from './waiting-riders.tsx';

const STATUS_DOT: Record<OrderStatus, string> = {
  Pending: 'bg-blue-500',
  Ongoing: 'bg-yellow-400',
  Completed: 'bg-green-500',
  Cancelled: 'bg-red-500',
};

function SummaryCard({
  title,
  value,
  icon,
  note,
}: {
  title: string;
  value: string;
  icon: IconNode;
  note: string;
}) {
  return (
    <section
      aria-label={title}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-sm font-medium text-slate-500">{title}</h2>
          <p className="mt-2 truncate text-2xl font-bold text-slate-900 md:text-3xl">{value}</p>
        </div>
        <span className="rounded-lg bg-emerald-50 p-2.5 text-emerald-600">
          <Icon node={icon} className="h-6 w-6" />
        </span>
      </div>
      <p className="mt-3 text-xs text-slate-500">{note}</p>
    </section>
  );
}

/**
 * The store at a glance: sales, this month's revenue, stock, orders, the last 12 months, and what
 * needs the admin: riders waiting for a restock and mails that could not be sent.
 */
export function SummaryPage() {
  const user = useAppSelector(selectCurrentUser);
  const { data, isLoading, isError } = useGetDashboardSummaryQuery(undefined);

  return (
    <div>
      <PageHeading title={`Welcome back, ${user?.name ?? 'Admin'}!`}>
        Here is how Bi-Cycle Store is doing today.
      </PageHeading>
      {isLoading ? (
        <Loading label="Loading summary" padding="py-16" />
      ) : isError || !data ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          The figures could not be loaded. Please try again.
        </p>
      ) : (
        <div className="space-y-6">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <SummaryCard
              title="Total Sales"
              value={formatWholeDollars(data.totalSales)}
              icon={dollarSignIcon}
              note="Paid orders, refunds excluded"
            />
            <SummaryCard
              title="Monthly Revenue"
              value={formatWholeDollars(data.monthlyRevenue)}
              icon={calendarDaysIcon}
              note="Paid orders this calendar month"
            />
            <SummaryCard
              title="Total Inventory"
              value={`${String(data.totalInventory)} Bicycles`}
              icon={bikeIcon}
              note="Units in stock across the catalog"
            />
          </div>
          <div className="grid gap-6 lg:grid-cols-3">
            <Panel headingId="revenue-heading" title="Revenue by month" className="lg:col-span-2">
              <p className="mb-4 text-sm text-slate-500">The last 12 months, paid orders</p>
              <RevenueChart months={data.revenueByMonth} />
            </Panel>
            <Panel headingId="orders-heading" title="Orders by status">
              <dl className="mt-4 divide-y divide-slate-100">
                {ORDER_STATUSES.map((status) => (
                  <div key={status} className="flex items-center justify-between py-3">
                    <dt className="flex items-center gap-2 text-sm text-slate-600">
                      <span
                        aria-hidden="true"
                        className={`h-2.5 w-2.5 rounded-full ${STATUS_DOT[status]}`}
                      />
                      {status}
                    </dt>
                    <dd className="text-lg font-semibold text-slate-900">
                      {data.ordersByStatus[status]}
                    </dd>
                  </div>
                ))}
              </dl>
            </Panel>
          </div>
          <WaitingRiders />
          <FailedMails />
        </div>
      )}
    </div>
  );
}
