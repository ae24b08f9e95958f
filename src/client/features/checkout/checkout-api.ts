import type { Address } from '#shared/contract/address.ts';
import type { Envelope } from '#shared/contract/envelope.ts';
import type { Location } from '#shared/contract/location.ts';
import { api } from '#client/lib/api.ts';

/** What the checkout page reads besides the bicycle: the shops, and the shopper's addresses. */
export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The shops a bicycle can be collected from; anyone may read them. */
    getCheckoutLocations: build.query<Location[], undefined>({
      query: () => '/locations',
      transformResponse: (response: Envelope<Location[]>) => response.data,
    }),
    /** The signed-in shopper's address book, the default first as the API orders it. */
    getCheckoutAddresses: build.query<Address[], undefined>({
      query: () => '/users/me/addresses',
      transformResponse: (response: Envelope<Address[]>) => response.data,
    }),
  }),
});

export const { useGetCheckoutLocationsQuery, useGetCheckoutAddressesQuery } = checkoutApi;
