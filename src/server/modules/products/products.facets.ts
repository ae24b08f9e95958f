import { and, eq, sql, type SQL } from 'drizzle-orm';
import * as catalog from '#shared/contract/catalog-values.ts';
import type { ProductFacets } from '#shared/contract/product.ts';
import { LOW_STOCK_THRESHOLD } from '#shared/rules/filters.ts';
import { compareSizeLabels } from '#shared/rules/sizes.ts';
import type { Executor } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';
import {
  baseFilters,
  facetFiltersBut,
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
 * The matches of the base filters grouped by the columns the facets and their filters read (stock
 * clamped at the in-stock threshold, which keeps every stock class apart): a few thousand groups
 * instead of up to 100,000 rows for the counts below. The groups stand in for the table under its
 * own name, so the facet filters, written over `products`' columns (products.filters.ts), read them
 * unchanged. Inside the definition the name is still the table's: a plain WITH does not see itself.
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
    sizesInStock: products.sizesInStock,
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
 * The one statement behind GET /products/facets, over the grouped matches (read once): every value
 * of every listed facet as a conditional sum, each with the other facets' filters but not its own,
 * and the products per size label in stock, with every facet filter but `size`, as JSON. Separate
 * statements each read the matches again: seven for the listed facets once cost 35 ms each for the
 * whole catalog at 100,000 products, and the sizes' own scan as much as all of them
 * (docs/performance.md items 14 and 19). Exported so tests can EXPLAIN exactly the SQL the API runs.
 */
export function facetsQuery(db: Executor, query: CatalogFilters) {
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
  const matches = groupedMatches(db, query);
  const sizes = sql<[string, number][]>`(select coalesce(json_agg(json_build_array(label, c)), '[]')
    from (select in_stock.label, sum(n) as c
      from ${matches} cross join unnest(${products.sizesInStock}) as in_stock(label)
      where ${and(sql`true`, ...facetFiltersBut(query, 'size'))}
      group by in_stock.label) as by_label)`;
  return db
    .with(matches)
    .select({ ...counts, sizes: sizes.as('sizes') })
    .from(matches);
}

/**
 * GET /products/facets: how many products each filter value would give, each facet counted with
 * every other filter of the query applied but not its own. Every value of a listed facet is shown,
 * 0 included, in the order the shop shows them. Sizes are the labels the other filters leave in
 * stock, smallest first, with the ones asked for even at 0: a catalog's labels are many (road
 * frames in cm, letters, wheel sizes), and a kids' page need not list 61 cm.
 */
export async function productFacets(db: Executor, query: CatalogFilters): Promise<ProductFacets> {
  const [row] = await facetsQuery(db, query);
  // The counts' keys are built per value, so the row's type knows only `sizes` by name.
  const counts = row as Record<string, unknown> | undefined;
  const listed = <F extends ListedFacet>(facet: F) =>
    (FACET_VALUES[facet].values as readonly (typeof FACET_VALUES)[F]['values'][number][]).map(
      (value, index) => ({ value, count: Number(counts?.[countAlias(facet, index)] ?? 0) }),
    );
  const size = new Map((row?.sizes ?? []).map(([label, n]) => [label, n]));
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
