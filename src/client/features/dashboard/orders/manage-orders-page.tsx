import { Link, useSearchParams } from 'react-router';
import { toast } from '#client/components/ui/toast.ts';
import { Options } from '../components/options.tsx';
import { ORDER_STATUSES, type Order, type OrderStatus } from '#shared/contract/order.ts';
import { adminMessages } from '#shared/messages/admin.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { AdminTable } from '../components/admin-table.tsx';
import { selectClass, tdClass } from '../components/table.ts';
import { useGetAdminOrdersQuery, useSetAdminOrderStatusMutation } from '../dashboard-api.ts';
import { formatOrderTime } from '../format.ts';
import { OrderFiltersBar } from './order-filters-bar.tsx';
import { readOrdersView, withPage } from './order-filters.ts';
import { dashboardOrderPath } from './order-labels.ts';

const LIMIT = 20;

const STATUS_TONE: Record<OrderStatus, BadgeTone> = {
  Pending: 'blue',
  Completed: 'green',
  Ongoing: 'amber',
  Cancelled: 'red',
};

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

function OrderRow({ order }: { order: Order }) {
  const [setStatus, { isLoading }] = useSetAdminOrderStatusMutation();
  const { time, date } = formatOrderTime(order.createdAt);

  async function change(value: string) {
    if (!isOrderStatus(value) || value === order.status) return;
    const id = toast.loading(adminMessages.updatingOrderStatus);
    try {
      await setStatus({ orderId: order._id, status: value }).unwrap();
      toast.success(adminMessages.orderUpdated, { id });
    } catch {
      toast.error(adminMessages.updateFailed, { id });
    }
  }

  return (
    <tr className="hover:bg-slate-50">
      <td className={`${tdClass} whitespace-nowrap`}>
        <Link
          to={dashboardOrderPath(order.number)}
          className="mb-1 block font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-950"
        >
          {order.number}
        </Link>
        <span className="block font-medium text-slate-900">{time}</span>
        <span className="block text-xs text-slate-500">{date}</span>
      </td>
      <td className={tdClass}>
        <span className="block">
          <span className="text-slate-500">Brand: </span>
          {order.product.brand}
        </span>
        <span className="block">
          <span className="text-slate-500">Name: </span>
          {order.product.name}
        </span>
        {/* A one-size order has no size to show. */}
        {order.size ? (
          <span className="block">
            <span className="text-slate-500">Size: </span>
            {order.size}
          </span>
        ) : null}
      </td>
      {/* The address breaks where it must: kept on one line it pushed Action off a 1280 px
          screen. The minimum width keeps its lines readable where the table is squeezed. */}
      <td className={`${tdClass} min-w-40`}>
        <span className="block font-medium text-slate-900">{order.user.name}</span>
        <span className="block text-xs wrap-anywhere text-slate-500">{order.user.email}</span>
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>
        <span className="block">
          <span className="text-slate-500">Quantity: </span>
          {order.quantity}
        </span>
        <span className="block">
          <span className="text-slate-500">Total: </span>
          {formatPrice(order.totalPrice)}
        </span>
      </td>
      <td className={tdClass}>
        <Badge tone={order.paymentStatus === 'Pending' ? 'red' : 'green'}>
          {order.paymentStatus}
        </Badge>
      </td>
      <td className={tdClass}>
        <Badge tone={STATUS_TONE[order.status]}>{order.status}</Badge>
      </td>
      <td className={tdClass}>
        <select
          aria-label={`Action for the order of ${order.product.name} by ${order.user.email}`}
          value={order.status}
          disabled={order.status === 'Cancelled' || isLoading}
          onChange={(e) => void change(e.target.value)}
          className={`${selectClass} w-[120px]`}
        >
          <Options values={ORDER_STATUSES} />
        </select>
      </td>
    </tr>
  );
}

/**
 * The spec's orders table, narrowed by the search (number, customer or bicycle) and the filters,
 * all kept in the address.
 */
export function ManageOrdersPage() {
  const [params, setParams] = useSearchParams();
  const view = readOrdersView(params);
  const result = useGetAdminOrdersQuery({
    page: view.page,
    limit: LIMIT,
    searchTerm: view.searchTerm,
    ...view.filters,
  });
  return (
    <AdminTable
      title="Manage Orders"
      noun="orders"
      emptyText={adminMessages.noOrders}
      columns={[
        'Order Time',
        'Bicycle Details',
        'Customer Info',
        'Order Details',
        'Payment',
        'Order Status',
        'Action',
      ]}
      result={result}
      toolbar={<OrderFiltersBar view={view} />}
      renderRow={(order) => <OrderRow key={order._id} order={order} />}
      onPage={(page) => {
        setParams(withPage(params, page));
        window.scrollTo({ top: 0 });
      }}
    />
  );
}
