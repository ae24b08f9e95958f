import { z } from 'zod';
import {
  FULFILMENT_STATES,
  ORDER_METHOD_FILTERS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
} from '#shared/contract/order.ts';
import type { OrderFilters } from '../dashboard-api.ts';

/** The query keys Manage Orders keeps in its address, named as the API names them. */
export const FILTER_KEYS = ['status', 'paymentStatus', 'method', 'state', 'locationId'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const SEARCH_KEY = 'searchTerm';
const PAGE_KEY = 'page';

const filterSchemas: Record<FilterKey, z.ZodType<string>> = {
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  method: z.enum(ORDER_METHOD_FILTERS),
  state: z.enum(FULFILMENT_STATES),
  locationId: z.uuid(),
};

export interface OrdersView {
  searchTerm: string;
  page: number;
  filters: OrderFilters;
}

/**
 * What the address asks Manage Orders to show. A value the API would refuse (an edited or old
 * link) is left out rather than turned into an error page.
 */
export function readOrdersView(params: URLSearchParams): OrdersView {
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const parsed = filterSchemas[key].safeParse(params.get(key));
    if (parsed.success) filters[key] = parsed.data;
  }
  const page = Number(params.get(PAGE_KEY));
  return {
    searchTerm: (params.get(SEARCH_KEY) ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    filters: filters,
  };
}

/** The address with one filter (or the search) set, or removed when empty; back to page 1. */
export function withFilter(
  params: URLSearchParams,
  key: FilterKey | typeof SEARCH_KEY,
  value: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value.trim() === '') next.delete(key);
  else next.set(key, value.trim());
  next.delete(PAGE_KEY);
  return next;
}

/** The address of another page of the same list. */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(PAGE_KEY, String(page));
  else next.delete(PAGE_KEY);
  return next;
}

/** The address with every filter and the search cleared. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...FILTER_KEYS, SEARCH_KEY, PAGE_KEY]) next.delete(key);
  return next;
}

export function hasFilters(view: OrdersView): boolean {
  return view.searchTerm !== '' || Object.keys(view.filters).length > 0;
}
