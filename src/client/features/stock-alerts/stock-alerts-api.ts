import type { Envelope } from '#shared/contract/envelope.ts';
import type { StockAlertBody } from '#shared/contract/mail.ts';
import { api } from '#client/lib/api.ts';

/** Asks for one mail when a sold-out bicycle (or size) is back; answers the server's message. */
const stockAlertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    createStockAlert: build.mutation<string, StockAlertBody & { productId: string }>({
      query: ({ productId, ...body }) => ({
        url: `/products/${encodeURIComponent(productId)}/stock-alerts`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<null>) => response.message,
    }),
  }),
});

export const { useCreateStockAlertMutation } = stockAlertsApi;
