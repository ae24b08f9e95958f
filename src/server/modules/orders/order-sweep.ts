import type { OrderDeps } from './order-deps.ts';
import { expireUnpaidOrders } from './order-expiry.ts';
import { finishDueRefunds } from './order-refunds.ts';

/**
 * One pass of the periodic sweep: expires unpaid open orders past the payment timeout and closes
 * their checkouts, then finishes refunds that are still due. Every step is a conditional update
 * (and the provider's refund is idempotent per order), so several instances may sweep at once.
 */
export async function runOrderSweep(
  deps: OrderDeps,
  timeoutMs: number,
): Promise<{ expired: number; refunded: number; refundsDue: number }> {
  const expired = await expireUnpaidOrders(deps.db, deps.clock.now(), timeoutMs);
  for (const order of expired) {
    if (!order.providerSessionId || order.provider !== deps.payments.name) continue;
    await deps.payments.closeCheckout(order.providerSessionId).catch((error: unknown) => {
      deps.log.warn(
        { err: error, orderId: order.id },
        'checkout of an expired order could not be closed',
      );
    });
  }
  const { refunded, stillDue } = await finishDueRefunds(deps);
  return { expired: expired.length, refunded, refundsDue: stillDue };
}
