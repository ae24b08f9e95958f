import { sizesMessages } from '../messages/sizes.ts';

/*
 * Stock of a product with sizes. Each size holds its own units; the product's quantity is their
 * sum (the database keeps it so, see docs/decisions/011-sizes-and-specs.md), so every rule that
 * reads `quantity` (stock classes, the cart's limit, inStock) holds for sized products too.
 */

export interface SizeStock {
  label: string;
  quantity: number;
}

/** A product with sizes; empty or absent `sizes` is a one-size product. */
export function isSized(sizes: readonly SizeStock[] | null | undefined): boolean {
  return sizes !== null && sizes !== undefined && sizes.length > 0;
}

export function totalSizeQuantity(sizes: readonly SizeStock[]): number {
  return sizes.reduce((sum, size) => sum + size.quantity, 0);
}

/** Units a product has: its quantity, or the sum of its sizes when it has sizes. */
export function productStock(product: {
  quantity: number;
  sizes?: readonly SizeStock[] | null | undefined;
}): number {
  return product.sizes && isSized(product.sizes)
    ? totalSizeQuantity(product.sizes)
    : product.quantity;
}

/** Labels are matched exactly: they are what the API answered, not what a person typed. */
export function findSize<T extends SizeStock>(sizes: readonly T[], label: string): T | undefined {
  return sizes.find((size) => size.label === label);
}

/** Whether `wanted` units of this size can be had; an unknown size never can. */
export function isSizeInStock(sizes: readonly SizeStock[], label: string, wanted = 1): boolean {
  const size = findSize(sizes, label);
  return size !== undefined && size.quantity >= wanted;
}

/** The shop's `size` filter: any of the labels is in stock. */
export function hasSizeInStock(sizes: readonly SizeStock[], labels: readonly string[]): boolean {
  return labels.some((label) => isSizeInStock(sizes, label));
}

/**
 * The size an order or cart line takes when none was chosen: the only size of a product that has
 * exactly one (a kids' bicycle whose one size is its wheel size), else null.
 */
export function onlySize(sizes: readonly SizeStock[] | null | undefined): string | null {
  return sizes?.length === 1 ? (sizes[0]?.label ?? null) : null;
}

export type OrderSizeProblem = 'size-required' | 'one-size' | 'unknown-size';

/**
 * Why an order's `size` does not suit the product, or null when it does: a product with two or
 * more sizes needs one of them, one with a single size takes that one when none is given, a
 * one-size product takes none. Stock is not checked here: the reservation
 * decides that, atomically.
 */
export function orderSizeProblem(
  sizes: readonly SizeStock[],
  size: string | null | undefined,
): OrderSizeProblem | null {
  const chosen = size ?? undefined;
  if (!isSized(sizes)) return chosen === undefined ? null : 'one-size';
  if (chosen === undefined) return onlySize(sizes) === null ? 'size-required' : null;
  return findSize(sizes, chosen) ? null : 'unknown-size';
}

export function orderSizeMessage(problem: OrderSizeProblem): string {
  switch (problem) {
    case 'size-required':
      return sizesMessages.chooseSize;
    case 'one-size':
      return sizesMessages.oneSize;
    case 'unknown-size':
      return sizesMessages.unknownSize;
  }
}

const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];
const LETTER_ALIASES: Record<string, string> = { '2XS': 'XXS', '2XL': 'XXL', '3XL': 'XXXL' };

interface LabelKey {
  group: number;
  unit: string;
  value: number;
}

function labelKey(label: string): LabelKey {
  const upper = label.trim().toUpperCase();
  const letter = LETTER_SIZES.indexOf(LETTER_ALIASES[upper] ?? upper);
  if (letter >= 0) return { group: 0, unit: '', value: letter };
  const numbered = /^(\d+(?:\.\d+)?)\s*(.*)$/.exec(label.trim());
  if (numbered) return { group: 1, unit: numbered[2] ?? '', value: Number(numbered[1]) };
  return { group: 2, unit: '', value: 0 };
}

/**
 * Size labels from small to large, for lists that mix products (the size facet): letter sizes in
 * their order (XS before S), then measured sizes grouped by unit and ordered by number (16" before
 * 20", 49 cm before 52 cm), then anything else alphabetically.
 */
export function compareSizeLabels(a: string, b: string): number {
  const ka = labelKey(a);
  const kb = labelKey(b);
  if (ka.group !== kb.group) return ka.group - kb.group;
  if (ka.unit !== kb.unit) return ka.unit < kb.unit ? -1 : 1;
  if (ka.value !== kb.value) return ka.value - kb.value;
  return a < b ? -1 : a > b ? 1 : 0;
}
