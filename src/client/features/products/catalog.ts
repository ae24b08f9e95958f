import type { StockClass } from '#shared/contract/product.ts';

/** The shop's words for the stock classes; the lists themselves are `#shared/rules/filters.ts`'s. */
export const STOCK_LABELS: Record<StockClass, string> = {
  inStock: 'In Stock',
  lowStock: 'Low Stock',
  outOfStock: 'Out Of Stock',
};
