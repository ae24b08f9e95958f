import { Link } from 'react-router';
import { toast } from '#client/components/ui/toast.ts';
import { checkoutMessages } from '#shared/messages/checkout.ts';
import { ordersMessages } from '#shared/messages/orders.ts';
import { Button } from '#client/components/ui/button.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { paths } from '#client/lib/paths.ts';
import { usePayOrderMutation } from '#client/features/orders/orders-api.ts';
import type { OpenOrder } from './use-place-order.ts';
import { leaveForPayment } from './use-checkout.ts';

/**
 * The unpaid order for this bicycle and size that is still open: rather than a second order
 * (which would hold a second bicycle), a new payment page for that one.
 */
export function UnpaidOrderOffer({ order }: { order: OpenOrder }) {
  const [payOrder, { isLoading }] = usePayOrderMutation();

  const pay = async () => {
    try {
      const address = await payOrder(order.id).unwrap();
      if (!leaveForPayment(address)) toast.error(ordersMessages.payFailed);
    } catch (error) {
      toast.error(errorMessage(error) ?? ordersMessages.payFailed);
    }
  };

  return (
    <section
      role="alert"
      aria-labelledby="open-order-title"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-slate-800"
    >
      <h2 id="open-order-title" className="font-bold text-ink">
        {checkoutMessages.unpaidOrder(order.number)}
      </h2>
      <p className="mt-1">{order.message}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          disabled={isLoading}
          aria-busy={isLoading}
          onClick={() => {
            void pay();
          }}
        >
          {ordersMessages.payNow}
        </Button>
        <Link to={paths.orders} className="font-semibold text-brand-800 underline">
          My Orders
        </Link>
      </div>
    </section>
  );
}
