import type { Product } from '#shared/contract/product.ts';
import { formatPrice } from '#shared/rules/money.ts';

/**
 * What differs between the bicycle an admin loaded and the one saved since, in words for the
 * conflict notice: values that fit on a line show both sides, long ones are only named.
 */
export function productChanges(before: Product, after: Product): string[] {
  const changes: string[] = [];
  const both = (label: string, from: string, to: string) => {
    if (from !== to) changes.push(`${label} ${from} → ${to}`);
  };
  both('stock', String(before.quantity), String(after.quantity));
  both('price', formatPrice(before.price), formatPrice(after.price));
  both('name', before.name, after.name);
  both('brand', before.brand, after.brand);
  both('category', before.category, after.category);
  if (before.description !== after.description) changes.push('description edited');
  if (before.imageUrl !== after.imageUrl) changes.push('picture changed');
  return changes;
}
