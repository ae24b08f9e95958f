import { and, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { OrderStatus } from '#shared/contract/order.ts';
import type { Executor } from '#server/db/client.ts';
import { orders, products } from '#server/db/schema.ts';

const cents = (expression: ReturnType<typeof sql>) =>
  sql<number>`coalesce(${expression}, 0)`.mapWith(Number);

/**
 * Money the store keeps: paid and not cancelled. A cancelled order still marked Paid is a refund
 * in progress (its money is going back), and a refunded one reads Refunded.
 */
const keptSale = and(eq(orders.paymentStatus, 'Paid'), ne(orders.status, 'Cancelled'));

/** Paid (and not refunded or being refunded) sales in cents: all time, and between monthStart and monthEnd (by paid_at). */
export async function paidSalesCents(
  db: Executor,
  monthStart: Date,
  monthEnd: Date,
): Promise<{ total: number; month: number }> {
  const start = monthStart.toISOString();
  const end = monthEnd.toISOString();
  const [row] = await db
    .select({
      total: cents(sql`sum(${orders.totalCents})`),
      month: cents(
        sql`sum(${orders.totalCents}) filter (where ${orders.paidAt} >= ${start}::timestamptz and ${orders.paidAt} < ${end}::timestamptz)`,
      ),
    })
    .from(orders)
    .where(keptSale);
  return { total: row?.total ?? 0, month: row?.month ?? 0 };
}

export async function unitsInStock(db: Executor): Promise<number> {
  const [row] = await db
    .select({ units: cents(sql`sum(${products.quantity})`) })
    .from(products)
    .where(isNull(products.deletedAt));
  return row?.units ?? 0;
}

export async function orderCountsByStatus(
  db: Executor,
): Promise<{ status: OrderStatus; count: number }[]> {
  return db
    .select({ status: orders.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .groupBy(orders.status);
}

/** Paid sales per calendar month (UTC) in [from, to), as { month: 'YYYY-MM', cents }. */
export async function paidSalesByMonth(
  db: Executor,
  from: Date,
  to: Date,
): Promise<{ month: string; cents: number }[]> {
  const month = sql<string>`to_char(date_trunc('month', ${orders.paidAt} at time zone 'UTC'), 'YYYY-MM')`;
  return db
    .select({ month, cents: cents(sql`sum(${orders.totalCents})`) })
    .from(orders)
    .where(and(keptSale, gte(orders.paidAt, from), lt(orders.paidAt, to)))
    .groupBy(month);
}
