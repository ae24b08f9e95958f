import { sql, type SQL } from 'drizzle-orm';
import type { Category } from '#shared/contract/product.ts';
import type { Executor } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';
import { selectRows } from './products.search.ts';
import type { CategoryWords, SuggestionRow } from './suggestion-index.ts';

/**
 * Products read for the suggestion index, with the horizon of the snapshot they were read in:
 * every transaction with a smaller id had finished by then, so its writes are in the rows (or it
 * rolled back); a later read of the rows marked from the horizon on misses nothing (decision 033).
 */
export interface IndexRead {
  horizon: string;
  rows: (SuggestionRow & { deleted: boolean })[];
}

interface RawRow {
  horizon: string;
  id: string | null;
  slug: string;
  name: string;
  brand: string;
  category: Category;
  price_cents: number;
  image_key: string | null;
  created_at_us: number;
  document: string;
  deleted: boolean;
}

/** One statement, so the rows and the horizon come from one snapshot. */
async function read(db: Executor, where: SQL): Promise<IndexRead> {
  const p = products;
  const raw = await selectRows<RawRow>(
    db,
    sql`
    with h as (select pg_snapshot_xmin(pg_current_snapshot())::text as horizon)
    select h.horizon, p.id, p.slug, p.name, p.brand, p.category, p.price_cents, p.image_key,
      floor(extract(epoch from p.created_at) * 1000000)::float8 as created_at_us,
      p.search_document as document, p.deleted_at is not null as deleted
    from h left join lateral (
      select * from ${p} where ${where}
    ) p on true`,
  );
  const horizon = raw[0]?.horizon;
  if (horizon === undefined) throw new Error('the snapshot horizon was not read');
  const rows = raw.flatMap((r) =>
    r.id === null
      ? []
      : [
          {
            id: r.id,
            slug: r.slug,
            name: r.name,
            brand: r.brand,
            category: r.category,
            priceCents: r.price_cents,
            imageKey: r.image_key,
            createdAtUs: r.created_at_us,
            document: r.document,
            deleted: r.deleted,
          },
        ],
  );
  return { horizon, rows };
}

/** Every live product. */
export function readLiveProducts(db: Executor): Promise<IndexRead> {
  return read(db, sql`${products.deletedAt} is null`);
}

/**
 * The products whose suggestion fields a transaction from `horizon` on changed (deleted ones
 * too, to be let go of), through products_catalog_change_xid_idx.
 */
export function readChangedProducts(db: Executor, horizon: string): Promise<IndexRead> {
  return read(db, sql`${products.catalogChangeXid} >= ${horizon}::xid8`);
}

/** Each category, in the enum's order, with the words search documents hold for it. */
export function readCategoryWords(db: Executor): Promise<CategoryWords[]> {
  return selectRows<CategoryWords>(
    db,
    sql`select c::text as category,
      lower(product_search_text('', '', c, null, null, null, null)) as words
    from unnest(enum_range(null::product_category)) as c`,
  );
}
