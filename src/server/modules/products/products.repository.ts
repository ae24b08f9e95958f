import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ProductListQuery, ProductSort } from '#shared/contract/product.ts';
import { catalogCountBound } from '#shared/rules/filters.ts';
import type { Executor } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { productSlugs, products } from '#server/db/schema.ts';
import type { ProductSizeInput } from '#shared/contract/product-sizing.ts';
import { findImages, setFirstImage, type ImageRow } from './product-images.repository.ts';
import { findSizes, hasSizes, replaceSizes, type SizeRow } from './product-sizes.repository.ts';
import { catalogFilters, searchOf, type CatalogFilters } from './products.filters.ts';
import { relevance, type ResolvedSearch } from './products.search.ts';
import { setStockContext } from './stock-ledger.context.ts';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

/**
 * A product row with its sizes (none for a one-size product), as the API shows it; one product
 * read alone also carries its gallery (lists leave it out: cards show only the first picture).
 */
export interface ProductRecord {
  row: ProductRow;
  sizes: readonly SizeRow[];
  images?: readonly ImageRow[];
}

/** One product as GET /products/:id shows it: the row, its sizes and its gallery. */
export async function recordOf(db: Executor, row: ProductRow): Promise<ProductRecord> {
  const [sizes, images] = await Promise.all([findSizes(db, [row.id]), findImages(db, [row.id])]);
  return { row, sizes: sizes.get(row.id) ?? [], images: images.get(row.id) ?? [] };
}

/** The columns that hold a product's specs; null where the maker states nothing. */
export type SpecColumns = Pick<
  ProductRow,
  | 'frameMaterial'
  | 'wheelSize'
  | 'gears'
  | 'weightGrams'
  | 'brakes'
  | 'suspension'
  | 'travelMm'
  | 'motorTorqueNm'
  | 'batteryWh'
  | 'rangeKm'
>;

/** The columns a create or update form writes (specs included; sizes go to product_sizes). */
export type ProductValues = Pick<
  NewProductRow,
  'name' | 'brand' | 'category' | 'priceCents' | 'quantity' | 'description'
> &
  Partial<SpecColumns>;

/** A page of the shop: the list query, its search resolved against the catalog's words. */
export type ListQuery = ProductListQuery & { search?: ResolvedSearch | undefined };

type FixedSort = Exclude<ProductSort, 'relevance'>;

/**
 * Every sort ends with the id so pages never overlap. Directions and NULLS placement match the
 * B-tree indexes exactly (products_created_at_idx is created_at DESC NULLS LAST, id), otherwise
 * PostgreSQL sorts the whole table instead of walking the index.
 */
const orderBy: Record<FixedSort, SQL[]> = {
  '-createdAt': [sql`${products.createdAt} desc nulls last`, asc(products.id)],
  createdAt: [sql`${products.createdAt} asc nulls first`, desc(products.id)],
  price: [asc(products.priceCents), asc(products.id)],
  '-price': [desc(products.priceCents), desc(products.id)],
  name: [asc(products.name), asc(products.id)],
  '-name': [desc(products.name), desc(products.id)],
};

/**
 * The same orders through expressions no B-tree index matches, for filters with few matches.
 * PostgreSQL's estimates for ILIKE patterns and for combined filters are coarse: with a rare
 * match it may walk an ordered index testing every row until the page is full, a near full
 * scan (52 ms for a category and price range with no match, sorted by name, at 100,000 rows).
 * Ordering by an expression makes it collect the matches through the filter indexes and sort
 * only those.
 */
const collectedOrderBy: Record<FixedSort, SQL[]> = {
  '-createdAt': [sql`${products.createdAt} + interval '0 seconds' desc`, asc(products.id)],
  createdAt: [sql`${products.createdAt} + interval '0 seconds' asc`, desc(products.id)],
  price: [sql`${products.priceCents} + 0 asc`, asc(products.id)],
  '-price': [sql`${products.priceCents} + 0 desc`, desc(products.id)],
  name: [sql`${products.name} || '' asc`, asc(products.id)],
  '-name': [sql`${products.name} || '' desc`, desc(products.id)],
};

/**
 * The order of a page. By relevance, the best matches of the search come first, alphabetically
 * within each rank; without a search, relevance is newest first.
 */
function pageOrder(query: ListQuery, collect: boolean): SQL[] {
  const search = searchOf(query);
  if (query.sort === 'relevance') {
    if (search) return [relevance(search), asc(products.name), asc(products.id)];
    return (collect ? collectedOrderBy : orderBy)['-createdAt'];
  }
  return (collect ? collectedOrderBy : orderBy)[query.sort];
}

/**
 * The statement behind one page of the shop. `matches` is the filters' exact count when the
 * bounded count found them all (at most catalogCountBound): so few matches are sorted from the
 * matches themselves; more are common enough that walking an ordered index fills a page after a
 * few rows. Exported so tests can EXPLAIN exactly the SQL the API runs.
 */
