import { useRef, useState } from 'react';
import { toast } from '#client/components/ui/toast.ts';
import type { FulfilmentPatchBody, OrderDetail } from '#shared/contract/order.ts';
import { adminMessages } from '#shared/messages/admin.ts';
import { errorMessage, fieldErrors } from '#client/lib/api.ts';
import { useMoveAdminOrderMutation } from '../dashboard-api.ts';
import { moveButtonClass } from './move-button.ts';
import { STATE_LABEL } from './order-labels.ts';
import { offeredMoves, type Move } from './order-moves.ts';
import { ShipForm } from './ship-form.tsx';

/**
 * The fulfilment moves that apply to the order, each sent once however often it is clicked; a
 * move the store refuses shows the store's reason.
 */
export function OrderMovesPanel({ order }: { order: OrderDetail }) {
  const [move, { isLoading }] = useMoveAdminOrderMutation();
  // The button is disabled only once React re-renders; a second click before that must not send.
  const sending = useRef(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const moves = offeredMoves(order);

  async function send(body: FulfilmentPatchBody & { state: Move }): Promise<void> {
    if (sending.current) return;
    sending.current = true;
    setRefusal(null);
    const id = toast.loading(adminMessages.movingOrder);
    try {
      await move({ orderId: order._id, body }).unwrap();
      toast.success(adminMessages.orderMoved(STATE_LABEL[body.state]), { id });
    } catch (error) {
      const onFields = Object.keys(fieldErrors(error)).length > 0;
      if (!onFields) setRefusal(errorMessage(error) ?? adminMessages.moveFailed);
      toast.error(adminMessages.moveFailed, { id });
      throw error;
    } finally {
      sending.current = false;
    }
  }

  if (moves.length === 0) {
    return (
      <p className="text-slate-600">
        {order.status === 'Cancelled'
          ? 'This order is cancelled.'
          : `Nothing left to do: the order is ${STATE_LABEL[order.fulfilment.state].toLowerCase()}.`}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      {refusal ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      {moves.map((to) =>
        to === 'Shipped' ? (
          <ShipForm
            key={to}
            busy={isLoading}
            onShip={(fields) => send({ state: 'Shipped', ...fields })}
          />
        ) : (
          <button
            key={to}
            type="button"
            disabled={isLoading}
            onClick={() => void send({ state: to }).catch(() => undefined)}
            className={moveButtonClass}
          >
            {STATE_LABEL[to]}
          </button>
        ),
      )}
    </div>
  );
}
