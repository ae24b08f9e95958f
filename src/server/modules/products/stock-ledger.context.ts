import { sql } from 'drizzle-orm';
import type { StockReason } from '#shared/contract/stock.ts';
import type { Executor } from '#server/db/client.ts';

/**
 * What the stock ledger's triggers (migration 0025) write beside the next stock changes of this
 * transaction: why, for which order, by whom, with which note. Unset, a new row reads "created"
 * and any other change "admin", by nobody.
 */
export interface StockContext {
  reason?: StockReason;
  orderId?: string | null;
  actorId?: string | null;
  note?: string | null;
}

/**
 * Sets the context for the rest of the transaction (set_config's local form: it ends with the
 * transaction, so a pooled connection carries nothing over). Every field is written, so a later
 * change in the same transaction (the next order an expiry releases) inherits nothing stale.
 * Only meaningful inside a transaction: outside one it lasts a single statement.
 */
export async function setStockContext(tx: Executor, context: StockContext): Promise<void> {
  await tx.execute(sql`select
    set_config('stock_ledger.reason', ${context.reason ?? ''}, true),
    set_config('stock_ledger.order_id', ${context.orderId ?? ''}, true),
    set_config('stock_ledger.actor_id', ${context.actorId ?? ''}, true),
    set_config('stock_ledger.note', ${context.note ?? ''}, true)`);
}