export function productPageQuery(db: Executor, query: ListQuery, matches?: number) {
  const collect = matches !== undefined;
  return db
    .select()
    .from(products)
    .where(catalogFilters(query, undefined, { broad: !collect }))
    .orderBy(...pageOrder(query, collect))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

/**
 * The statement that counts the matches of the filters for meta.total, reading at most
 * `bound + 1` of them: an exact count of a broad match reads every matching index entry (12 ms
 * for a category's 16,700 at 100,000 products), and nobody pages that far (decision 014).
 */
export function productCountQuery(db: Executor, query: CatalogFilters, bound: number) {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(products)
    .where(catalogFilters(query))
    .limit(bound + 1)
    .as('matches');
  return db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(matches);
}

/**
 * One page of live products, newest first unless asked otherwise, and the count of its matches:
 * exact up to `catalogCountBound`, else that bound with `exact: false`. The count runs first: it is
 * cheap through the filter indexes, a page past the last match needs no second statement, and
 * whether the matches are few chooses how the page is read.
 */
export async function listProducts(
  db: Executor,
  query: ListQuery,
): Promise<{ rows: ProductRow[]; total: number; exact: boolean }> {
  const bound = catalogCountBound(query.page, query.limit);
  const [counted] = await productCountQuery(db, query, bound);
  const n = counted?.n ?? 0;
  const exact = n <= bound;
  const total = Math.min(n, bound);
  if (total <= (query.page - 1) * query.limit) return { rows: [], total, exact };
  return { rows: await productPageQuery(db, query, exact ? total : undefined), total, exact };
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

/** A new product and its sizes, in one transaction; with sizes its quantity becomes their sum. */
export async function insertProductWithSizes(
  db: Executor,
  row: NewProductRow,
  sizes: readonly ProductSizeInput[],
  /** Who creates it, for the stock ledger's opening lines. */
  actorId: string | null = null,
): Promise<ProductRecord> {
  // The image becomes the first gallery picture through the trigger of migration 0028.
  return inTransaction(db, async (tx) => {
    await setStockContext(tx, { actorId });
    const inserted = await insertProduct(tx, row);
    if (sizes.length > 0) await replaceSizes(tx, inserted.id, sizes);
    const [summed] = await tx.select().from(products).where(eq(products.id, inserted.id));
    return recordOf(tx, summed ?? inserted);
  });
}

export async function insertProducts(db: Executor, rows: NewProductRow[]): Promise<ProductRow[]> {
  if (rows.length === 0) return [];
  return db.insert(products).values(rows).returning();
}

type GuardedUpdate =
  | { outcome: 'updated'; record: ProductRecord; replacedImageKey: string | null }
  | { outcome: 'missing' }
  | { outcome: 'refused' };

/**
 * Updates a live product (and, when `sizes` is given, makes them its sizes) if `accept` approves
 * the product as it is under the row lock, and reports the image key it had. The check and the
 * writes are one transaction holding the lock, so no other write (an order taking stock) can land
 * between them; the caller also deletes exactly the files this write replaced, even with
 * concurrent edits. Sizes are written before the row: a product that keeps or gains sizes has
 * its quantity summed by the database and never written here (decision 011), one that loses
 * them takes the form's quantity.
 */
export async function updateLiveProduct(
  db: Executor,
  id: string,
  values: Partial<ProductValues> & { updatedAt: Date },
  sizes: readonly ProductSizeInput[] | undefined,
  /** Undefined keeps the gallery; a key replaces its first picture, null removes it. */
  firstImageKey: string | null | undefined,
  accept: (current: ProductRecord) => boolean = () => true,
  /** Who edits it, for the stock ledger. */
  actorId: string | null = null,
): Promise<GuardedUpdate> {
  return inTransaction(db, async (tx): Promise<GuardedUpdate> => {
    await setStockContext(tx, { actorId });
    const [current] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .for('update');
    if (!current) return { outcome: 'missing' };
    const currentRecord = await recordOf(tx, current);
    const currentSizes = currentRecord.sizes;
    if (!accept(currentRecord)) return { outcome: 'refused' };
    if (sizes !== undefined) await replaceSizes(tx, id, sizes);
    if (firstImageKey !== undefined) await setFirstImage(tx, id, firstImageKey);
    const sized = sizes === undefined ? currentSizes.length > 0 : await hasSizes(tx, id);
    const { quantity, ...rest } = values;
    const [row] = await tx
      .update(products)
      .set(sized || quantity === undefined ? rest : { ...rest, quantity })
      .where(eq(products.id, id))
      .returning();
    if (!row) return { outcome: 'missing' };
    return {
      outcome: 'updated',
      record: await recordOf(tx, row),
      replacedImageKey: firstImageKey === undefined ? null : current.imageKey,
    };
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
