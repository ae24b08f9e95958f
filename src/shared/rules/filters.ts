import type { Category, ProductSort, StockClass } from '../contract/product.ts';

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

/*
 * The shop's address carries its filters with the names and rules of GET /products, so a filtered
 * shop can be shared, reloaded, reached with Back and rendered by the server. The value lists are
 * spelled here rather than imported from the contract so the store front does not pull in zod;
 * the type checks keep them identical to the contract's.
 */
const URL_CATEGORIES = [
  'Road Bicycle',
  'Mountain Bike',
  'Kids Bicycles',
  'Electric Bikes',
  'Hybrid Bicycle',
  'BMX Bike',
] as const satisfies readonly Category[];
const URL_STOCKS = ['inStock', 'lowStock', 'outOfStock'] as const satisfies readonly StockClass[];
const URL_SORTS = [
  '-createdAt',
  'createdAt',
  'price',
  '-price',
  'name',
  '-name',
] as const satisfies readonly ProductSort[];
type Missing<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : false;
/** Fail to compile when the contract gains a value the lists above lack. */
export const SHOP_URL_VALUES_COMPLETE: [
  Missing<Category, (typeof URL_CATEGORIES)[number]>,
  Missing<StockClass, (typeof URL_STOCKS)[number]>,
  Missing<ProductSort, (typeof URL_SORTS)[number]>,
] = [true, true, true];

/** GET /products' bounds: the same numbers as the contract's query schema. */
const URL_MAX_PRICE = 1_000_000;
const URL_MAX_PAGE = 1_000_000;
const URL_MAX_SEARCH_TERM = 100;
export const DEFAULT_SHOP_SORT: ProductSort = '-createdAt';

/** Everything the shop's address names: the filters, the order and the page. */
export interface ShopUrlFilters extends ShopFilters {
  sort: ProductSort;
  page: number;
}

export const initialShopUrlFilters: ShopUrlFilters = {
  ...initialShopFilters,
  sort: DEFAULT_SHOP_SORT,
  page: 1,
};

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

/** A plain decimal within the bounds, or null (hex, exponents, blanks and words are refused). */
function priceParam(value: string | null): number | null {
  if (value === null || !/^\d+(\.\d+)?$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return Number.isFinite(n) && n <= URL_MAX_PRICE ? n : null;
}

function pageParam(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= URL_MAX_PAGE ? n : null;
}

/**
 * The shop's filters named by its query string. Each invalid value is dropped (the default takes
 * its place); the price filter is on only when both bounds are valid and in order.
 */
export function shopFiltersFromSearchParams(params: URLSearchParams): ShopUrlFilters {
  const term = params.get('searchTerm')?.trim() ?? '';
  const minPrice = priceParam(params.get('minPrice'));
  const maxPrice = priceParam(params.get('maxPrice'));
  const isPriceFilter = minPrice !== null && maxPrice !== null && minPrice <= maxPrice;
  return {
    searchTerm: term.length <= URL_MAX_SEARCH_TERM ? term : '',
    selectedCategory: oneOf(URL_CATEGORIES, params.get('category')),
    priceRange: isPriceFilter
      ? [minPrice, maxPrice]
      : [initialShopFilters.priceRange[0], initialShopFilters.priceRange[1]],
    selectedStock: oneOf(URL_STOCKS, params.get('stock')),
    isPriceFilter,
    sort: oneOf(URL_SORTS, params.get('sort')) ?? DEFAULT_SHOP_SORT,
    page: pageParam(params.get('page')) ?? 1,
  };
}

/** The query string naming a shop state: only what differs from the defaults, in a fixed order. */
export function shopFiltersToSearchParams(filters: ShopUrlFilters): URLSearchParams {
  const params = new URLSearchParams();
  const query = filtersToQuery(filters);
  if (query.searchTerm) params.set('searchTerm', query.searchTerm);
  if (query.category) params.set('category', query.category);
  if (query.minPrice !== undefined && query.maxPrice !== undefined) {
    params.set('minPrice', String(query.minPrice));
    params.set('maxPrice', String(query.maxPrice));
  }
  if (query.stock) params.set('stock', query.stock);
  if (filters.sort !== DEFAULT_SHOP_SORT) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The query GET /products receives for a shop state: its filters, order and page. */
export function shopUrlFiltersToQuery(
  filters: ShopUrlFilters,
): ProductFilterQuery & { sort: ProductSort; page: number } {
  return { ...filtersToQuery(filters), sort: filters.sort, page: filters.page };
}

/** Bicycles per page of the shop. */
export const SHOP_PAGE_SIZE = 24;

/**
 * The arguments the shop passes to GET /products (and its client cache) for a shop state; the
 * server renderer passes the same, so the page it embeds is the one the browser asks for.
 */
export function shopListParams(filters: ShopUrlFilters): ProductFilterQuery & {
  sort?: ProductSort;
  page: number;
  limit: number;
} {
  return {
    ...filtersToQuery(filters),
    ...(filters.sort === DEFAULT_SHOP_SORT ? {} : { sort: filters.sort }),
    page: filters.page,
    limit: SHOP_PAGE_SIZE,
  };
}
