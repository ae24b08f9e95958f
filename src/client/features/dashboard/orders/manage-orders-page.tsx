import { toast } from 'sonner';
import { ORDER_STATUSES, type Order, type OrderStatus } from '#shared/contract/order.ts';
import { messages } from '#shared/messages.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Badge, type BadgeTone } from '../components/badge.tsx';
import { useListPage } from '../components/list-page.ts';
import { PageHeading } from '../components/page-heading.tsx';
import { Pager } from '../components/pager.tsx';
import { selectClass, tableClass, tableWrapClass, tdClass, thClass } from '../components/table.ts';
import { useGetAdminOrdersQuery, useSetAdminOrderStatusMutation } from '../dashboard-api.ts';
import { formatOrderTime } from '../format.ts';

const LIMIT = 20;

const STATUS_TONE: Record<OrderStatus, BadgeTone> = {
  Pending: 'blue',
  Completed: 'green',
  Ongoing: 'yellow',
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
    const id = toast.loading(messages.admin.updatingOrderStatus);
    try {
      await setStatus({ orderId: order._id, status: value }).unwrap();
      toast.success(messages.admin.orderUpdated, { id });
    } catch {
      toast.error(messages.admin.updateFailed, { id });
    }
  }

  return (
    <tr className="hover:bg-slate-50">
      <td className={`${tdClass} whitespace-nowrap`}>
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
      </td>
      <td className={tdClass}>
        <span className="block font-medium text-slate-900">{order.user.name}</span>
        <span className="block text-xs whitespace-nowrap text-slate-500">{order.user.email}</span>
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
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </td>
    </tr>
  );
}

export function ManageOrdersPage() {
  const { searchTerm, page, setPage } = useListPage();
  const { data, isLoading, isFetching, isError } = useGetAdminOrdersQuery({
    page,
    limit: LIMIT,
    searchTerm,
  });

  return (
    <div>
      <PageHeading title="Manage Orders" />
      {isLoading ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading orders" className="text-emerald-600" />
        </div>
      ) : isError || !data ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          The orders could not be loaded. Please try again.
        </p>
      ) : data.data.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white py-10 text-center text-slate-600">
          {messages.admin.noOrders}
        </p>
      ) : (
        <>
          <div className={tableWrapClass}>
            <table className={tableClass} aria-busy={isFetching}>
              <caption className="sr-only">Orders</caption>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>
                    Order Time
                  </th>
                  <th scope="col" className={thClass}>
                    Bicycle Details
                  </th>
                  <th scope="col" className={thClass}>
                    Customer Info
                  </th>
                  <th scope="col" className={thClass}>
                    Order Details
                  </th>
                  <th scope="col" className={thClass}>
                    Payment
                  </th>
                  <th scope="col" className={thClass}>
                    Order Status
                  </th>
                  <th scope="col" className={thClass}>
                    Action
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.data.map((order) => (
                  <OrderRow key={order._id} order={order} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager meta={data.meta} onPage={setPage} label="Order pages" />
        </>
      )}
    </div>
  );
}
