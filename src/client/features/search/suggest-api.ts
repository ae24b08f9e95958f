import type { Envelope } from '#shared/contract/envelope.ts';
import type { ProductSuggestions } from '#shared/contract/product.ts';
import { api } from '#client/lib/api.ts';

/** GET /products/suggest, loaded with the header search's list (not in the first page load). */
export const suggestApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSuggestions: build.query<ProductSuggestions, string>({
      query: (q) => `/products/suggest?${new URLSearchParams({ q }).toString()}`,
      transformResponse: (response: Envelope<ProductSuggestions>) => response.data,
      providesTags: [{ type: 'product', id: 'LIST' }],
    }),
  }),
});

export const { useGetSuggestionsQuery } = suggestApi;
