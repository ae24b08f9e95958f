import { and, asc, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Category, ProductSuggestions } from '#shared/contract/product.ts';
import { toDollars } from '#shared/rules/money.ts';
import type { Executor } from '#server/db/client.ts';
import { containing } from '#server/db/like.ts';
import { products } from '#server/db/schema.ts';
import type { ImageUrls } from '../uploads/images.ts';
import { relevance, searchCondition, selectRows, type ResolvedSearch } from './products.search.ts';
import { lettersOf } from './typo-distance.ts';

/** Bicycles, brands and categories an as-you-type list shows at most. */
export const SUGGESTED_PRODUCTS = 6;
export const SUGGESTED_BRANDS = 4;

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
 * The best matches of the search, as GET /products ranks them (products.search.ts relevance).
 */
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
    .where(and(isNull(products.deletedAt), ...searchCondition(search)))
    .orderBy(relevance(search), asc(products.name), asc(products.id))
    .limit(SUGGESTED_PRODUCTS);
}

/**
 * The brands a word of the search names, those starting with it first. The live brands are read
 * by a skip scan of products_brand_idx (one index probe per brand, however many bicycles each
 * has), then matched.
 */
async function suggestedBrands(db: Executor, search: ResolvedSearch): Promise<string[]> {
  const brand = sql`lower(b.brand)`;
  const match = namesWord(brand, search);
  if (!match) return [];
  const first = search.words[0]?.asked ?? '';
  const rows = await selectRows<{ brand: string }>(
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
    select b.brand from b where b.brand is not null and ${match}
    order by ${brand} like lower(${startingWith(first)}) desc, b.brand
    limit ${SUGGESTED_BRANDS}`,
  );
  return rows.map((row) => row.brand);
}

/**
 * The categories a word of the search names, in the shop's order; the category's words are those
 * the search documents hold for it (product_search_text: "mtb" names Mountain Bike).
 */
async function suggestedCategories(db: Executor, search: ResolvedSearch): Promise<Category[]> {
  const words = sql`lower(product_search_text('', '', c, null, null, null, null))`;
  const match = namesWord(words, search);
  if (!match) return [];
  const rows = await selectRows<{ category: Category }>(
    db,
    sql`
    select c::text as category from unnest(enum_range(null::product_category)) as c
    where ${match} order by c`,
  );
  return rows.map((row) => row.category);
}

/** As-you-type suggestions: the best few bicycles, and the brands and categories the words name. */
export async function productSuggestions(
  db: Executor,
  search: ResolvedSearch,
  imageUrls: ImageUrls,
): Promise<ProductSuggestions> {
  if (search.words.length === 0) return { products: [], brands: [], categories: [] };
  const rows = await suggestedProducts(db, search);
  const brands = await suggestedBrands(db, search);
  const categories = await suggestedCategories(db, search);
  return {
    products: rows.map((row) => ({
      _id: row.id,
      slug: row.slug,
      name: row.name,
      brand: row.brand,
      price: toDollars(row.priceCents),
      thumbnailUrl: imageUrls.of(row.imageKey).thumbnailUrl,
    })),
    brands,
    categories,
  };
}
