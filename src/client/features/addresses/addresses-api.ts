import type { Address, AddressBody } from '#shared/contract/address.ts';
import type { Envelope } from '#shared/contract/envelope.ts';
import { api } from '#client/lib/api.ts';

/** The address book is the user's own data: it lives under the `user` tag, by its own id. */
const BOOK = { type: 'user', id: 'addresses' } as const;

export const addressesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in customer's saved addresses, the default first. */
    getAddresses: build.query<Address[], undefined>({
      query: () => '/users/me/addresses',
      transformResponse: (response: Envelope<Address[]>) => response.data,
      providesTags: [BOOK],
    }),
    addAddress: build.mutation<Address, AddressBody>({
      query: (body) => ({ url: '/users/me/addresses', method: 'POST', body }),
      transformResponse: (response: Envelope<Address>) => response.data,
      invalidatesTags: [BOOK],
    }),
    updateAddress: build.mutation<Address, { id: string; body: AddressBody }>({
      query: ({ id, body }) => ({
        url: `/users/me/addresses/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      transformResponse: (response: Envelope<Address>) => response.data,
      invalidatesTags: [BOOK],
    }),
    deleteAddress: build.mutation<null, string>({
      query: (id) => ({ url: `/users/me/addresses/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: [BOOK],
    }),
  }),
});

export const {
  useGetAddressesQuery,
  useAddAddressMutation,
  useUpdateAddressMutation,
  useDeleteAddressMutation,
} = addressesApi;
