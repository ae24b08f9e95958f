import {
  and,
  arrayOverlaps,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { FacetName, ProductFacetsQuery } from '#shared/contract/product.ts';
import { stockClassRange } from '#shared/rules/filters.ts';
import { centsAtLeast, centsAtMost } from '#shared/rules/money.ts';
import { containing } from '#server/db/like.ts';
import { products } from '#server/db/schema.ts';

/** Every filter GET /products and GET /products/facets take (all but order and paging). */
export type CatalogFilters = ProductFacetsQuery;

/** A rider's cell in products.fit_cells: height * 1000 + inseam (migration 0018). */
const FIT_CELLS_PER_HEIGHT = 1000;

/**
 * The fit filter, src/shared/rules/fit.ts `fitsInStock`: the product's sizes turned into the
 * riders the rule sends to a size in stock are kept in products.fit_cells by the product_sizes
 * triggers (migration 0018, product_fit_of), so a request reads one GiST-indexed column. With an
 * inseam the rider is one cell; without, any inseam at that height will do.
 */
function fitsRider(heightCm: number, inseamCm: number | undefined): SQL {
  const height = heightCm * FIT_CELLS_PER_HEIGHT;
  return inseamCm === undefined
    ? sql`${products.fitCells} && int4range(${height}::int, ${height + FIT_CELLS_PER_HEIGHT}::int)`
    : sql`${products.fitCells} @> ${height + inseamCm}::int`;
}

/** Products with any of these sizes in stock (src/shared/rules/sizes.ts hasSizeInStock). */
function hasSizeInStock(labels: readonly string[]): SQL {
  return arrayOverlaps(products.sizesInStock, [...labels]);
}

/**
 * The shop's filters as SQL over live products: the spec's (src/shared/rules/filters.ts
 * matchesQuery), the spec filters (rules/specs.ts matchesSpecFilters: a product that does not
 * state a spec matches no value of it), the size filter and the fit filter. `omit` leaves one
 * facet's own filter out, for counting that facet.
 */
export function catalogFilters(query: CatalogFilters, omit?: FacetName): SQL | undefined {
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
  if (query.category && omit !== 'category') conditions.push(eq(products.category, query.category));
  // Bounds in dollars become whole cents without widening: price >= 10.005 is price >= 10.01.
  if (query.minPrice !== undefined)
    conditions.push(gte(products.priceCents, centsAtLeast(query.minPrice)));
  if (query.maxPrice !== undefined)
    conditions.push(lte(products.priceCents, centsAtMost(query.maxPrice)));
  if (query.stock && omit !== 'stock') {
    const range = stockClassRange(query.stock);
    conditions.push(gte(products.quantity, range.min));
    if (range.max !== undefined) conditions.push(lte(products.quantity, range.max));
  }
  if (query.size?.length && omit !== 'size') conditions.push(hasSizeInStock(query.size));
  if (query.wheelSize?.length && omit !== 'wheelSize')
    conditions.push(inArray(products.wheelSize, query.wheelSize));
  if (query.frameMaterial?.length && omit !== 'frameMaterial')
    conditions.push(inArray(products.frameMaterial, query.frameMaterial));
  if (query.brakes?.length && omit !== 'brakes')
    conditions.push(inArray(products.brakes, query.brakes));
  if (query.suspension?.length && omit !== 'suspension')
    conditions.push(inArray(products.suspension, query.suspension));
  if (query.riderHeightCm !== undefined)
    conditions.push(fitsRider(query.riderHeightCm, query.inseamCm));
  return and(...conditions);
}
