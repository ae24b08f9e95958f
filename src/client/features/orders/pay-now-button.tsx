import { toast } from '#client/components/ui/toast.ts';
import type { Order } from '#shared/contract/order.ts';
import { ordersMessages } from '#shared/messages/orders.ts';
import { errorMessage } from '#client/lib/api.ts';
import { leaveForPayment } from '#client/features/checkout/use-checkout.ts';
import { usePayOrderMutation } from './orders-api.ts';

/** An unpaid order inside its window opens a new payment page for the same order. */
export function PayNowButton({
  order,
  className,
}: {
  order: Pick<Order, '_id' | 'payableUntil'>;
  className?: string;
}) {
  const [payOrder, { isLoading }] = usePayOrderMutation();
  if (order.payableUntil === null) return null;
  const pay = async () => {
    try {
      const address = await payOrder(order._id).unwrap();
      if (!leaveForPayment(address)) toast.error(ordersMessages.payFailed);
    } catch (error) {
      toast.error(errorMessage(error) ?? ordersMessages.payFailed);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void pay()}
      disabled={isLoading}
      className={
        className ??
        'inline-flex items-center justify-center rounded-lg bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white transition hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:opacity-50'
      }
    >
      {ordersMessages.payNow}
    </button>
  );
}
