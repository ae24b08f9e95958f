import {
  BRAKE_TYPES,
  CATEGORIES,
  FRAME_MATERIALS,
  PRODUCT_SORTS,
  STOCK_CLASSES,
  SUSPENSION_TYPES,
  WHEEL_SIZES,
  type BrakeType,
  type Category,
  type FrameMaterial,
  type ProductSort,
  type StockClass,
  type SuspensionType,
  type WheelSize,
} from '../contract/catalog-values.ts';

/** The spec's low-stock threshold: quantity under 5 is low stock. */
export const LOW_STOCK_THRESHOLD = 5;

/**
 * The catalog counts matches up to this many, or as far as the page asked for and the one after
 * it reach, whichever is more (decision 014); the shop shows "1,000+ results" beyond.
 */
export const CATALOG_COUNT_BOUND = 1000;

/** How many matches a count of page `page` reads at most, one past which the total is a bound. */
export function catalogCountBound(page: number, limit: number): number {
  return Math.max(CATALOG_COUNT_BOUND, (page + 1) * limit);
}

/** The shop's count of matches: "1 result", "24 results", or "1,000+ results" past the bound. */
export function resultsLabel({ total, totalExact }: { total: number; totalExact?: boolean }) {
  const n = String(total).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (totalExact === false) return `${n}+ results`;
  return `${n} ${total === 1 ? 'result' : 'results'}`;
}

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

/** The facets a shopper may pick several values of (any of them matches), by their API names. */
export interface FacetSelection {
  size: string[];
  wheelSize: WheelSize[];
  frameMaterial: FrameMaterial[];
  brakes: BrakeType[];
  suspension: SuspensionType[];
}
export type ListFacet = keyof FacetSelection;
export const LIST_FACETS: readonly ListFacet[] = [
  'size',
  'wheelSize',
  'frameMaterial',
  'brakes',
  'suspension',
];

/** The "Fits me" filter: the rider's measurements, in whole centimetres. */
export interface FitFilter {
  riderHeightCm: number;
  inseamCm: number | null;
}

/**
 * A price filter with one end open: a shared address with only `maxPrice` (or only `minPrice`)
 * filters on that bound alone; the range's other number is then only where the slider shows it.
 */
export type OpenPriceEnd = 'min' | 'max' | null;

export interface ShopFilters {
  searchTerm: string;
  selectedCategory: Category | null;
  priceRange: [number, number];
  selectedStock: StockClass | null;
  isPriceFilter: boolean;
  openPriceEnd: OpenPriceEnd;
  selected: FacetSelection;
  fit: FitFilter | null;
}

export const noFacetSelection: FacetSelection = {
  size: [],
  wheelSize: [],
  frameMaterial: [],
  brakes: [],
  suspension: [],
};

export const initialShopFilters: ShopFilters = {
  searchTerm: '',
  selectedCategory: null,
  priceRange: [DEFAULT_PRICE_RANGE[0], DEFAULT_PRICE_RANGE[1]],
  selectedStock: null,
  isPriceFilter: false,
  openPriceEnd: null,
  selected: noFacetSelection,
  fit: null,
};

/** Adds a value to a facet's picks, or takes it out when it is there. */
export function toggleValue<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

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
  size?: string[];
  wheelSize?: WheelSize[];
  frameMaterial?: FrameMaterial[];
  brakes?: BrakeType[];
  suspension?: SuspensionType[];
  riderHeightCm?: number;
  inseamCm?: number;
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
    ...(filters.isPriceFilter && filters.openPriceEnd !== 'min'
      ? { minPrice: filters.priceRange[0] }
      : {}),
    ...(filters.isPriceFilter && filters.openPriceEnd !== 'max'
      ? { maxPrice: filters.priceRange[1] }
      : {}),
    ...(filters.selectedStock ? { stock: filters.selectedStock } : {}),
    ...(filters.selected.size.length ? { size: filters.selected.size } : {}),
    ...(filters.selected.wheelSize.length ? { wheelSize: filters.selected.wheelSize } : {}),
    ...(filters.selected.frameMaterial.length
      ? { frameMaterial: filters.selected.frameMaterial }
      : {}),
    ...(filters.selected.brakes.length ? { brakes: filters.selected.brakes } : {}),
    ...(filters.selected.suspension.length ? { suspension: filters.selected.suspension } : {}),
    ...(filters.fit ? { riderHeightCm: filters.fit.riderHeightCm } : {}),
    ...(filters.fit?.inseamCm ? { inseamCm: filters.fit.inseamCm } : {}),
  };
}

