import type { Product } from '#shared/contract/product.ts';
import type { ProductSize } from '#shared/contract/product-sizing.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { SPEC_FIELDS, specText } from './spec-fields.ts';

function labelsOf(sizes: readonly ProductSize[]): string {
  return sizes.length > 0 ? sizes.map((size) => size.label).join(', ') : 'one size';
}

/**
 * Sizes that differ: a new chart names both lists; the same chart names each size whose stock
 * or rider heights moved, so an admin sees that "M" sold out while they typed.
 */
function sizeChanges(before: readonly ProductSize[], after: readonly ProductSize[]): string[] {
  if (labelsOf(before) !== labelsOf(after))
    return [`sizes ${labelsOf(before)} → ${labelsOf(after)}`];
  const changes: string[] = [];
  before.forEach((was, index) => {
    const now = after[index];
    if (!now) return;
    if (was.quantity !== now.quantity)
      changes.push(`${was.label} stock ${String(was.quantity)} → ${String(now.quantity)}`);
    if (was.minHeightCm !== now.minHeightCm || was.maxHeightCm !== now.maxHeightCm)
      changes.push(`${was.label} rider heights edited`);
  });
  return changes;
}

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
  changes.push(...sizeChanges(before.sizes ?? [], after.sizes ?? []));
  both('price', formatPrice(before.price), formatPrice(after.price));
  both('name', before.name, after.name);
  both('brand', before.brand, after.brand);
  both('category', before.category, after.category);
  for (const field of SPEC_FIELDS)
    both(field.label.toLowerCase(), specText(field, before.specs), specText(field, after.specs));
  if (before.description !== after.description) changes.push('description edited');
  if (before.imageUrl !== after.imageUrl) changes.push('picture changed');
  return changes;
}
