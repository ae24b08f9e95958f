import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { InventoryQuery, InventorySort } from '#shared/contract/stock.ts';
import type { Executor } from '#server/db/client.ts';
import { containing } from '#server/db/like.ts';
import { products, productSizes } from '#server/db/schema.ts';
import { findSizes } from './product-sizes.repository.ts';
import { inStockClass } from './products.filters.ts';
import type { ProductRecord } from './products.repository.ts';

const COLUMNS = {
  name: products.name,
  brand: products.brand,
  category: products.category,
  price: products.priceCents,
  quantity: products.quantity,
  createdAt: products.createdAt,
} as const;

/** The column, then the id, so pages never overlap. */
function orderOf(sort: InventorySort): SQL[] {
  const descending = sort.startsWith('-');
  const column = COLUMNS[(descending ? sort.slice(1) : sort) as keyof typeof COLUMNS];
  return descending ? [desc(column), desc(products.id)] : [asc(column), asc(products.id)];
}

/**
 * The back office's inventory: live bicycles matching the owner's search (name, brand or slug)
 * and filters, in any column's order. A shop's catalog is thousands of rows, not the shop's
 * 100,000-row scale: plain ILIKE and sorts are enough here.
 */
export async function listInventory(
  db: Executor,
  query: InventoryQuery,
): Promise<{ records: ProductRecord[]; total: number }> {
  const term = query.searchTerm?.trim();
  const where = and(
    isNull(products.deletedAt),
    term
      ? or(
          sql`${products.name} ilike ${containing(term)}`,
          sql`${products.brand} ilike ${containing(term)}`,
          sql`${products.slug} ilike ${containing(term)}`,
        )
      : undefined,
    query.category ? eq(products.category, query.category) : undefined,
    query.stock ? inStockClass(query.stock) : undefined,
    query.size
      ? sql`exists (select 1 from ${productSizes} where ${productSizes.productId} = ${products.id} and lower(${productSizes.label}) = lower(${query.size}))`
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...orderOf(query.sort))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(products).where(where),
  ]);
  const sizes = await findSizes(
    db,
    rows.map((r) => r.id),
  );
  return {
    records: rows.map((row) => ({ row, sizes: sizes.get(row.id) ?? [] })),
    total: counted?.n ?? 0,
  };
}