/** The shop's filter state applied to one product: the same rule as the server's. */
export function matchesFilters(product: FilterableProduct, filters: ShopFilters): boolean {
  return matchesQuery(product, filtersToQuery(filters));
}

/*
 * The shop's address carries its filters with the names and rules of GET /products, so a filtered
 * shop can be shared, reloaded, reached with Back and rendered by the server. The value lists come
 * from contract/catalog-values.ts, which holds no zod, so the store front does not pull it in.
 */

/** The values each spec facet offers, in the order the shop lists them. */
export const SPEC_FACET_VALUES = {
  wheelSize: WHEEL_SIZES,
  frameMaterial: FRAME_MATERIALS,
  brakes: BRAKE_TYPES,
  suspension: SUSPENSION_TYPES,
} as const;

/** GET /products' bounds: the same numbers as the contract's query schema. */
const URL_MAX_PRICE = 1_000_000;
const URL_MAX_PAGE = 1_000_000;
const URL_MAX_SEARCH_TERM = 100;
const URL_MAX_SIZE_LABEL = 16;
const URL_MAX_FILTER_VALUES = 20;
const URL_RIDER_HEIGHT = { min: 80, max: 230 } as const;
const URL_INSEAM = { min: 30, max: 120 } as const;
export const DEFAULT_SHOP_SORT: ProductSort = '-createdAt';

/** The order a shop state has unless the shopper picks one: by relevance while searching. */
export function defaultShopSort(searchTerm: string): ProductSort {
  return searchTerm.trim() ? 'relevance' : DEFAULT_SHOP_SORT;
}

/** The orders the shop offers, with their labels; relevance only while searching. */
export const SHOP_SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: '-createdAt', label: 'Newest' },
  { value: 'price', label: 'Price: low to high' },
  { value: '-price', label: 'Price: high to low' },
  { value: 'name', label: 'Name: A to Z' },
  { value: '-name', label: 'Name: Z to A' },
];

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

/** The valid values of a repeated parameter, without repeats, at most as many as the API takes. */
function listParam<T extends string>(
  params: URLSearchParams,
  name: string,
  valid: (value: string) => value is T,
): T[] {
  const values = params.getAll(name).map((v) => v.trim());
  return [...new Set(values.filter(valid))].slice(0, URL_MAX_FILTER_VALUES);
}

const isIn =
  <T extends string>(list: readonly T[]) =>
  (value: string): value is T =>
    (list as readonly string[]).includes(value);

const isSizeLabel = (value: string): value is string =>
  value.length >= 1 && value.length <= URL_MAX_SIZE_LABEL;

function wholeParam(value: string | null, bounds: { min: number; max: number }): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= bounds.min && n <= bounds.max ? n : null;
}

/** The fit filter: a height in bounds, and an inseam only beside a height. */
function fitParam(params: URLSearchParams): FitFilter | null {
  const riderHeightCm = wholeParam(params.get('riderHeightCm'), URL_RIDER_HEIGHT);
  if (riderHeightCm === null) return null;
  return { riderHeightCm, inseamCm: wholeParam(params.get('inseamCm'), URL_INSEAM) };
}

function facetSelectionParams(params: URLSearchParams): FacetSelection {
  return {
    size: listParam(params, 'size', isSizeLabel),
    wheelSize: listParam(params, 'wheelSize', isIn(WHEEL_SIZES)),
    frameMaterial: listParam(params, 'frameMaterial', isIn(FRAME_MATERIALS)),
    brakes: listParam(params, 'brakes', isIn(BRAKE_TYPES)),
    suspension: listParam(params, 'suspension', isIn(SUSPENSION_TYPES)),
  };
}

