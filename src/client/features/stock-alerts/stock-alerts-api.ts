import type { Envelope } from '#shared/contract/envelope.ts';
import type { StockAlertBody } from '#shared/contract/mail.ts';
import { api } from '#client/lib/api.ts';

/** What the store did with the alert: active at once, or waiting for the address's owner. */
export interface StockAlertAnswer {
  message: string;
  /** 202: another address than the signed-in rider's own; a confirmation mail is on its way. */
  awaitsConfirmation: boolean;
}

/** Asks for one mail when a sold-out bicycle (or size) is back. */
const stockAlertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    createStockAlert: build.mutation<StockAlertAnswer, StockAlertBody & { productId: string }>({
      query: ({ productId, ...body }) => ({
        url: `/products/${encodeURIComponent(productId)}/stock-alerts`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<null>, meta) => ({
        message: response.message,
        awaitsConfirmation: meta?.response?.status === 202,
      }),
    }),
  }),
});

export const { useCreateStockAlertMutation } = stockAlertsApi;
