import type { Product } from '#shared/contract/product.ts';
import { toDollars } from '#shared/rules/money.ts';
import type { ImageUrls } from '../uploads/images.ts';
import type { ProductRow } from './products.repository.ts';

export function toProduct(row: ProductRow, urls: ImageUrls): Product {
  return {
    _id: row.id,
    name: row.name,
    brand: row.brand,
    slug: row.slug,
    category: row.category,
    price: toDollars(row.priceCents),
    quantity: row.quantity,
    description: row.description,
    ...urls.of(row.imageKey),
    inStock: row.quantity > 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
