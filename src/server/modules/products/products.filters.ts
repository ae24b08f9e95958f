import { and, arrayOverlaps, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { FacetName, ProductFacetsQuery, StockClass } from '#shared/contract/product.ts';
import { stockClassRange } from '#shared/rules/filters.ts';
import { centsAtLeast, centsAtMost } from '#shared/rules/money.ts';
import { products } from '#server/db/schema.ts';
import { literalSearch, searchCondition, type ResolvedSearch } from './products.search.ts';

/**
 * Every filter GET /products and GET /products/facets take (all but order and paging), with the
 * search term resolved against the catalog's words when the caller has done so (resolveSearch);
 * without, the term's words match as typed.
 */
export type CatalogFilters = ProductFacetsQuery & { search?: ResolvedSearch | undefined };

/** The query's search, resolved or as typed; none without a term. */
export function searchOf(query: CatalogFilters): ResolvedSearch | undefined {
  const term = query.searchTerm?.trim();
  if (!term) return undefined;
  return query.search ?? literalSearch(term);
}

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
 * The filters that are no facet, as SQL over live products: the search (products.search.ts), the
 * price range (src/shared/rules/filters.ts matchesQuery) and the fit filter. `broad` says the
 * matches are known to be many: a two-character word is then not narrowed through the bigram
 * index, which would make PostgreSQL collect and sort every match (19 ms for "tr" at 100,000
 * products) where walking an ordered index finds a page after a few hundred rows (1.5 ms).
 */
export function baseFilters(query: CatalogFilters, { broad = false } = {}): SQL[] {
  const conditions: SQL[] = [isNull(products.deletedAt)];
  const search = searchOf(query);
  if (search) conditions.push(...searchCondition(search, { broad }));
  // Bounds in dollars become whole cents without widening: price >= 10.005 is price >= 10.01.
  if (query.minPrice !== undefined)
    conditions.push(gte(products.priceCents, centsAtLeast(query.minPrice)));
  if (query.maxPrice !== undefined)
    conditions.push(lte(products.priceCents, centsAtMost(query.maxPrice)));
  if (query.riderHeightCm !== undefined)
    conditions.push(fitsRider(query.riderHeightCm, query.inseamCm));
  return conditions;
}

/**
 * Whether the query sets a filter that is no facet (a search, a price bound, the fit filter):
 * without one, the facets count the kept facet groups instead of the products.
 */
export function hasBaseFilters(query: CatalogFilters): boolean {
  return baseFilters(query).length > 1;
}

/** A product in one of the spec's stock classes (src/shared/rules/filters.ts stockClassOf). */
export function inStockClass(stock: StockClass): SQL {
  const range = stockClassRange(stock);
  const min = gte(products.quantity, range.min);
  return range.max === undefined ? min : sql`(${min} and ${lte(products.quantity, range.max)})`;
}

/**
 * The facet filters the query sets, each as SQL (src/shared/rules/specs.ts matchesSpecFilters: a
 * product that does not state a spec matches no value of it; the size filter keeps products with
 * one of the sizes in stock).
 */
export function facetFilters(query: CatalogFilters): Partial<Record<FacetName, SQL>> {
  const set: Partial<Record<FacetName, SQL>> = {};
  if (query.category) set.category = eq(products.category, query.category);
  if (query.stock) set.stock = inStockClass(query.stock);
  if (query.size?.length) set.size = hasSizeInStock(query.size);
  if (query.wheelSize?.length) set.wheelSize = inArray(products.wheelSize, query.wheelSize);
  if (query.frameMaterial?.length)
    set.frameMaterial = inArray(products.frameMaterial, query.frameMaterial);
  if (query.brakes?.length) set.brakes = inArray(products.brakes, query.brakes);
  if (query.suspension?.length) set.suspension = inArray(products.suspension, query.suspension);
  return set;
}

/** Every facet filter of the query but `omit`'s. */
export function facetFiltersBut(query: CatalogFilters, omit?: FacetName): SQL[] {
  return Object.entries(facetFilters(query)).flatMap(([facet, condition]) =>
    facet === omit ? [] : [condition],
  );
}

/**
 * The shop's filters as SQL over live products: the base filters and every facet filter. `omit`
 * leaves one facet's own filter out.
 */
export function catalogFilters(
  query: CatalogFilters,
  omit?: FacetName,
  options: { broad?: boolean } = {},
): SQL | undefined {
  return and(...baseFilters(query, options), ...facetFiltersBut(query, omit));
}