/**
 * The shop's filters named by its query string. Each invalid value is dropped (the default takes
 * its place); the price filter is on when a bound is valid, both in order when both are given,
 * and a lone bound leaves the other end open.
 */
export function shopFiltersFromSearchParams(params: URLSearchParams): ShopUrlFilters {
  const raw = params.get('searchTerm')?.trim() ?? '';
  const term = raw.length <= URL_MAX_SEARCH_TERM ? raw : '';
  const minPrice = priceParam(params.get('minPrice'));
  const maxPrice = priceParam(params.get('maxPrice'));
  // A blank bound is an open end: the shop's form sends both boxes, typed or not.
  const given = {
    min: (params.get('minPrice')?.trim() ?? '') !== '',
    max: (params.get('maxPrice')?.trim() ?? '') !== '',
  };
  // A bound that is there but broken turns the filter off rather than leave an end open.
  const both = minPrice !== null && maxPrice !== null && minPrice <= maxPrice;
  const onlyMax = maxPrice !== null && !given.min;
  const onlyMin = minPrice !== null && !given.max;
  const isPriceFilter = both || onlyMax || onlyMin;
  const [defaultMin, defaultMax] = initialShopFilters.priceRange;
  const sort = oneOf(PRODUCT_SORTS, params.get('sort'));
  return {
    searchTerm: term,
    selectedCategory: oneOf(CATEGORIES, params.get('category')),
    priceRange: both
      ? [minPrice, maxPrice]
      : onlyMax
        ? [Math.min(PRICE_SLIDER_MIN, maxPrice), maxPrice]
        : onlyMin
          ? [minPrice, Math.max(minPrice, defaultMax)]
          : [defaultMin, defaultMax],
    selectedStock: oneOf(STOCK_CLASSES, params.get('stock')),
    isPriceFilter,
    openPriceEnd: onlyMax ? 'min' : onlyMin ? 'max' : null,
    selected: facetSelectionParams(params),
    fit: fitParam(params),
    // Relevance without a term is the newest first: the default, not written.
    sort: sort === null || (sort === 'relevance' && !term) ? defaultShopSort(term) : sort,
    page: pageParam(params.get('page')) ?? 1,
  };
}

/** The query string naming a shop state: only what differs from the defaults, in a fixed order. */
export function shopFiltersToSearchParams(filters: ShopUrlFilters): URLSearchParams {
  const params = new URLSearchParams();
  const query = filtersToQuery(filters);
  if (query.searchTerm) params.set('searchTerm', query.searchTerm);
  if (query.category) params.set('category', query.category);
  if (query.minPrice !== undefined) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== undefined) params.set('maxPrice', String(query.maxPrice));
  if (query.stock) params.set('stock', query.stock);
  for (const facet of LIST_FACETS)
    for (const value of query[facet] ?? []) params.append(facet, value);
  if (query.riderHeightCm !== undefined) params.set('riderHeightCm', String(query.riderHeightCm));
  if (query.inseamCm !== undefined) params.set('inseamCm', String(query.inseamCm));
  if (filters.sort !== defaultShopSort(filters.searchTerm)) params.set('sort', filters.sort);
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
    ...(filters.sort === defaultShopSort(filters.searchTerm) ? {} : { sort: filters.sort }),
    page: filters.page,
    limit: SHOP_PAGE_SIZE,
  };
}

/** The arguments the shop passes to GET /products/facets: the same filters, no order or page. */
export function shopFacetParams(filters: ShopFilters): ProductFilterQuery {
  return filtersToQuery(filters);
}

/** The query string of a set of API arguments; a list becomes a repeated parameter. */
export function toQueryString(params: object): string {
  const out = new URLSearchParams();
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (Array.isArray(value)) for (const v of value as unknown[]) out.append(key, text(v));
    else if (text(value) !== '') out.set(key, text(value));
  }
  return out.toString();
}
