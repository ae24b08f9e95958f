import { z } from 'zod';
import type { StripeWebhookEvent } from '../../payments/stripe.ts';
import type { OrderDeps } from '../orders/order-deps.ts';
import { applyPaymentState, settleLatePayment } from '../orders/order-payments.ts';
import { findOrder, inTransaction } from '../orders/orders.repository.ts';
import { recordPaymentEvent } from './payment-events.repository.ts';

const uuid = z.uuid();

/**
 * Records the event once and applies it to its order in the same transaction. A replay finds the
 * event recorded and changes nothing; an event that arrives out of order meets a conditional
 * update that no longer matches.
 */
export async function handleStripeEvent(
  deps: OrderDeps,
  event: StripeWebhookEvent,
): Promise<{ duplicate: boolean }> {
  let order =
    event.orderId && uuid.safeParse(event.orderId).success
      ? await findOrder(deps.db, event.orderId)
      : undefined;
  // Only a session this store opened for this order may move it.
  if (order && (order.provider !== 'stripe' || order.providerSessionId !== event.sessionId))
    order = undefined;
  const now = deps.clock.now();
  const result = await inTransaction(deps.db, async (tx) => {
    const recorded = await recordPaymentEvent(tx, {
      provider: 'stripe',
      eventId: event.eventId,
      type: event.type,
      orderId: order?.id ?? null,
      payload: event.payload,
      at: now,
    });
    if (!recorded) return { duplicate: true, lateRefund: false };
    if (!order || !event.state) return { duplicate: false, lateRefund: false };
    return { duplicate: false, ...(await applyPaymentState(tx, order.id, event.state, now)) };
  });
  if (result.lateRefund && order) await settleLatePayment(deps, order, now);
  return { duplicate: result.duplicate };
}
