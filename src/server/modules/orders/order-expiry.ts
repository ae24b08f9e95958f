import type { Deps } from '#server/deps.ts';
import { expireUnpaid, type ExpiredOrder } from './orders.repository.ts';

/**
 * One order per transaction. Releasing stock writes the product row and, through its triggers, rows
 * other products share (facet groups, the ledger's check of its product): a transaction that held
 * several products could wait in a circle with an order or an edit that holds one of them.
 */
const BATCH = 1;

/**
 * Cancels unpaid orders older than the payment timeout and releases their stock. Safe to run on
 * several instances at once: each order is expired exactly once.
 */
export async function expireUnpaidOrders(deps: Deps): Promise<ExpiredOrder[]> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - deps.config.payments.timeoutMs);
  const expired: ExpiredOrder[] = [];
  for (;;) {
    const batch = await expireUnpaid(deps.db, cutoff, now, BATCH);
    expired.push(...batch);
    if (batch.length < BATCH) return expired;
  }
}
