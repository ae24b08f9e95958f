import { and, asc, desc, eq, gte, ilike, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { ProductListQuery } from '#shared/contract/product.ts';
import type { ProductFilterQuery } from '#shared/rules/filters.ts';
import { stockClassRange } from '#shared/rules/filters.ts';
import { centsAtLeast, centsAtMost } from '#shared/rules/money.ts';
import type { Executor } from '#server/db/client.ts';
import { containing } from '#server/db/like.ts';
import { productSlugs, products } from '#server/db/schema.ts';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
/** The columns a create or update form writes. */
export type ProductValues = Pick<
  NewProductRow,
  'name' | 'brand' | 'category' | 'priceCents' | 'quantity' | 'description'
>;

/** The spec's shop filters (src/shared/rules/filters.ts matchesQuery) as SQL over live products. */
function productFilters(query: ProductFilterQuery): SQL | undefined {
  const conditions: SQL[] = [isNull(products.deletedAt)];
  const term = query.searchTerm?.trim();
  // The pg_trgm GIN index serves ILIKE '%term%' from three characters on; a two-character term
  // is narrowed through products_name_bigrams_idx first (an exact test: the name holds the two
  // characters in a row exactly when its bigrams do). One character matches too much to narrow.
  if (term) {
    conditions.push(ilike(products.name, containing(term)));
    if (term.length === 2)
      conditions.push(sql`product_name_bigrams(${products.name}) @> array[lower(${term}::text)]`);
  }
  if (query.category) conditions.push(eq(products.category, query.category));
  // Bounds in dollars become whole cents without widening: price >= 10.005 is price >= 10.01.
  if (query.minPrice !== undefined)
    conditions.push(gte(products.priceCents, centsAtLeast(query.minPrice)));
  if (query.maxPrice !== undefined)
    conditions.push(lte(products.priceCents, centsAtMost(query.maxPrice)));
  if (query.stock) {
    const range = stockClassRange(query.stock);
    conditions.push(gte(products.quantity, range.min));
    if (range.max !== undefined) conditions.push(lte(products.quantity, range.max));
  }
  return and(...conditions);
}

/**
 * Every sort ends with the id so pages never overlap. Directions and NULLS placement match the
 * B-tree indexes exactly (products_created_at_idx is created_at DESC NULLS LAST, id), otherwise
 * PostgreSQL sorts the whole table instead of walking the index.
 */
const orderBy = {
  '-createdAt': [sql`${products.createdAt} desc nulls last`, asc(products.id)],
  createdAt: [sql`${products.createdAt} asc nulls first`, desc(products.id)],
  price: [asc(products.priceCents), asc(products.id)],
  '-price': [desc(products.priceCents), desc(products.id)],
  name: [asc(products.name), asc(products.id)],
  '-name': [desc(products.name), desc(products.id)],
} as const;

/**
 * The same orders through expressions no B-tree index matches, for filters with few matches.
 * PostgreSQL's estimates for ILIKE patterns and for combined filters are coarse: with a rare
 * match it may walk an ordered index testing every row until the page is full, a near full
 * scan (52 ms for a category and price range with no match, sorted by name, at 100,000 rows).
 * Ordering by an expression makes it collect the matches through the filter indexes and sort
 * only those.
 */
const collectedOrderBy = {
  '-createdAt': [sql`${products.createdAt} + interval '0 seconds' desc`, asc(products.id)],
  createdAt: [sql`${products.createdAt} + interval '0 seconds' asc`, desc(products.id)],
  price: [sql`${products.priceCents} + 0 asc`, asc(products.id)],
  '-price': [sql`${products.priceCents} + 0 desc`, desc(products.id)],
  name: [sql`${products.name} || '' asc`, asc(products.id)],
  '-name': [sql`${products.name} || '' desc`, desc(products.id)],
} as const;

/**
 * Up to this many matches, a page is sorted from the matches themselves; above it the matches
 * are common enough that walking an ordered index fills a page after a few rows.
 */
const COLLECT_MAX_MATCHES = 5000;

/**
 * The statement behind one page of the shop. `matches` is the filters' count, when known;
 * exported so tests can EXPLAIN exactly the SQL the API runs.
 */
export function productPageQuery(db: Executor, query: ProductListQuery, matches?: number) {
  const collect = matches !== undefined && matches <= COLLECT_MAX_MATCHES;
  return db
    .select()
    .from(products)
    .where(productFilters(query))
    .orderBy(...(collect ? collectedOrderBy : orderBy)[query.sort])
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

/** The statement that counts every match of the filters, for meta.total. */
export function productCountQuery(db: Executor, query: ProductFilterQuery) {
  return db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(productFilters(query));
}

async function countProducts(db: Executor, query: ProductFilterQuery): Promise<number> {
  const [row] = await productCountQuery(db, query);
  return row?.n ?? 0;
}

/**
 * One page of live products, newest first unless asked otherwise, and the count of all matches.
 * The count runs first: it is cheap through the filter indexes, a page past the last match needs
 * no second statement, and the number of matches chooses how the page is read.
 */
export async function listProducts(
  db: Executor,
  query: ProductListQuery,
): Promise<{ rows: ProductRow[]; total: number }> {
  const total = await countProducts(db, query);
  if (total <= (query.page - 1) * query.limit) return { rows: [], total };
  return { rows: await productPageQuery(db, query, total), total };
}

export async function findLiveProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  return row;
}

/** A live product by its current slug, or else by one of its earlier slugs. */
export async function findLiveProductBySlug(
  db: Executor,
  slug: string,
): Promise<ProductRow | undefined> {
  const [current] = await db
    .select()
    .from(products)
    .where(and(eq(products.slug, slug), isNull(products.deletedAt)))
    .limit(1);
  if (current) return current;
  const [renamed] = await db
    .select({ product: products })
    .from(productSlugs)
    .innerJoin(products, eq(products.id, productSlugs.productId))
    .where(and(eq(productSlugs.slug, slug), isNull(products.deletedAt)))
    .limit(1);
  return renamed?.product;
}

export async function insertProduct(db: Executor, row: NewProductRow): Promise<ProductRow> {
  const [inserted] = await db.insert(products).values(row).returning();
  if (!inserted) throw new Error('product insert returned no row');
  return inserted;
}

export async function insertProducts(db: Executor, rows: NewProductRow[]): Promise<ProductRow[]> {
  if (rows.length === 0) return [];
  return db.insert(products).values(rows).returning();
}

/** A generated product: everything but the id, with both timestamps equal. */
export interface BulkProduct {
  name: string;
  brand: string;
  category: ProductRow['category'];
  priceCents: number;
  quantity: number;
  description: string;
  imageKey: string | null;
  createdAt: string;
}

/**
 * Inserts many products in one statement with a single JSON parameter, which stays far below
 * the bind-parameter limit and is much faster than a VALUES list for large batches.
 */
export async function bulkInsertProducts(
  db: Executor,
  rows: readonly BulkProduct[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const json = JSON.stringify(
    rows.map((r) => ({
      name: r.name,
      brand: r.brand,
      category: r.category,
      price_cents: r.priceCents,
      quantity: r.quantity,
      description: r.description,
      image_key: r.imageKey,
      created_at: r.createdAt,
    })),
  );
  await db.execute(sql`
    insert into ${products} (name, brand, category, price_cents, quantity, description, image_key, created_at, updated_at)
    select r.name, r.brand, r.category::product_category, r.price_cents, r.quantity, r.description, r.image_key,
           r.created_at, r.created_at
    from jsonb_to_recordset(${json}::jsonb) as r(
      name text, brand text, category text, price_cents integer, quantity integer,
      description text, image_key text, created_at timestamptz
    )`);
  return rows.length;
}

/**
 * After a bulk load: VACUUM merges the trigram index's pending list (which every search would
 * otherwise scan in full) and marks pages all-visible for index-only counts; ANALYZE refreshes
 * the statistics. Autovacuum does the same a little later; this makes it immediate.
 * Not inside a transaction.
 */
export async function vacuumAnalyzeProducts(db: Executor): Promise<void> {
  await db.execute(sql`vacuum (analyze) ${products}`);
}

type GuardedUpdate =
  | { outcome: 'updated'; row: ProductRow; previousImageKey: string | null }
  | { outcome: 'missing' }
  | { outcome: 'refused' };

/**
 * Updates a live product if `accept` approves the row as it is under the row lock, and reports
 * the image key it had. The check and the write are one transaction holding the lock, so no
 * other write (an order taking stock) can land between them; the caller also deletes exactly
 * the files this write replaced, even with concurrent edits.
 */
export async function updateLiveProduct(
  db: Executor,
  id: string,
  values: Partial<ProductValues> & { imageKey?: string | null; updatedAt: Date },
  accept: (current: ProductRow) => boolean = () => true,
): Promise<GuardedUpdate> {
  return db.transaction(async (tx): Promise<GuardedUpdate> => {
    const [current] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .for('update');
    if (!current) return { outcome: 'missing' };
    if (!accept(current)) return { outcome: 'refused' };
    const [row] = await tx.update(products).set(values).where(eq(products.id, id)).returning();
    if (!row) return { outcome: 'missing' };
    return { outcome: 'updated', row, previousImageKey: current.imageKey };
  });
}

/** Marks a live product deleted; its row (and image) stay for the orders that show it. */
export async function softDeleteProduct(db: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ deletedAt: at, updatedAt: at })
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function countLiveProducts(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(isNull(products.deletedAt));
  return row?.n ?? 0;
}
