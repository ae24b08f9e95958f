import type { PagedEnvelope, Envelope } from '#shared/contract/envelope.ts';
import type { Product, ProductListParams } from '#shared/contract/product.ts';
import { api } from '../../lib/api.ts';

/** Drops unset values so equal filters share one cache entry and the URL stays clean. */
function cleanParams(params: ProductListParams): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params) as [string, string | number | undefined][]) {
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<PagedEnvelope<Product>, ProductListParams>({
      query: (params) => ({ url: '/products', params: cleanParams(params) }),
      providesTags: (result) => [
        { type: 'product', id: 'LIST' },
        ...(result?.data.map((p) => ({ type: 'product' as const, id: p._id })) ?? []),
      ],
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

export const { useGetProductsQuery, useGetProductQuery, useGetProductBySlugQuery } = productsApi;
