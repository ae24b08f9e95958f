import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { PagedEnvelope, Envelope } from '#shared/contract/envelope.ts';
import type {
  Product,
  ProductFacets,
  ProductFacetsParams,
  ProductListParams,
} from '#shared/contract/product.ts';
import { toQueryString } from '#shared/rules/filters.ts';
import { api } from '#client/lib/api.ts';

/**
 * The address of a list call. Unset values are dropped, so equal filters share one cache entry,
 * and a list (`size`, `wheelSize`...) is a repeated parameter, as the API reads it.
 */
function withQuery(path: string, params: ProductListParams | ProductFacetsParams): string {
  const query = toQueryString(params);
  return query ? `${path}?${query}` : path;
}

/**
 * The API's answers for a product address that names no product: 404, and its refusals of an
 * address that cannot be a slug (400 for a broken escape, 414 past the router's parameter length).
 * Each is the store's "Page not found", never a load that failed and might work on a retry.
 */
const NO_PRODUCT_STATUSES: ReadonlySet<unknown> = new Set([400, 404, 414]);

export function namesNoProduct(error: FetchBaseQueryError | SerializedError | undefined): boolean {
  return error !== undefined && 'status' in error && NO_PRODUCT_STATUSES.has(error.status);
}

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<PagedEnvelope<Product>, ProductListParams>({
      query: (params) => withQuery('/products', params),
      providesTags: (result) => [
        { type: 'product', id: 'LIST' },
        ...(result?.data.map((p) => ({ type: 'product' as const, id: p._id })) ?? []),
      ],
    }),
    /** How many bicycles each filter value would give, for the same filters as the list. */
    getProductFacets: build.query<ProductFacets, ProductFacetsParams>({
      query: (params) => withQuery('/products/facets', params),
      transformResponse: (response: Envelope<ProductFacets>) => response.data,
      providesTags: [{ type: 'product', id: 'LIST' }],
    }),
    getProduct: build.query<Envelope<Product>, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'product', id }],
    }),
    /** By current or earlier slug; the answer's slug is the current one. */
    getProductBySlug: build.query<Envelope<Product>, string>({
      query: (slug) => `/products/slug/${encodeURIComponent(slug)}`,
      providesTags: (result) => (result ? [{ type: 'product', id: result.data._id }] : []),
    }),
  }),
});

export const {
  useGetProductsQuery,
  useGetProductFacetsQuery,
  useGetProductQuery,
  useGetProductBySlugQuery,
} = productsApi;
