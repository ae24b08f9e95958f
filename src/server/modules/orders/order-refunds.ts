import type { Deps } from '#server/deps.ts';
import {
  findDueRefunds,
  markRefunded,
  releaseRefundAttempt,
  takeRefundAttempt,
  type OrderRow,
} from './orders.repository.ts';

/**
 * How long a refund attempt may wait for the provider before another finisher may start one: longer
 * than a provider call with its retries (Stripe: 20 s, retried twice), so two attempts never
 * overlap unless the first one's process died.
 */
export const REFUND_ATTEMPT_LEASE_MS = 2 * 60_000;

type RefundableOrder = Pick<OrderRow, 'id' | 'provider' | 'providerSessionId' | 'totalCents'>;

/**
 * One refund attempt of an order that is Cancelled and still Paid, by the finisher that holds the
 * attempt (started at `startedAt`): the provider's refund, then Cancelled/Paid -> Refunded. On
 * failure the attempt is given back and the order stays due. Returns true when it moved the order.
 */
async function attemptRefund(
  deps: Deps,
  order: RefundableOrder,
  startedAt: Date,
): Promise<boolean> {
  if (!order.providerSessionId || order.provider !== deps.payments.name) {
    deps.log.error(
      { orderId: order.id, provider: order.provider },
      'a refund is due but the active payment provider did not take this payment',
    );
    await releaseRefundAttempt(deps.db, order.id, startedAt);
    return false;
  }
  try {
    // Keyed by the order id at the provider: a retry after a lost answer refunds nothing twice.
    await deps.payments.refund({
      orderId: order.id,
      sessionId: order.providerSessionId,
      amountCents: order.totalCents,
    });
  } catch (error) {
    deps.log.error(
      { err: error, orderId: order.id },
      'refund failed; the order stays cancelled with the refund due and is retried',
    );
    await releaseRefundAttempt(deps.db, order.id, startedAt);
    return false;
  }
  const moved = await markRefunded(deps.db, order.id, deps.clock.now());
  if (moved) deps.log.info({ orderId: order.id }, 'order refunded');
  return moved;
}

/**
 * Finishes the refund the caller just claimed (a cancel of a paid order, a late payment): the claim
 * took the first attempt at `claimedAt`.
 */
export function finishClaimedRefund(
  deps: Deps,
  order: RefundableOrder,
  claimedAt: Date,
): Promise<boolean> {
  return attemptRefund(deps, order, claimedAt);
}

/**
 * Retries a due refund (sweep, verify) if no other finisher is on it: the attempt is taken with a
 * conditional update first, so one finisher at a time asks the provider.
 */
export async function retryRefund(deps: Deps, order: RefundableOrder): Promise<boolean> {
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - REFUND_ATTEMPT_LEASE_MS);
  if (!(await takeRefundAttempt(deps.db, order.id, now, staleBefore))) return false;
  return attemptRefund(deps, order, now);
}

/**
 * Retries every due refund of the active provider, a page at a time, so refunds that keep failing
 * never stand in the way of the others: the periodic sweep's second step.
 */
export async function finishDueRefunds(
  deps: Deps,
  pageSize = 50,
): Promise<{ refunded: number; stillDue: number }> {
  let refunded = 0;
  let stillDue = 0;
  let afterId: string | undefined;
  for (;;) {
    const staleBefore = new Date(deps.clock.now().getTime() - REFUND_ATTEMPT_LEASE_MS);
    const due = await findDueRefunds(deps.db, deps.payments.name, staleBefore, pageSize, afterId);
    for (const order of due) {
      if (await retryRefund(deps, order)) refunded += 1;
      else stillDue += 1;
    }
    const last = due.at(-1);
    if (!last || due.length < pageSize) return { refunded, stillDue };
    afterId = last.id;
  }
}
