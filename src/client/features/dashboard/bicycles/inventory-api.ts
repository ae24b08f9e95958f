import type { Envelope, ErrorDetail, PagedEnvelope } from '#shared/contract/envelope.ts';
import type { Product } from '#shared/contract/product.ts';
import type {
  ImportResult,
  InventoryItem,
  InventoryParams,
  StockLedgerEntry,
} from '#shared/contract/stock.ts';
import { api } from '#client/lib/api.ts';

/** One size's stock (or a one-size bicycle's, size undefined) set from the inventory table. */
export interface StockEditArgs {
  id: string;
  size?: string;
  quantity: number;
  note?: string;
  /** The ETag the row was loaded with: the edit is refused (412) if the bicycle changed since. */
  etag: string | null;
}

/** What a 412 carries: each size's stock now (`stock.M`, or `stock` for one size). */
export type StockNow = Record<string, number>;

export function stockNowOf(details: readonly ErrorDetail[] | undefined): StockNow {
  const now: StockNow = {};
  for (const detail of details ?? []) {
    const key = detail.path === 'stock' ? '' : detail.path.replace(/^stock\./, '');
    now[key] = Number(detail.message);
  }
  return now;
}

export interface LedgerArgs {
  id: string;
  size?: string;
  page: number;
}

/** The back office's inventory calls; a stock change refreshes every product list. */
const inventoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInventory: build.query<PagedEnvelope<InventoryItem>, InventoryParams>({
      query: (params) => ({ url: '/products/inventory', params }),
      providesTags: ['product'],
    }),
    /** One bicycle with its ETag, as the row's stock edits send it back. */
    getInventoryRow: build.query<{ product: Product; etag: string | null }, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
      transformResponse: (res: Envelope<Product>, meta) => ({
        product: res.data,
        etag: meta?.response?.headers.get('etag') ?? null,
      }),
      providesTags: ['product'],
      keepUnusedDataFor: 0,
    }),
    setStock: build.mutation<{ product: Product; etag: string | null }, StockEditArgs>({
      query: ({ id, etag, ...body }) => ({
        url: `/products/${encodeURIComponent(id)}/stock`,
        method: 'PATCH',
        body,
        ...(etag ? { headers: { 'If-Match': etag } } : {}),
      }),
      transformResponse: (res: Envelope<Product>, meta) => ({
        product: res.data,
        etag: meta?.response?.headers.get('etag') ?? null,
      }),
      invalidatesTags: (_result, error) => (error === undefined ? ['product'] : []),
    }),
    getStockLedger: build.query<PagedEnvelope<StockLedgerEntry>, LedgerArgs>({
      query: ({ id, size, page }) => ({
        url: `/products/${encodeURIComponent(id)}/stock-ledger`,
        params: size === undefined ? { page, limit: 20 } : { page, limit: 20, size },
      }),
      providesTags: ['product'],
      keepUnusedDataFor: 0,
    }),
    exportCatalog: build.mutation<string, undefined>({
      query: () => ({
        url: '/products/export.csv',
        responseHandler: (response) => response.text(),
        cache: 'no-store',
      }),
    }),
    importCatalog: build.mutation<ImportResult, { file: File; dryRun: boolean }>({
      query: ({ file, dryRun }) => {
        const body = new FormData();
        body.append('file', file);
        return {
          url: '/products/import',
          method: 'POST',
          params: { dryRun: String(dryRun) },
          body,
        };
      },
      transformResponse: (res: Envelope<ImportResult>) => res.data,
      invalidatesTags: (result) =>
        result && !result.dryRun && result.errors.length === 0 ? ['product'] : [],
    }),
  }),
});

export const {
  useGetInventoryQuery,
  useLazyGetInventoryRowQuery,
  useSetStockMutation,
  useGetStockLedgerQuery,
  useExportCatalogMutation,
  useImportCatalogMutation,
} = inventoryApi;
