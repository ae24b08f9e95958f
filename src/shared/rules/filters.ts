import type { Category, StockClass } from '../contract/product.ts';

/** The spec's low-stock threshold: quantity under 5 is low stock. */
export const LOW_STOCK_THRESHOLD = 5;

/** The spec's exclusive stock classes. */
export function stockClassOf(quantity: number): StockClass {
  if (quantity <= 0) return 'outOfStock';
  if (quantity < LOW_STOCK_THRESHOLD) return 'lowStock';
  return 'inStock';
}

/** Quantity bounds of a stock class, inclusive; `max` undefined means unbounded. */
export function stockClassRange(stock: StockClass): { min: number; max?: number } {
  switch (stock) {
    case 'outOfStock':
      return { min: 0, max: 0 };
    case 'lowStock':
      return { min: 1, max: LOW_STOCK_THRESHOLD - 1 };
    case 'inStock':
      return { min: LOW_STOCK_THRESHOLD };
  }
}

export const PRICE_SLIDER_MIN = 0;
export const PRICE_SLIDER_MAX = 500;
export const DEFAULT_PRICE_RANGE: readonly [number, number] = [200, 300];

/** The slider spans 0 to 500, or up to the catalog's highest price rounded up to 100. */
export function priceSliderMax(highestPrice: number): number {
  return Math.max(PRICE_SLIDER_MAX, Math.ceil(highestPrice / 100) * 100);
}

export interface ShopFilters {
  searchTerm: string;
  selectedCategory: Category | null;
  priceRange: [number, number];
  selectedStock: StockClass | null;
  isPriceFilter: boolean;
}

export const initialShopFilters: ShopFilters = {
  searchTerm: '',
  selectedCategory: null,
  priceRange: [DEFAULT_PRICE_RANGE[0], DEFAULT_PRICE_RANGE[1]],
  selectedStock: null,
  isPriceFilter: false,
};

/** Choosing the already selected option clears it; choosing another selects it. */
export function toggleChoice<T>(current: T | null, chosen: T): T | null {
  return current === chosen ? null : chosen;
}

/** The filters GET /products accepts (its query string, before paging and sorting). */
export interface ProductFilterQuery {
  searchTerm?: string;
  category?: Category;
  minPrice?: number;
  maxPrice?: number;
  stock?: StockClass;
}

export interface FilterableProduct {
  name: string;
  category: string;
  price: number;
  quantity: number;
}

/**
 * The spec's shop filters (section 5) as a predicate over one product: case-insensitive
 * substring of the name, exact category, inclusive price bounds, exclusive stock classes.
 * The SQL of GET /products implements exactly this.
 */
export function matchesQuery(product: FilterableProduct, query: ProductFilterQuery): boolean {
  const term = query.searchTerm?.trim().toLowerCase();
  if (term && !product.name.toLowerCase().includes(term)) return false;
  if (query.category && product.category !== query.category) return false;
  if (query.minPrice !== undefined && product.price < query.minPrice) return false;
  if (query.maxPrice !== undefined && product.price > query.maxPrice) return false;
  if (query.stock && stockClassOf(product.quantity) !== query.stock) return false;
  return true;
}

/** The query string GET /products receives for a set of shop filters. */
export function filtersToQuery(filters: ShopFilters): ProductFilterQuery {
  const term = filters.searchTerm.trim();
  return {
    ...(term ? { searchTerm: term } : {}),
    ...(filters.selectedCategory ? { category: filters.selectedCategory } : {}),
    ...(filters.isPriceFilter
      ? { minPrice: filters.priceRange[0], maxPrice: filters.priceRange[1] }
      : {}),
    ...(filters.selectedStock ? { stock: filters.selectedStock } : {}),
  };
}

/** The shop's filter state applied to one product: the same rule as the server's. */
export function matchesFilters(product: FilterableProduct, filters: ShopFilters): boolean {
  return matchesQuery(product, filtersToQuery(filters));
}
