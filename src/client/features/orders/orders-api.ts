import type { Envelope, PagedEnvelope } from '#shared/contract/envelope.ts';
import type { Location } from '#shared/contract/location.ts';
import type {
  CreateOrderBody,
  FulfilmentPatchBody,
  Order,
  OrderDetail,
  Verification,
} from '#shared/contract/order.ts';
import { api, errorStatus } from '#client/lib/api.ts';
import { useServedAsMissing } from '#client/lib/served-as-missing.ts';

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in customer's own orders, newest first, 20 a page. */
    getMyOrders: build.query<PagedEnvelope<Order>, { page: number }>({
      query: ({ page }) => ({ url: '/orders', params: { page } }),
      providesTags: ['order'],
    }),
    /** Answers the URL of the payment page. */
    createOrder: build.mutation<string, CreateOrderBody>({
      query: (body) => ({ url: '/orders/order/create', method: 'POST', body }),
      transformResponse: (response: Envelope<string>) => response.data,
      invalidatesTags: ['order'],
    }),
    cancelOrder: build.mutation<null, string>({
      query: (orderId) => ({
        url: `/orders/${encodeURIComponent(orderId)}/cancel`,
        method: 'PATCH',
      }),
      transformResponse: () => null,
      invalidatesTags: ['order'],
    }),
    /** A new payment page for an unpaid order inside its window: answers its URL. */
    payOrder: build.mutation<string, string>({
      // An empty JSON object: a POST without a body reaches the route as `null`, which its
      // optional body schema refuses (400).
      query: (orderId) => ({
        url: `/orders/${encodeURIComponent(orderId)}/pay`,
        method: 'POST',
        body: {},
      }),
      transformResponse: (response: Envelope<string>) => response.data,
    }),
    /** One of the customer's orders with its timeline, by its `_id` or its number. */
    getOrder: build.query<OrderDetail, string>({
      query: (ref) => `/orders/${encodeURIComponent(ref)}`,
      transformResponse: (response: Envelope<OrderDetail>) => response.data,
      providesTags: ['order'],
    }),
    /** The customer names where an order placed without it goes: an address or a shop. */
    setOrderDestination: build.mutation<
      OrderDetail,
      { orderId: string; body: Pick<FulfilmentPatchBody, 'address' | 'addressId' | 'locationId'> }
    >({
      query: ({ orderId, body }) => ({
        url: `/orders/${encodeURIComponent(orderId)}/fulfilment`,
        method: 'PATCH',
        body,
      }),
      transformResponse: (response: Envelope<OrderDetail>) => response.data,
      invalidatesTags: ['order'],
    }),
    /** The shops an order can be collected from. */
    getCollectionShops: build.query<Location[], undefined>({
      query: () => '/locations',
      transformResponse: (response: Envelope<Location[]>) => response.data,
    }),
    verifyOrder: build.query<Verification[], string>({
      query: (orderId) => ({ url: '/orders/order/verify', params: { order_id: orderId } }),
      transformResponse: (response: Envelope<Verification[]>) => response.data,
    }),
  }),
});

/** The page of My Orders the address asks for: a whole number from 1, else the first. */
export function requestedOrdersPage(params: URLSearchParams): number {
  const requested = Number(params.get('page') ?? '1');
  return Number.isInteger(requested) && requested >= 1 ? requested : 1;
}

/**
 * One of the visitor's orders by its number, and whether it is not found: someone else's, a
 * mistyped number or one that never was, whether the server or the API said so.
 */
export function useOwnOrder(number: string) {
  const servedMissing = useServedAsMissing();
  const result = ordersApi.useGetOrderQuery(number, { skip: servedMissing });
  const status = errorStatus(result.error);
  return { ...result, notFound: servedMissing || status === 404 || status === 400 };
}

export const {
  useGetMyOrdersQuery,
  useCreateOrderMutation,
  useCancelOrderMutation,
  usePayOrderMutation,
  useVerifyOrderQuery,
  useSetOrderDestinationMutation,
  useGetCollectionShopsQuery,
} = ordersApi;
