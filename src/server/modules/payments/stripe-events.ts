import type { Deps } from '#server/deps.ts';
import type { StripeWebhookEvent } from '#server/payments/stripe.ts';
import { applyPaymentEvent } from '../orders/orders.payments.ts';
import { recordPaymentEvent } from './payment-events.repository.ts';

/** Records the event once and applies it to its order in the same transaction. */
export function handleStripeEvent(
  deps: Deps,
  event: StripeWebhookEvent,
): Promise<{ duplicate: boolean }> {
  return applyPaymentEvent(deps, { provider: 'stripe', ...event }, (tx, orderId, at) =>
    recordPaymentEvent(tx, {
      provider: 'stripe',
      eventId: event.eventId,
      type: event.type,
      orderId,
      payload: event.payload,
      at,
    }),
  );
}
