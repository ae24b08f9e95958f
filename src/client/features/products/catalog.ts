import type { Category, StockClass } from '#shared/contract/product.ts';

/**
 * The spec's six categories, kept here rather than imported from the contract so the store front's
 * first load does not pull in zod. The type checks below keep both lists identical.
 */
export const SHOP_CATEGORIES = [
  'Road Bicycle',
  'Mountain Bike',
  'Kids Bicycles',
  'Electric Bikes',
  'Hybrid Bicycle',
  'BMX Bike',
] as const satisfies readonly Category[];

type MissingCategory = Exclude<Category, (typeof SHOP_CATEGORIES)[number]>;
/** Fails to compile when a category of the contract is missing above. */
export const EVERY_CATEGORY_LISTED: [MissingCategory] extends [never] ? true : false = true;

export const STOCK_LABELS: Record<StockClass, string> = {
  inStock: 'In Stock',
  lowStock: 'Low Stock',
  outOfStock: 'Out Of Stock',
};

export const STOCK_CHOICES: readonly StockClass[] = ['inStock', 'lowStock', 'outOfStock'];
