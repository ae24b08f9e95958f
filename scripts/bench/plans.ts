/**
 * The plans PostgreSQL makes for GET /products and its facets at the bench's catalog size, and
 * what they take: each statement uses the index meant for it (no sequential scan of the products),
 * and a filtered page, its count and a name search's facets answer within DESIGN.md section 8's
 * 20 ms at the database. The plans only mean something on a production-sized table, hence here
 * and not in the test suites (decision 039).
 */
import { productListQuerySchema, type ProductListParams } from '#shared/contract/product.ts';
import { catalogCountBound } from '#shared/rules/filters.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { facetQueries } from '#server/modules/products/products.facets.ts';
import {
  productCountQuery,
  productPageQuery,
} from '#server/modules/products/products.repository.ts';

/** The budget of DESIGN.md section 8: a filtered page answers in under 20 ms at the database. */
export const PLAN_BUDGET_MS = 20;

export interface PlanRow {
  check: string;
  /** The indexes the plans used, or the time of page and count together (best of five each). */
  found: string;
  ok: boolean;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
interface Explained {
  Plan: PlanNode;
  'Execution Time'?: number;
}

type FacetKind = keyof ReturnType<typeof facetQueries>;
type Kind = 'page' | 'count' | `facet ${FacetKind}`;

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];
const indexesOf = (explained: Explained) =>
  nodes(explained.Plan).flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));
const seqScans = (explained: Explained) =>
  nodes(explained.Plan).filter(
    (n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'products',
  ).length;

/** EXPLAINs exactly the SQL GET /products (or GET /products/facets) runs for these parameters. */
async function explain(
  database: Database,
  kind: Kind,
  params: ProductListParams,
  analyze = false,
): Promise<Explained> {
  const { db, pool } = database;
  if (!pool) throw new Error('the plans are PostgreSQL’s: give a PostgreSQL URL');
  const query = productListQuerySchema.parse(params);
  // As listProducts does: the bounded count chooses the page's statement.
  const bound = catalogCountBound(query.page, query.limit);
  const [count] = await productCountQuery(db, query, bound);
  const exact = count && count.n <= bound ? count.n : undefined;
  const statement = (
    kind === 'page'
      ? productPageQuery(db, query, exact)
      : kind === 'count'
        ? productCountQuery(db, query, bound)
        : facetQueries(db, query)[kind.slice('facet '.length) as FacetKind]
  ).toSQL();
  const options = analyze ? 'analyze, buffers, format json' : 'format json';
  const result = await pool.query<{ 'QUERY PLAN': Explained[] }>(
    `explain (${options}) ${statement.sql}`,
    statement.params,
  );
  const explained = result.rows[0]?.['QUERY PLAN'][0];
  if (!explained) throw new Error('no plan');
  return explained;
}

/** The best of five EXPLAIN ANALYZE runs: the first may pay for cold caches. */
async function bestTime(database: Database, kind: Kind, params: ProductListParams) {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 5; run += 1) {
    const explained = await explain(database, kind, params, true);
    best = Math.min(best, explained['Execution Time'] ?? Number.POSITIVE_INFINITY);
  }
  return best;
}

/** A check of what one statement's plan must use. */
interface PlanCheck {
  check: string;
  kind: 'page' | 'count';
  params: ProductListParams;
  /** An index the plan must use. */
  uses: RegExp;
  /** Whether every index used must match `uses`. */
  only?: boolean;
}

const PLAN_CHECKS: PlanCheck[] = [
  ...(['page', 'count'] as const).map((kind): PlanCheck => ({
    check: `a name search's ${kind} through the trigram index`,
    kind,
    params: { searchTerm: 'marlin 7' },
    uses: /products_search_document_trgm_idx/,
  })),
  {
    check: "a two-character word's count through the bigram index",
    kind: 'count',
    params: { searchTerm: 'Tr', minPrice: 300, maxPrice: 1600, sort: '-createdAt' },
    uses: /products_search_document_bigrams_idx/,
  },
  {
    // Thousands of matches: a page is found walking the newest-first index, not by sorting them.
    check: "a two-character word's newest page along the newest-first index",
    kind: 'page',
    params: { searchTerm: 'Tr', minPrice: 300, maxPrice: 1600, sort: '-createdAt' },
    uses: /products_created_at_idx/,
  },
  ...(['page', 'count'] as const).map((kind): PlanCheck => ({
    check: `category and price's ${kind} through a B-tree index`,
    kind,
    params: { category: 'Road Bicycle', minPrice: 800, maxPrice: 1500 },
    uses: /^products_(?!name_folded_trgm|search_document_trgm).*_idx$/,
    only: true,
  })),
  {
    check: 'category and price sorted by price along the category and price index',
    kind: 'page',
    params: { category: 'Road Bicycle', minPrice: 800, maxPrice: 1500, sort: 'price' },
    uses: /products_category_price_idx/,
  },
];

