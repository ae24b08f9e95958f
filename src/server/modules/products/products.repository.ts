import { and, asc, desc, eq, gte, ilike, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { ProductListQuery } from '#shared/contract/product.ts';
import { stockClassRange } from '#shared/rules/filters.ts';
import { toCents } from '#shared/rules/money.ts';
import type { Executor } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The spec's shop filters (src/shared/rules/filters.ts) as SQL over live products. */
export function productFilters(query: Omit<ProductListQuery, 'sort' | 'page' | 'limit'>): SQL | undefined {
  const conditions: SQL[] = [isNull(products.deletedAt)];
  if (query.searchTerm) conditions.push(ilike(products.name, `%${escapeLike(query.searchTerm)}%`));
  if (query.category) conditions.push(eq(products.category, query.category));
  if (query.minPrice !== undefined) conditions.push(gte(products.priceCents, toCents(query.minPrice)));
  if (query.maxPrice !== undefined) conditions.push(lte(products.priceCents, toCents(query.maxPrice)));
  if (query.stock) {
    const range = stockClassRange(query.stock);
    conditions.push(gte(products.quantity, range.min));
    if (range.max !== undefined) conditions.push(lte(products.quantity, range.max));
  }
  return and(...conditions);
}

const orderBy = {
  '-createdAt': [desc(products.createdAt), desc(products.id)],
  createdAt: [asc(products.createdAt), asc(products.id)],
  price: [asc(products.priceCents), asc(products.id)],
  '-price': [desc(products.priceCents), desc(products.id)],
  name: [asc(products.name), asc(products.id)],
  '-name': [desc(products.name), desc(products.id)],
} as const;

export async function listProducts(
  db: Executor,
  query: ProductListQuery,
): Promise<{ rows: ProductRow[]; total: number }> {
  const where = productFilters(query);
  const rows = await db
    .select({ product: products, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(products)
    .where(where)
    .orderBy(...orderBy[query.sort])
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  if (rows.length > 0) return { rows: rows.map((r) => r.product), total: rows[0]?.total ?? 0 };
  // Past the last page the window count is absent: count separately.
  const [count] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(products).where(where);
  return { rows: [], total: count?.n ?? 0 };
}

export async function findLiveProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  return row;
}

export async function insertProducts(db: Executor, rows: NewProductRow[]): Promise<ProductRow[]> {
  if (rows.length === 0) return [];
  return db.insert(products).values(rows).returning();
}

export async function countLiveProducts(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(isNull(products.deletedAt));
  return row?.n ?? 0;
}
