import { useState } from 'react';
import { toast } from '#client/components/ui/toast.ts';
import type { Order } from '#shared/contract/order.ts';
import { ordersMessages } from '#shared/messages/orders.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { DialogTitle, Modal } from '#client/components/ui/dialog.tsx';
import { useCancelOrderMutation } from './orders-api.ts';

type CancellableOrder = Pick<Order, '_id' | 'number' | 'paymentStatus' | 'totalPrice'>;

const buttonBase =
  'inline-flex items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50';

/** What cancelling does to this order, in the customer's words. */
export function cancelConsequences(order: CancellableOrder): string[] {
  return [
    ordersMessages.cancelReleases,
    order.paymentStatus === 'Paid'
      ? ordersMessages.cancelRefund(formatPrice(order.totalPrice))
      : ordersMessages.cancelNoCharge,
  ];
}

/**
 * Asks before cancelling: says what happens (the bicycle goes back on sale; a paid order's money
 * goes back to its card), then cancels with the spec's toasts. Escape or "Keep order" closes it.
 */
export function CancelOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: CancellableOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [cancelOrder, { isLoading }] = useCancelOrderMutation();
  const confirm = async () => {
    try {
      await cancelOrder(order._id).unwrap();
      toast.success(ordersMessages.cancelled);
    } catch {
      toast.error(ordersMessages.cancelFailed);
    }
    onOpenChange(false);
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} className="max-w-md p-6">
      <DialogTitle className="pr-10 text-xl font-bold text-slate-900">
        {ordersMessages.cancelTitle(order.number)}
      </DialogTitle>
      <ul className="mt-4 flex list-disc flex-col gap-2 pl-5 text-sm text-slate-700">
        {cancelConsequences(order).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {/* Keeping the order is the safe answer, so it has focus when the dialog opens. */}
        <button
          type="button"
          data-autofocus
          onClick={() => {
            onOpenChange(false);
          }}
          className={`${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-brand-500`}
        >
          {ordersMessages.cancelKeep}
        </button>
        <button
          type="button"
          onClick={() => void confirm()}
          disabled={isLoading}
          className={`${buttonBase} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700`}
        >
          {ordersMessages.cancelConfirm}
        </button>
      </div>
    </Modal>
  );
}

/** "Cancel" beside an order; opens the confirmation first. */
export function CancelOrderButton({ order }: { order: CancellableOrder }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
        className="inline-flex items-center justify-center rounded-lg border border-red-200 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 transition hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
      >
        Cancel
      </button>
      <CancelOrderDialog order={order} open={open} onOpenChange={setOpen} />
    </>
  );
}
