import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
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
import { productSizes, products } from '#server/db/schema.ts';
import { catalogFilters, type CatalogFilters } from './products.filters.ts';

type Counts = Map<string, number>;

/** Counts matching products per value of one column, with every filter but the facet's own. */
async function countBy(
  db: Executor,
  query: CatalogFilters,
  facet: FacetName,
  value: SQL<string | null>,
): Promise<Counts> {
  const rows = await db
    .select({ value, n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(catalogFilters(query, facet))
    // By position: the expression's parameters would otherwise make it differ from itself.
    .groupBy(sql`1`);
  return new Map(rows.flatMap((r) => (r.value === null ? [] : [[r.value, r.n] as const])));
}

/** The spec's stock classes (src/shared/rules/filters.ts stockClassOf) as one SQL expression. */
const stockClass = sql<string>`case
  when ${products.quantity} = 0 then 'outOfStock'
  when ${products.quantity} < ${LOW_STOCK_THRESHOLD} then 'lowStock'
  else 'inStock' end`;

/** Products per size label in stock, with every filter but `size`. */
async function countSizes(db: Executor, query: CatalogFilters): Promise<Counts> {
  const rows = await db
    .select({ value: productSizes.label, n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .innerJoin(
      productSizes,
      and(eq(productSizes.productId, products.id), gt(productSizes.quantity, 0)),
    )
    .where(catalogFilters(query, 'size'))
    .groupBy(productSizes.label);
  return new Map(rows.map((r) => [r.value, r.n]));
}

/**
 * Every size label some live product has in stock, walked through the in-stock label index one
 * label at a time (a loose index scan), so the facet lists labels that no product of the current
 * filters has, disabled, without reading every size row.
 */
async function sizeLabelsInStock(db: Executor): Promise<string[]> {
  const labels: string[] = [];
  let after: string | null = null;
  for (;;) {
    const [row] = await db
      .select({ label: productSizes.label })
      .from(productSizes)
      .innerJoin(products, and(eq(products.id, productSizes.productId), isNull(products.deletedAt)))
      .where(
        and(
          gt(productSizes.quantity, 0),
          after === null ? undefined : gt(productSizes.label, after),
        ),
      )
      .orderBy(productSizes.label)
      .limit(1);
    if (!row) return labels;
    labels.push(row.label);
    after = row.label;
  }
}

function listed<T extends string>(
  values: readonly T[],
  counts: Counts,
): { value: T; count: number }[] {
  return values.map((value) => ({ value, count: counts.get(value) ?? 0 }));
}

/**
 * GET /products/facets: how many products each filter value would give, each facet counted with
 * every other filter of the query applied but not its own. Every value is listed, 0 included, in
 * the order the shop shows them; size labels smallest first, with the ones asked for even when
 * no product has them.
 */
export async function productFacets(db: Executor, query: CatalogFilters): Promise<ProductFacets> {
  const [category, stock, size, labels, wheelSize, frameMaterial, brakes, suspension] =
    await Promise.all([
      countBy(db, query, 'category', sql<string>`${products.category}::text`),
      countBy(db, query, 'stock', stockClass),
      countSizes(db, query),
      sizeLabelsInStock(db),
      countBy(db, query, 'wheelSize', sql<string | null>`${products.wheelSize}::text`),
      countBy(db, query, 'frameMaterial', sql<string | null>`${products.frameMaterial}::text`),
      countBy(db, query, 'brakes', sql<string | null>`${products.brakes}::text`),
      countBy(db, query, 'suspension', sql<string | null>`${products.suspension}::text`),
    ]);
  const sizeValues = [...new Set([...labels, ...size.keys(), ...(query.size ?? [])])].sort(
    compareSizeLabels,
  );
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
