import type { DashboardSummary } from '#shared/contract/dashboard.ts';
import type { Envelope, PagedEnvelope } from '#shared/contract/envelope.ts';
import type { MailListQuery, OutboxMail, WaitingRiders } from '#shared/contract/mail.ts';
import type { Location, LocationBody } from '#shared/contract/location.ts';
import type {
  FulfilmentPatchBody,
  Order,
  OrderDetail,
  OrderListQuery,
  OrderStatus,
} from '#shared/contract/order.ts';
import type { Product, ProductImagesOrder } from '#shared/contract/product.ts';
import type { AdminUser, User } from '#shared/contract/user.ts';
import { api } from '#client/lib/api.ts';

export interface ListArgs {
  page: number;
  limit: number;
  searchTerm?: string;
}

function listParams({ page, limit, searchTerm }: ListArgs): Record<string, string | number> {
  const term = searchTerm?.trim();
  return term ? { page, limit, searchTerm: term } : { page, limit };
}

/** The Manage Orders filters, with the API's names; an absent one does not narrow the list. */
export type OrderFilters = Partial<
  Pick<OrderListQuery, 'status' | 'paymentStatus' | 'method' | 'state' | 'locationId'>
>;

function definedOnly(filters: OrderFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}

/** A bicycle as loaded for editing, with the ETag a save must send back (If-Match). */
export interface EditableProduct {
  product: Product;
  /** Null when the answer carried none: the save then goes without a precondition. */
  etag: string | null;
}

/** A product answer with its ETag header: what the edit page goes on editing from. */
function editableOf(res: Envelope<Product>, meta: { response?: Response } | undefined) {
  return { product: res.data, etag: meta?.response?.headers.get('etag') ?? null };
}

/** The answer to a save made on values someone else has changed since. */
export const PRECONDITION_FAILED = 412;

