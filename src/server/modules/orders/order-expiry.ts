import type { Executor } from '../../db/client.ts';
import { expireUnpaid, type ExpiredOrder } from './orders.repository.ts';

const BATCH = 500;

/**
 * Cancels unpaid orders older than the payment timeout and releases their stock. Safe to run on
 * several instances at once: each order is expired exactly once.
 */
export async function expireUnpaidOrders(
  db: Executor,
  now: Date,
  timeoutMs: number,
): Promise<ExpiredOrder[]> {
  const cutoff = new Date(now.getTime() - timeoutMs);
  const expired: ExpiredOrder[] = [];
  for (;;) {
    const batch = await expireUnpaid(db, cutoff, now, BATCH);
    expired.push(...batch);
    if (batch.length < BATCH) return expired;
  }
}
