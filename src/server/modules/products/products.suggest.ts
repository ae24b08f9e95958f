import { and, asc, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Category, ProductSuggestions } from '#shared/contract/product.ts';
import { toDollars } from '#shared/rules/money.ts';
import type { Executor } from '#server/db/client.ts';
import { containing } from '#server/db/like.ts';
import { products } from '#server/db/schema.ts';
import type { ImageUrls } from '../uploads/images.ts';
import { relevance, searchCondition, selectRows, type ResolvedSearch } from './products.search.ts';
import {
  PROBE_ROWS,
  SUGGESTED_BRANDS,
  SUGGESTED_PRODUCTS,
  SUGGESTION_CANDIDATES,
  type SuggestedProduct,
} from './suggestion-index.ts';
import { lettersOf } from './typo-distance.ts';

/** Words shorter than this name no brand or category: one letter is in most of them. */
const NAMING_WORD_MIN = 2;

/** The LIKE pattern of text starting with `prefix`, its wildcards escaped. */
const startingWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A word or one of its corrections is in `column` (already lowercase). */
function namesWord(column: SQL, search: ResolvedSearch): SQL | undefined {
  const patterns = search.words
    .filter((w) => lettersOf(w.asked).length >= NAMING_WORD_MIN)
    .flatMap((w) => [
      sql`${column} like lower(${containing(w.asked)})`,
      ...w.corrections.map((c) => sql`${column} like ${containing(c)}`),
    ]);
  return patterns.length ? or(...patterns) : undefined;
}

/**
 * The matches the six are ranked from (decision 028): at most SUGGESTION_CANDIDATES, newest first
 * when the term is common. A term in at least a tenth of the documents ("bike", "al", a slip in a
 * common word) has its candidates among the PROBE_ROWS newest live products, read in the order of
 * products_created_at_idx, so no search index is read and nothing beyond them is ranked. A rarer
 * term goes through the trigram or bigram index, whose bitmap is then small; that statement is
 * planned for all its rows (a CTE), so the planner does not walk the table hoping to stop early.
 * When a term has fewer matches than the bound, every match is a candidate and the six are those
 * GET /products ranks first. A term of one-letter words has no index to use and is answered from
 * the newest products alone.
 */
function candidateIds(search: ResolvedSearch): SQL {
  const bound = SUGGESTION_CANDIDATES;
  const probe = sql`
    with probe as materialized (
      select ${products.id} from (
        select * from ${products} where ${products.deletedAt} is null
        order by ${products.createdAt} desc nulls last, ${products.id}
        limit ${PROBE_ROWS}
      ) as ${products}
      where ${and(...searchCondition(search, { broad: true }))}
      limit ${bound}
    )`;
  if (!search.words.some((w) => lettersOf(w.asked).length >= 2))
    return sql`${probe} select id from probe`;
  return sql`${probe}, indexed as materialized (
      select ${products.id} from ${products}
      where (select count(*) from probe) < ${bound} and ${products.deletedAt} is null
        and ${and(...searchCondition(search))}
    )
    select id from probe where (select count(*) from probe) >= ${bound}
    union all
    (select id from indexed limit ${bound})`;
}

/** The best of the candidates, as GET /products ranks them (products.search.ts relevance). */
async function suggestedProducts(db: Executor, search: ResolvedSearch) {
  return db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      brand: products.brand,
      priceCents: products.priceCents,
      imageKey: products.imageKey,
    })
    .from(products)
    .where(and(isNull(products.deletedAt), sql`${products.id} in (${candidateIds(search)})`))
    .orderBy(relevance(search), asc(products.name), asc(products.id))
    .limit(SUGGESTED_PRODUCTS);
}

/**
 * The brands a word of the search names, those starting with it first, and the categories it
 * names, in the shop's order, in one statement. The live brands are read by a skip scan of
 * products_brand_idx (one index probe per brand, however many bicycles each has), then matched.
 * A category's words are those the search documents hold for it (product_search_text: "mtb"
 * names Mountain Bike).
 */
async function suggestedNames(
  db: Executor,
  search: ResolvedSearch,
): Promise<{ brands: string[]; categories: Category[] }> {
  const brand = sql`lower(b.brand)`;
  const brandMatch = namesWord(brand, search);
  const categoryMatch = namesWord(
    sql`lower(product_search_text('', '', c, null, null, null, null))`,
    search,
  );
  if (!brandMatch || !categoryMatch) return { brands: [], categories: [] };
  const first = search.words[0]?.asked ?? '';
  const rows = await selectRows<{ kind: 'brand' | 'category'; value: string }>(
    db,
    sql`
    with recursive b(brand) as (
      (select ${products.brand} from ${products} where ${products.deletedAt} is null
        order by ${products.brand} limit 1)
      union all
      select (select p.brand from ${products} p where p.deleted_at is null and p.brand > b.brand
        order by p.brand limit 1)
      from b where b.brand is not null
    )
    (select 'brand' as kind, b.brand as value from b where b.brand is not null and ${brandMatch}
      order by ${brand} like lower(${startingWith(first)}) desc, b.brand
      limit ${SUGGESTED_BRANDS})
    union all
    (select 'category', c::text from unnest(enum_range(null::product_category)) as c
      where ${categoryMatch} order by c)`,
  );
  return {
    brands: rows.filter((row) => row.kind === 'brand').map((row) => row.value),
    categories: rows.filter((row) => row.kind === 'category').map((row) => row.value as Category),
  };
}

/** As-you-type suggestions: the best few bicycles, and the brands and categories the words name. */
export async function productSuggestions(
  db: Executor,
  search: ResolvedSearch,
  imageUrls: ImageUrls,
): Promise<ProductSuggestions> {
  if (search.words.length === 0) return { products: [], brands: [], categories: [] };
  const rows = await suggestedProducts(db, search);
  const { brands, categories } = await suggestedNames(db, search);
  return {
    products: rows.map((row) => suggestedProduct(row, imageUrls)),
    brands,
    categories,
  };
}

/** One suggested bicycle in the contract's shape, from the database or the in-process index. */
export function suggestedProduct(
  row: Pick<SuggestedProduct, 'id' | 'slug' | 'name' | 'brand' | 'priceCents' | 'imageKey'>,
  imageUrls: ImageUrls,
): ProductSuggestions['products'][number] {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    price: toDollars(row.priceCents),
    thumbnailUrl: imageUrls.of(row.imageKey).thumbnailUrl,
  };
}
