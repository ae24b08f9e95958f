import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { formatOrderNumber } from '#shared/contract/order.ts';
import { ONE_SIZE, type StockLedgerEntry } from '#shared/contract/stock.ts';
import type { Executor } from '#server/db/client.ts';
import { orders, stockLedger, users } from '#server/db/schema.ts';

/** One product's ledger, or one size's (`-` for a one-size product's own), newest first. */
export async function listStockLedger(
  db: Executor,
  productId: string,
  query: { size?: string | undefined; page: number; limit: number },
): Promise<{ entries: StockLedgerEntry[]; total: number }> {
  const where: SQL | undefined = and(
    eq(stockLedger.productId, productId),
    query.size === undefined
      ? undefined
      : query.size === ONE_SIZE
        ? isNull(stockLedger.size)
        : eq(stockLedger.size, query.size),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: stockLedger.id,
        at: stockLedger.at,
        size: stockLedger.size,
        change: stockLedger.change,
        quantityAfter: stockLedger.quantityAfter,
        reason: stockLedger.reason,
        orderNumber: orders.number,
        by: users.name,
        note: stockLedger.note,
      })
      .from(stockLedger)
      .leftJoin(orders, eq(orders.id, stockLedger.orderId))
      .leftJoin(users, eq(users.id, stockLedger.actorId))
      .where(where)
      .orderBy(desc(stockLedger.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(stockLedger).where(where),
  ]);
  return {
    entries: rows.map((r) => ({
      _id: String(r.id),
      at: r.at.toISOString(),
      size: r.size,
      change: r.change,
      quantityAfter: r.quantityAfter,
      reason: r.reason,
      orderNumber: r.orderNumber === null ? null : formatOrderNumber(r.orderNumber),
      by: r.by,
      note: r.note,
    })),
    total: counted?.n ?? 0,
  };
}

/**
 * Every product and size whose ledger does not add up to its stock (none, when the triggers of
 * migration 0025 hold): the invariant the tests and an operator can check.
 */
export async function unbalancedStock(
  db: Executor,
): Promise<{ productId: string; size: string | null; stock: number; ledger: number }[]> {
  interface Row {
    product_id: string;
    size: string | null;
    stock: number;
    ledger: number;
  }
  // Both drivers answer `{ rows }`; the executor's type leaves the result unknown.
  const result = (await db.execute(sql`
    with stock as (
      select s.product_id, s.label as size, s.quantity from product_sizes s
      union all
      select p.id, null, p.quantity from products p
      where not exists (select 1 from product_sizes s where s.product_id = p.id)
    ),
    ledger as (
      select product_id, size, sum(change)::integer as total from stock_ledger
      group by product_id, size
    )
    select st.product_id, st.size, st.quantity as stock, coalesce(l.total, 0) as ledger
    from stock st
    left join ledger l on l.product_id = st.product_id and l.size is not distinct from st.size
    where st.quantity <> coalesce(l.total, 0)`)) as { rows: Row[] };
  return result.rows.map((r) => ({
    productId: r.product_id,
    size: r.size,
    stock: r.stock,
    ledger: r.ledger,
  }));
}
