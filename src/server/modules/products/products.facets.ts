import { sql, type SQL } from 'drizzle-orm';
import {
  CATEGORIES,
  STOCK_CLASSES,
  type FacetName,
  type ProductFacets,
} from '#shared/contract/product.ts';
import {
  BRAKE_TYPES,
  FRAME_MATERIALS,
  SUSPENSION_TYPES,
  WHEEL_SIZES,
} from '#shared/contract/product-sizing.ts';
import { LOW_STOCK_THRESHOLD } from '#shared/rules/filters.ts';
import { compareSizeLabels } from '#shared/rules/sizes.ts';
import type { Executor } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';
import { catalogFilters, type CatalogFilters } from './products.filters.ts';

/** Counts matching products per value of one column, with every filter but the facet's own. */
function countBy(db: Executor, query: CatalogFilters, facet: FacetName, value: SQL<string | null>) {
  return (
    db
      .select({ value, n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(catalogFilters(query, facet))
      // By position: the expression's parameters would otherwise make it differ from itself.
      .groupBy(sql`1`)
  );
}

/** The spec's stock classes (src/shared/rules/filters.ts stockClassOf) as one SQL expression. */
const stockClass = sql<string>`case
  when ${products.quantity} = 0 then 'outOfStock'
  when ${products.quantity} < ${LOW_STOCK_THRESHOLD} then 'lowStock'
  else 'inStock' end`;

/** Products per size label in stock, with every filter but `size`. */
function countSizes(db: Executor, query: CatalogFilters) {
  return db
    .select({ value: sql<string>`in_stock.label`, n: sql<number>`count(*)`.mapWith(Number) })
    .from(sql`${products} cross join unnest(${products.sizesInStock}) as in_stock(label)`)
    .where(catalogFilters(query, 'size'))
    .groupBy(sql`in_stock.label`);
}

/**
 * The statements behind GET /products/facets, one per facet; exported so tests can EXPLAIN
 * exactly the SQL the API runs.
 */
export function facetQueries(db: Executor, query: CatalogFilters) {
  return {
    category: countBy(db, query, 'category', sql<string>`${products.category}::text`),
    stock: countBy(db, query, 'stock', stockClass),
    size: countSizes(db, query),
    wheelSize: countBy(db, query, 'wheelSize', sql<string | null>`${products.wheelSize}::text`),
    frameMaterial: countBy(
      db,
      query,
      'frameMaterial',
      sql<string | null>`${products.frameMaterial}::text`,
    ),
    brakes: countBy(db, query, 'brakes', sql<string | null>`${products.brakes}::text`),
    suspension: countBy(db, query, 'suspension', sql<string | null>`${products.suspension}::text`),
  };
}

type Counts = Map<string, number>;

async function counted(
  statement: PromiseLike<{ value: string | null; n: number }[]>,
): Promise<Counts> {
  const rows = await statement;
  return new Map(rows.flatMap((r) => (r.value === null ? [] : [[r.value, r.n] as const])));
}

function listed<T extends string>(
  values: readonly T[],
  counts: Counts,
): { value: T; count: number }[] {
  return values.map((value) => ({ value, count: counts.get(value) ?? 0 }));
}

/**
 * GET /products/facets: how many products each filter value would give, each facet counted with
 * every other filter of the query applied but not its own. Every value of a listed facet is shown,
 * 0 included, in the order the shop shows them. Sizes are the labels the other filters leave in
 * stock, smallest first, with the ones asked for even at 0: a catalog's labels are many (road
 * frames in cm, letters, wheel sizes), and a kids' page need not list 61 cm.
 */
export async function productFacets(db: Executor, query: CatalogFilters): Promise<ProductFacets> {
  const q = facetQueries(db, query);
  const [category, stock, size, wheelSize, frameMaterial, brakes, suspension] = await Promise.all([
    counted(q.category),
    counted(q.stock),
    counted(q.size),
    counted(q.wheelSize),
    counted(q.frameMaterial),
    counted(q.brakes),
    counted(q.suspension),
  ]);
  const sizeValues = [...new Set([...size.keys(), ...(query.size ?? [])])].sort(compareSizeLabels);
  return {
    category: listed(CATEGORIES, category),
    stock: listed(STOCK_CLASSES, stock),
    size: sizeValues.map((value) => ({ value, count: size.get(value) ?? 0 })),
    wheelSize: listed(WHEEL_SIZES, wheelSize),
    frameMaterial: listed(FRAME_MATERIALS, frameMaterial),
    brakes: listed(BRAKE_TYPES, brakes),
    suspension: listed(SUSPENSION_TYPES, suspension),
  };
}
