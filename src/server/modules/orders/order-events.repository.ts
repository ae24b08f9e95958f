import { asc, eq } from 'drizzle-orm';
import type { OrderEventType } from '#shared/contract/order.ts';
import type { Executor } from '#server/db/client.ts';
import { orderEvents } from '#server/db/schema.ts';

export type OrderEventRow = typeof orderEvents.$inferSelect;

/** One entry of the order's timeline, in the transaction of the change it records. */
export async function recordOrderEvent(
  tx: Executor,
  orderId: string,
  type: OrderEventType,
  at: Date,
  note: string | null = null,
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, type, note, createdAt: at });
}

/** The order's timeline, oldest first. */
export function listOrderEvents(db: Executor, orderId: string): Promise<OrderEventRow[]> {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}
