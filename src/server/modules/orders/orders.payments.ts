/*
 * The orders module's one entry for the payments module: what a provider's checkout page and
 * its webhooks do to orders.
 */
import { z } from 'zod';
import type { Executor } from '#server/db/client.ts';
import type { Deps } from '#server/deps.ts';
import type { PaymentState, ProviderName } from '#server/payments/provider.ts';
import { applyPaymentState, settleLatePayment, syncOrderPayment } from './order-payments.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { findOrder, recordPaymentFailure } from './orders.repository.ts';
import { defaultReturnPage, paymentReturnUrl } from './return-page.ts';

const uuid = z.uuid();

/** A provider's event about one of its checkout sessions. */
interface PaymentEvent {
  provider: ProviderName;
  /** The order the provider says the session is for. */
  orderId: string | null;
  sessionId: string | null;
  state: PaymentState | null;
}

/**
 * Applies the event to its order in the transaction in which `record` records the event, so a
 * replay (which `record` finds recorded: false) changes nothing, and an event that arrives out of
 * order meets a conditional update that no longer matches. Only a session this store opened for
 * the order may move it; `record` is given that order's id, or null. A payment that arrives for a
 * cancelled order is refunded after the transaction.
 */
export async function applyPaymentEvent(
  deps: Deps,
  event: PaymentEvent,
  record: (tx: Executor, orderId: string | null, at: Date) => Promise<boolean>,
): Promise<{ duplicate: boolean }> {
  let order =
    event.orderId && uuid.safeParse(event.orderId).success
      ? await findOrder(deps.db, event.orderId)
      : undefined;
  if (order && (order.provider !== event.provider || order.providerSessionId !== event.sessionId))
    order = undefined;
  const { state } = event;
  const now = deps.clock.now();
  const result = await inTransaction(deps.db, async (tx) => {
    if (!(await record(tx, order?.id ?? null, now))) return { duplicate: true, lateRefund: false };
    if (!order || !state) return { duplicate: false, lateRefund: false };
    return { duplicate: false, ...(await applyPaymentState(tx, order.id, state, now)) };
  });
  if (result.lateRefund && order) await settleLatePayment(deps, order, now);
  return { duplicate: result.duplicate };
}

/** Moves the order as its provider now says, once the provider's page has recorded an outcome. */
export async function syncPaymentOf(deps: Deps, orderId: string): Promise<void> {
  const order = await findOrder(deps.db, orderId);
  if (order) await syncOrderPayment(deps, order);
}

/** Where the provider sends the shopper back when the order named no page of its own. */
export function defaultReturnUrl(deps: Deps, orderId: string): string {
  return paymentReturnUrl(defaultReturnPage(deps.config), orderId);
}

/**
 * A card the provider's page refused: the order stays payable (the shopper may try another card)
 * and its timeline notes the attempt.
 */
export async function recordDeclinedCard(deps: Deps, orderId: string): Promise<void> {
  await recordPaymentFailure(deps.db, orderId, 'The card was declined.', deps.clock.now());
}