const TIMED_PAGES: [string, ProductListParams][] = [
  ['category + price', { category: 'Road Bicycle', minPrice: 800, maxPrice: 1500 }],
  ['name search', { searchTerm: 'marlin 7' }],
  ['name search + category, page 2', { searchTerm: 'domane', category: 'Road Bicycle', page: 2 }],
  [
    'two-character search + price, newest first',
    { searchTerm: 'tr', minPrice: 0, maxPrice: 2000, sort: '-createdAt' },
  ],
  // No kids' bicycle costs this much: an ordered walk of the name index would read every row.
  [
    'category + price with no match, sorted by name',
    { category: 'Kids Bicycles', minPrice: 2000, maxPrice: 2900, sort: 'name' },
  ],
  [
    'category, price and stock, sorted by price',
    { category: 'Mountain Bike', minPrice: 500, maxPrice: 2500, stock: 'inStock', sort: 'price' },
  ],
  ['two sizes', { size: ['M', '54 cm'] }],
  ['frame material and brakes', { frameMaterial: ['Carbon'], brakes: ['Hydraulic disc'] }],
  [
    'wheel size, suspension and price',
    { wheelSize: ['29"'], suspension: ['Full'], minPrice: 500, maxPrice: 3000 },
  ],
  ['the fit filter with an inseam', { riderHeightCm: 178, inseamCm: 84 }],
  ['category and the fit filter', { category: 'Mountain Bike', riderHeightCm: 170 }],
];

/** Facets: a name search's are budgeted; broad matches count exactly and are only reported. */
const FACETS: [string, ProductListParams, boolean][] = [
  ['a name search', { searchTerm: 'marlin 7' }, true],
  ['the whole catalog', {}, false],
  ['a category', { category: 'Road Bicycle' }, false],
  ['the fit filter', { riderHeightCm: 178 }, false],
  ['a size and a material', { size: ['M'], frameMaterial: ['Aluminium'] }, false],
];

export async function plansBench(databaseUrl: string): Promise<PlanRow[]> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  const rows: PlanRow[] = [];
  try {
    for (const { check, kind, params, uses, only = false } of PLAN_CHECKS) {
      const plan = await explain(database, kind, params);
      const used = indexesOf(plan);
      const scans = seqScans(plan);
      rows.push({
        check: `plan: ${check}`,
        found: [...used, ...(scans ? [`${String(scans)} sequential scan(s)`] : [])].join(', '),
        ok:
          scans === 0 &&
          used.some((name) => uses.test(name)) &&
          (!only || used.every((name) => uses.test(name))),
      });
    }
    for (const [label, params] of TIMED_PAGES) {
      const ms =
        (await bestTime(database, 'page', params)) + (await bestTime(database, 'count', params));
      rows.push({
        check: `page + count: ${label}`,
        found: `${ms.toFixed(2)} ms`,
        ok: ms < PLAN_BUDGET_MS,
      });
    }
    for (const [label, params, budgeted] of FACETS) {
      let ms = 0;
      for (const facet of ['values', 'size'] as const)
        ms += await bestTime(database, `facet ${facet}`, params);
      rows.push({
        check: `facets of ${label}${budgeted ? '' : ' (exact counts of broad matches: not budgeted)'}`,
        found: `${ms.toFixed(2)} ms`,
        ok: !budgeted || ms < PLAN_BUDGET_MS,
      });
    }
  } finally {
    await database.close();
  }
  return rows;
}
