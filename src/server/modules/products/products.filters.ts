import { and, eq, gte, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { FacetName, ProductFacetsQuery } from '#shared/contract/product.ts';
import { INSEAM_TO_HEIGHT_PERCENT } from '#shared/rules/fit.ts';
import { stockClassRange } from '#shared/rules/filters.ts';
import { centsAtLeast, centsAtMost } from '#shared/rules/money.ts';
import { containing } from '#server/db/like.ts';
import { productSizes, products } from '#server/db/schema.ts';

/** Every filter GET /products and GET /products/facets take (all but order and paging). */
export type CatalogFilters = ProductFacetsQuery;

/**
 * The fit filter, src/shared/rules/fit.ts `fitsInStock`, in SQL: among the product's sizes made
 * for the rider's height, the two whose centres are nearest it (ties: smaller centre, then list
 * order, as recommendFit sorts) are the candidates; with an inseam and two candidates, the legs
 * pick one (inseam < boundary * 45%, in exact numeric arithmetic, as decide() does); a candidate
 * in stock keeps the product. The first condition narrows through the in-stock height index.
 */
function fitsRider(heightCm: number, inseamCm: number | undefined): SQL {
  const inseam = inseamCm ?? null;
  return sql`${products.id} in (
      select ${productSizes.productId} from ${productSizes}
      where ${productSizes.quantity} > 0
        and int4range(${productSizes.minHeightCm}, ${productSizes.maxHeightCm}, '[]') @> ${heightCm}::int
    )
    and exists (
      select 1 from (
        select t.quantity,
               count(*) over () as n,
               row_number() over (order by t.center, t.position) as ord,
               avg(t.center) over () as boundary
        from (
          select s.quantity, s.position, (s.min_height_cm + s.max_height_cm) / 2.0 as center
          from ${productSizes} s
          where s.product_id = ${products.id}
            and s.min_height_cm <= ${heightCm}::int and ${heightCm}::int <= s.max_height_cm
          order by abs((s.min_height_cm + s.max_height_cm) / 2.0 - ${heightCm}::int),
                   (s.min_height_cm + s.max_height_cm) / 2.0, s.position
          limit 2
        ) t
      ) two
      where two.quantity > 0 and (
        two.n = 1 or ${inseam}::int is null
        or (two.ord = 1 and ${inseam}::int * 100 < two.boundary * ${INSEAM_TO_HEIGHT_PERCENT})
        or (two.ord = 2 and ${inseam}::int * 100 >= two.boundary * ${INSEAM_TO_HEIGHT_PERCENT})
      )
    )`;
}

/** Products with any of these sizes in stock (src/shared/rules/sizes.ts hasSizeInStock). */
function hasSizeInStock(labels: readonly string[]): SQL {
  return sql`exists (
    select 1 from ${productSizes}
    where ${productSizes.productId} = ${products.id}
      and ${inArray(productSizes.label, [...labels])}
      and ${productSizes.quantity} > 0
  )`;
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
