import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import * as catalog from '#shared/contract/catalog-values.ts';
import type { ProductFacets } from '#shared/contract/product.ts';
import { LOW_STOCK_THRESHOLD } from '#shared/rules/filters.ts';
import { compareSizeLabels } from '#shared/rules/sizes.ts';
import type { Executor } from '#server/db/client.ts';
import { productFacetGroups, products } from '#server/db/schema.ts';
import {
  baseFilters,
  catalogFilters,
  facetFiltersBut,
  hasBaseFilters,
  inStockClass,
  type CatalogFilters,
} from './products.filters.ts';

/** How a product holds each value of a listed facet. */
const FACET_VALUES = {
  category: {
    values: catalog.CATEGORIES,
    holds: (v: catalog.Category) => eq(products.category, v),
  },
  stock: { values: catalog.STOCK_CLASSES, holds: inStockClass },
  wheelSize: {
    values: catalog.WHEEL_SIZES,
    holds: (v: catalog.WheelSize) => eq(products.wheelSize, v),
  },
  frameMaterial: {
    values: catalog.FRAME_MATERIALS,
    holds: (v: catalog.FrameMaterial) => eq(products.frameMaterial, v),
  },
  brakes: { values: catalog.BRAKE_TYPES, holds: (v: catalog.BrakeType) => eq(products.brakes, v) },
  suspension: {
    values: catalog.SUSPENSION_TYPES,
    holds: (v: catalog.SuspensionType) => eq(products.suspension, v),
  },
} as const;
type ListedFacet = keyof typeof FACET_VALUES;
const LISTED_FACETS = Object.keys(FACET_VALUES) as ListedFacet[];

/** The alias of one value's count in the values statement. */
const countAlias = (facet: ListedFacet, index: number) => `${facet}_${String(index)}`;

/**
 * The matches of the base filters grouped by the columns the listed facets and their filters read
 * (stock clamped at the in-stock threshold, which keeps every stock class apart): a thousand-odd
 * groups instead of up to 100,000 rows for the conditional counts below. The groups stand in for the
 * table under its own name, so the facet filters, written over `products`' columns
 * (products.filters.ts), read them unchanged. Inside the definition the name is still the table's:
 * a plain WITH does not see itself.
 */
function groupedMatches(db: Executor, query: CatalogFilters) {
  // A literal, not a parameter: the grouped expression and the selected one must be the same text.
  const stockLevel = sql<number>`least(${products.quantity}, ${sql.raw(String(LOW_STOCK_THRESHOLD))})`;
  const columns = {
    category: products.category,
    wheelSize: products.wheelSize,
    frameMaterial: products.frameMaterial,
    brakes: products.brakes,
    suspension: products.suspension,
    // Only a size filter reads the sizes in stock; grouping by them always would split the groups.
    ...(query.size?.length ? { sizesInStock: products.sizesInStock } : {}),
  };
  return db.$with('products').as(
    db
      .select({ ...columns, quantity: stockLevel.as('quantity'), n: sql<number>`count(*)`.as('n') })
      .from(products)
      .where(and(...baseFilters(query)))
      .groupBy(stockLevel, ...Object.values(columns)),
  );
}

/**
 * The facet groups of every live product, kept by triggers (migration 0020): what
 * groupedMatches gives for a query without base filters, read instead of computed. Empty groups
 * are left out, or their sizes would be listed at 0.
 */
function keptGroups(db: Executor) {
  const g = productFacetGroups;
  return db.$with('products').as(
    db
      .select({
        category: g.category,
        wheelSize: g.wheelSize,
        frameMaterial: g.frameMaterial,
        brakes: g.brakes,
        suspension: g.suspension,
        quantity: g.quantity,
        sizesInStock: g.sizesInStock,
        n: g.n,
      })
      .from(g)
      .where(gt(g.n, 0)),
  );
}

/**
 * Every value of every listed facet counted in one pass over the grouped matches: one conditional
 * sum per value, each with the other facets' filters but not its own. Seven statements each reading
 * the matches again cost seven times as much (35 ms each for the whole catalog at 100,000 products);
 * counting over the groups instead of the rows halves what is left, and the kept groups spare
 * a request without base filters the reading of every product (docs/performance.md).
 */
function countValues(db: Executor, query: CatalogFilters) {
  const counts: Record<string, SQL.Aliased<number>> = {};
  for (const facet of LISTED_FACETS) {
    const { values, holds } = FACET_VALUES[facet] as {
      values: readonly string[];
      holds: (value: string) => SQL;
    };
    const others = facetFiltersBut(query, facet);
    values.forEach((value, index) => {
      counts[countAlias(facet, index)] = sql<number>`coalesce(sum(n) filter (where ${and(
        holds(value),
        ...others,
      )}), 0)`
        .mapWith(Number)
        .as(countAlias(facet, index));
    });
  }
  const matches = hasBaseFilters(query) ? groupedMatches(db, query) : keptGroups(db);
  return db.with(matches).select(counts).from(matches);
}

/**
 * Products per size label in stock, with every filter but `size`. The matches are first grouped
 * by their labels in stock (about a hundred different lists in a whole catalog), so each list is
 * unnested once rather than once per product (173 to 68 ms under EXPLAIN ANALYZE for the whole
 * catalog at 100,000); without base filters the kept groups stand in for the matches.
 */
function countSizes(db: Executor, query: CatalogFilters) {
  const count = {
    value: sql<string>`in_stock.label`,
    n: sql<number>`sum(n)`.mapWith(Number),
  };
  if (!hasBaseFilters(query)) {
    const groups = keptGroups(db);
    return db
      .with(groups)
      .select(count)
      .from(sql`${groups} cross join unnest(${products.sizesInStock}) as in_stock(label)`)
      .where(and(...facetFiltersBut(query, 'size')))
      .groupBy(sql`in_stock.label`);
  }
  const lists = db
    .select({
      sizesInStock: products.sizesInStock,
      n: sql<number>`count(*)`.as('n'),
    })
    .from(products)
    .where(catalogFilters(query, 'size'))
    .groupBy(products.sizesInStock)
    .as('lists');
  return db
    .select(count)
    .from(sql`${lists} cross join unnest(${lists.sizesInStock}) as in_stock(label)`)
    .groupBy(sql`in_stock.label`);
}

/**
 * The statements behind GET /products/facets: the listed facets' values in one, the sizes in
 * stock in the other; exported so tests can EXPLAIN exactly the SQL the API runs.
 */
export function facetQueries(db: Executor, query: CatalogFilters) {
  return { values: countValues(db, query), size: countSizes(db, query) };
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
  const [[counts], sizeRows] = await Promise.all([q.values, q.size]);
  const listed = <F extends ListedFacet>(facet: F) =>
    (FACET_VALUES[facet].values as readonly (typeof FACET_VALUES)[F]['values'][number][]).map(
      (value, index) => ({ value, count: counts?.[countAlias(facet, index)] ?? 0 }),
    );
  const size = new Map(sizeRows.map((r) => [r.value, r.n]));
  const sizeValues = [...new Set([...size.keys(), ...(query.size ?? [])])].sort(compareSizeLabels);
  return {
    category: listed('category'),
    stock: listed('stock'),
    size: sizeValues.map((value) => ({ value, count: size.get(value) ?? 0 })),
    wheelSize: listed('wheelSize'),
    frameMaterial: listed('frameMaterial'),
    brakes: listed('brakes'),
    suspension: listed('suspension'),
  };
}
