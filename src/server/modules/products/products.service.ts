import type { Product, ProductListQuery } from '#shared/contract/product.ts';
import type { PageMeta } from '#shared/contract/envelope.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { pageMeta } from '../../lib/reply.ts';
import { toProduct } from './products.mapper.ts';
import { findLiveProduct, listProducts } from './products.repository.ts';

export async function getProductPage(
  db: Executor,
  query: ProductListQuery,
): Promise<{ data: Product[]; meta: PageMeta }> {
  const { rows, total } = await listProducts(db, query);
  return { data: rows.map(toProduct), meta: pageMeta(query.page, query.limit, total) };
}

export async function getProduct(db: Executor, id: string): Promise<Product> {
  const row = await findLiveProduct(db, id);
  if (!row) throw notFound('Product not found.');
  return toProduct(row);
}
