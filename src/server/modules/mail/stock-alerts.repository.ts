import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { WaitingRiders } from '#shared/contract/mail.ts';
import type { Executor } from '#server/db/client.ts';
import { products, stockAlerts } from '#server/db/schema.ts';

/**
 * Stores an alert for the address on the product, only while the product is sold out (checked in
 * the same statement). An alert already waiting is left as it is; one used up by an earlier restock
 * is armed again. Returns false when the product has stock (or is gone).
 */
export async function armStockAlert(
  db: Executor,
  input: { productId: string; email: string; unsubscribeToken: string; now: Date },
): Promise<boolean> {
  const soldOut = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(eq(products.id, input.productId), eq(products.quantity, 0), isNull(products.deletedAt)),
    )
    .limit(1);
  if (soldOut.length === 0) return false;
  await db
    .insert(stockAlerts)
    .values({
      productId: input.productId,
      email: input.email,
      unsubscribeToken: input.unsubscribeToken,
      createdAt: input.now,
    })
    .onConflictDoUpdate({
      target: [stockAlerts.productId, stockAlerts.email],
      set: { notifiedAt: null, createdAt: input.now },
      setWhere: sql`${stockAlerts.notifiedAt} IS NOT NULL`,
    });
  return true;
}

/** Removes the alert the token belongs to; true when there was one. */
export async function deleteStockAlert(db: Executor, unsubscribeToken: string): Promise<boolean> {
  const rows = await db
    .delete(stockAlerts)
    .where(eq(stockAlerts.unsubscribeToken, unsubscribeToken))
    .returning({ id: stockAlerts.id });
  return rows.length > 0;
}

/** Alerts still waiting (not yet mailed), counted per live product, the most awaited first. */
export function countWaitingRiders(db: Executor): Promise<WaitingRiders[]> {
  const waiting = count(stockAlerts.id);
  return db
    .select({ productId: products.id, name: products.name, brand: products.brand, waiting })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(and(isNull(stockAlerts.notifiedAt), isNull(products.deletedAt)))
    .groupBy(products.id, products.name, products.brand)
    .orderBy(desc(waiting), products.name)
    .limit(100);
}