/** Admin calls of the dashboard; the cache tags make every list refetch after a change. */
const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardSummary: build.query<DashboardSummary, undefined>({
      query: () => '/dashboard/summary',
      transformResponse: (res: Envelope<DashboardSummary>) => res.data,
      providesTags: ['order', 'product'],
    }),
    getWaitingRiders: build.query<WaitingRiders[], undefined>({
      query: () => '/dashboard/stock-alerts',
      transformResponse: (res: Envelope<WaitingRiders[]>) => res.data,
      providesTags: ['product'],
    }),
    getOutboxMails: build.query<OutboxMail[], MailListQuery['status']>({
      query: (status) => ({ url: '/dashboard/mail', params: { status } }),
      // No tag: nothing the dashboard does changes the outbox; the mail worker does, unseen.
      transformResponse: (res: Envelope<OutboxMail[]>) => res.data,
    }),
    getAdminProducts: build.query<PagedEnvelope<Product>, ListArgs>({
      query: (args) => ({ url: '/products', params: listParams(args) }),
      providesTags: ['product'],
    }),
    getAdminProduct: build.query<EditableProduct, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
      transformResponse: editableOf,
      providesTags: ['product'],
      // The editor starts from what the server holds now, never from a copy cached earlier.
      keepUnusedDataFor: 0,
    }),
    createAdminProduct: build.mutation<Product, FormData>({
      query: (body) => ({ url: '/products', method: 'POST', body }),
      transformResponse: (res: Envelope<Product>) => res.data,
      invalidatesTags: ['product'],
    }),
    updateAdminProduct: build.mutation<
      Product,
      { id: string; body: FormData; etag: string | null }
    >({
      query: ({ id, body, etag }) => ({
        url: `/products/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
        // Saved only if nobody changed the bicycle since it was loaded (412 otherwise).
        ...(etag ? { headers: { 'If-Match': etag } } : {}),
      }),
      transformResponse: (res: Envelope<Product>) => res.data,
      // A 412 says the cached bicycle is out of date too: reload it.
      invalidatesTags: (_result, error) =>
        error === undefined || error.status === PRECONDITION_FAILED ? ['product'] : [],
    }),
    addProductImages: build.mutation<EditableProduct, { id: string; body: FormData }>({
      query: ({ id, body }) => ({
        url: `/products/${encodeURIComponent(id)}/images`,
        method: 'POST',
        body,
      }),
      transformResponse: editableOf,
      invalidatesTags: ['product'],
    }),
    saveProductImages: build.mutation<EditableProduct, { id: string; order: ProductImagesOrder }>({
      query: ({ id, order }) => ({
        url: `/products/${encodeURIComponent(id)}/images`,
        method: 'PUT',
        body: order,
      }),
      transformResponse: editableOf,
      invalidatesTags: ['product'],
    }),
    deleteProductImage: build.mutation<EditableProduct, { id: string; imageId: string }>({
      query: ({ id, imageId }) => ({
        url: `/products/${encodeURIComponent(id)}/images/${encodeURIComponent(imageId)}`,
        method: 'DELETE',
      }),
      transformResponse: editableOf,
      invalidatesTags: ['product'],
    }),
    getAdminUsers: build.query<PagedEnvelope<AdminUser>, ListArgs>({
      query: (args) => ({ url: '/users', params: listParams(args) }),
      providesTags: ['user'],
    }),
    setAdminUserStatus: build.mutation<User, { userId: string; isBlocked: boolean }>({
      query: ({ userId, isBlocked }) => ({
        url: `/users/${encodeURIComponent(userId)}/status`,
        method: 'PATCH',
        body: { isBlocked },
      }),
      transformResponse: (res: Envelope<User>) => res.data,
      invalidatesTags: ['user'],
    }),
    getAdminOrders: build.query<PagedEnvelope<Order>, ListArgs & OrderFilters>({
      query: ({ page, limit, searchTerm, ...filters }) => ({
        url: '/orders',
        params: { ...listParams({ page, limit, searchTerm }), ...definedOnly(filters) },
      }),
      providesTags: ['order'],
    }),
    getAdminOrder: build.query<OrderDetail, string>({
      query: (ref) => `/orders/${encodeURIComponent(ref)}`,
      transformResponse: (res: Envelope<OrderDetail>) => res.data,
      providesTags: ['order'],
    }),
    moveAdminOrder: build.mutation<OrderDetail, { orderId: string; body: FulfilmentPatchBody }>({
      query: ({ orderId, body }) => ({
        url: `/orders/${encodeURIComponent(orderId)}/fulfilment`,
        method: 'PATCH',
        body,
      }),
      transformResponse: (res: Envelope<OrderDetail>) => res.data,
      // A completed order counts in the figures; a refused move may mean the order changed.
      invalidatesTags: ['order'],
    }),
    // Shops share the order tag: a collect order shows its shop, so a change to one is a change
    // to what the order screens show.
    getLocations: build.query<Location[], undefined>({
      query: () => '/locations',
      transformResponse: (res: Envelope<Location[]>) => res.data,
      providesTags: ['order'],
    }),
    createLocation: build.mutation<Location, LocationBody>({
      query: (body) => ({ url: '/locations', method: 'POST', body }),
      transformResponse: (res: Envelope<Location>) => res.data,
      invalidatesTags: ['order'],
    }),
    updateLocation: build.mutation<Location, { id: string; body: LocationBody }>({
      query: ({ id, body }) => ({
        url: `/locations/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      transformResponse: (res: Envelope<Location>) => res.data,
      invalidatesTags: ['order'],
    }),
    deleteLocation: build.mutation<null, string>({
      query: (id) => ({ url: `/locations/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: ['order'],
    }),
    setAdminOrderStatus: build.mutation<Order, { orderId: string; status: OrderStatus }>({
      query: ({ orderId, status }) => ({
        url: `/orders/${encodeURIComponent(orderId)}/status`,
        method: 'PATCH',
        body: { status },
      }),
      transformResponse: (res: Envelope<Order>) => res.data,
      // A cancelled order puts stock back, so products and figures change too.
      invalidatesTags: ['order', 'product'],
    }),
  }),
});

export const {
  useGetDashboardSummaryQuery,
  useGetWaitingRidersQuery,
  useGetOutboxMailsQuery,
  useGetAdminProductsQuery,
  useGetAdminProductQuery,
  useCreateAdminProductMutation,
  useUpdateAdminProductMutation,
  useAddProductImagesMutation,
  useSaveProductImagesMutation,
  useDeleteProductImageMutation,
  useGetAdminUsersQuery,
  useSetAdminUserStatusMutation,
  useGetAdminOrdersQuery,
  useSetAdminOrderStatusMutation,
  useGetAdminOrderQuery,
  useMoveAdminOrderMutation,
  useGetLocationsQuery,
  useCreateLocationMutation,
  useUpdateLocationMutation,
  useDeleteLocationMutation,
} = dashboardApi;
