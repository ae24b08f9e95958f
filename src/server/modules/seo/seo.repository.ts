import { and, asc, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { countRows } from '#server/db/queries.ts';
import { products } from '#server/db/schema.ts';

export interface SitemapProduct {
  id: string;
  slug: string;
  updatedAt: Date;
}

export async function countLiveProducts(db: Executor): Promise<number> {
  return countRows(db, products, isNull(products.deletedAt));
}

/** The id of the live product at `position` (from 0) in id order, where a sitemap part starts. */
export async function liveProductIdAt(db: Executor, position: number): Promise<string | undefined> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(isNull(products.deletedAt))
    .orderBy(asc(products.id))
    .offset(position)
    .limit(1);
  return row?.id;
}

/**
 * Up to `limit` live products in id order, from `fromId` on (inclusive) or after `afterId`.
 * Keyset pages through the primary key: each page costs the same however deep it is.
 */
export async function liveProductsFrom(
  db: Executor,
  from: { fromId: string } | { afterId: string },
  limit: number,
): Promise<SitemapProduct[]> {
  const bound =
    'fromId' in from ? sql`${products.id} >= ${from.fromId}` : gt(products.id, from.afterId);
  return db
    .select({ id: products.id, slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(and(isNull(products.deletedAt), bound))
    .orderBy(asc(products.id))
    .limit(limit);
}
