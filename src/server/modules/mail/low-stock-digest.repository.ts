import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '#shared/rules/filters.ts';
import type { Executor } from '#server/db/client.ts';
import { products, productSizes } from '#server/db/schema.ts';

/** A size (or a one-size bicycle) under the low-stock threshold, as the digest lists it. */
export interface LowStockLine {
  productName: string;
  brand: string;
  /** null: a bicycle sold in one size, whose stock is its own. */
  size: string | null;
  quantity: number;
}

/**
 * The live catalog's sizes under the threshold of the shop's stock classes (sold-out ones
 * included: they need the owner most), lowest stock first, at most `limit` of them, with how many
 * there are in all. A sized bicycle is judged size by size, a one-size bicycle by its own stock.
 */
export async function findLowStock(
  db: Executor,
  limit: number,
): Promise<{ lines: LowStockLine[]; total: number }> {
  const stock = sql<number>`coalesce(${productSizes.quantity}, ${products.quantity})`;
  const rows = await db
    .select({
      productName: products.name,
      brand: products.brand,
      size: productSizes.label,
      quantity: stock.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(products)
    .leftJoin(productSizes, eq(productSizes.productId, products.id))
    .where(and(isNull(products.deletedAt), lt(stock, LOW_STOCK_THRESHOLD)))
    .orderBy(
      stock,
      asc(products.brand),
      asc(products.name),
      asc(products.id),
      asc(productSizes.position),
    )
    .limit(limit);
  return {
    lines: rows.map(({ productName, brand, size, quantity }) => ({
      productName,
      brand,
      size,
      quantity,
    })),
    total: rows[0]?.total ?? 0,
  };
}
