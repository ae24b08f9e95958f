import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { WaitingRiders } from '#shared/contract/mail.ts';
import type { Executor } from '#server/db/client.ts';
import { productSizes, products, stockAlerts } from '#server/db/schema.ts';

/** Whether the product (or the one size) is live and sold out. */
async function isSoldOut(db: Executor, productId: string, size: string | null): Promise<boolean> {
  const live = and(eq(products.id, productId), isNull(products.deletedAt));
  const rows =
    size === null
      ? await db
          .select({ id: products.id })
          .from(products)
          .where(and(live, eq(products.quantity, 0)))
          .limit(1)
      : await db
          .select({ id: products.id })
          .from(products)
          .innerJoin(
            productSizes,
            and(
              eq(productSizes.productId, products.id),
              eq(productSizes.label, size),
              eq(productSizes.quantity, 0),
            ),
          )
          .where(live)
          .limit(1);
  return rows.length > 0;
}

/**
 * Stores an alert for the address on the product (or one of its sizes), only while it is sold
 * out. An alert already waiting is left as it is; one used up by an earlier restock is armed
 * again. Returns false when it has stock (or is gone). A restock between the check and the insert
 * leaves an alert that waits for the next one: harmless, and the rider sees it in stock anyway.
 */
export async function armStockAlert(
  db: Executor,
  input: {
    productId: string;
    size: string | null;
    email: string;
    unsubscribeToken: string;
    now: Date;
  },
): Promise<boolean> {
  if (!(await isSoldOut(db, input.productId, input.size))) return false;
  await db
    .insert(stockAlerts)
    .values({
      productId: input.productId,
      email: input.email,
      size: input.size ?? '',
      unsubscribeToken: input.unsubscribeToken,
      createdAt: input.now,
    })
    .onConflictDoUpdate({
      target: [stockAlerts.productId, stockAlerts.email, stockAlerts.size],
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

/** Alerts still waiting (not yet mailed), counted per live product and size, the most awaited first. */
export function countWaitingRiders(db: Executor): Promise<WaitingRiders[]> {
  const waiting = count(stockAlerts.id);
  return db
    .select({
      productId: products.id,
      name: products.name,
      brand: products.brand,
      size: sql<string | null>`nullif(${stockAlerts.size}, '')`,
      waiting,
    })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(and(isNull(stockAlerts.notifiedAt), isNull(products.deletedAt)))
    .groupBy(products.id, products.name, products.brand, stockAlerts.size)
    .orderBy(desc(waiting), products.name, stockAlerts.size)
    .limit(100);
}
