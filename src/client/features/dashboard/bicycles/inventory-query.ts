import {
  CATEGORIES,
  STOCK_CLASSES,
  type Category,
  type StockClass,
} from '#shared/contract/product.ts';
import { INVENTORY_SORTS, type InventorySort } from '#shared/contract/stock.ts';

export const INVENTORY_LIMIT = 25;

/** The inventory table's state, all of it in the address (search, filters, order, page). */
export interface InventoryView {
  searchTerm: string;
  category: Category | null;
  stock: StockClass | null;
  size: string;
  sort: InventorySort;
  page: number;
}

export const DEFAULT_VIEW: InventoryView = {
  searchTerm: '',
  category: null,
  stock: null,
  size: '',
  sort: 'name',
  page: 1,
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

/** Reads the view from the query; anything unknown falls back to the default. */
export function viewFromParams(params: URLSearchParams): InventoryView {
  const page = Number(params.get('page'));
  return {
    searchTerm: (params.get('searchTerm') ?? '').slice(0, 100),
    category: oneOf(CATEGORIES, params.get('category')),
    stock: oneOf(STOCK_CLASSES, params.get('stock')),
    size: (params.get('size') ?? '').trim().slice(0, 16),
    sort: oneOf(INVENTORY_SORTS, params.get('sort')) ?? DEFAULT_VIEW.sort,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query for a view: defaults left out, so the plain address is the plain table. */
export function paramsFromView(view: InventoryView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.searchTerm.trim()) params.set('searchTerm', view.searchTerm.trim());
  if (view.category) params.set('category', view.category);
  if (view.stock) params.set('stock', view.stock);
  if (view.size.trim()) params.set('size', view.size.trim());
  if (view.sort !== DEFAULT_VIEW.sort) params.set('sort', view.sort);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The API's query for a view. */
export function apiParamsOf(view: InventoryView) {
  return {
    page: view.page,
    limit: INVENTORY_LIMIT,
    sort: view.sort,
    ...(view.searchTerm.trim() ? { searchTerm: view.searchTerm.trim() } : {}),
    ...(view.category ? { category: view.category } : {}),
    ...(view.stock ? { stock: view.stock } : {}),
    ...(view.size.trim() ? { size: view.size.trim() } : {}),
  };
}

/** A column's header click: its ascending order, or descending when it already is ascending. */
export function nextSort(current: InventorySort, column: string): InventorySort {
  const ascending = column as InventorySort;
  const descending = `-${column}` as InventorySort;
  return current === ascending ? descending : ascending;
}

export function sortStateOf(
  current: InventorySort,
  column: string,
): 'ascending' | 'descending' | 'none' {
  if (current === column) return 'ascending';
  if (current === `-${column}`) return 'descending';
  return 'none';
}
