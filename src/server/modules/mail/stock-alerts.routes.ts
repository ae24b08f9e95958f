import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '#shared/contract/envelope.ts';
import {
  STOCK_ALERT_MESSAGES,
  stockAlertBodySchema,
  unsubscribeQuerySchema,
  waitingRidersSchema,
} from '#shared/contract/mail.ts';
import { ok } from '#server/lib/reply.ts';
import { STORE_NAME } from './mail-templates.ts';
import { requestStockAlert, unsubscribeStockAlert, waitingRiders } from './stock-alerts.service.ts';

function page(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Back-in-stock alerts · ${STORE_NAME}</title></head>
<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f1f5f9;color:#0f172a">
<main style="max-width:480px;margin:40px auto;background:#fff;border-radius:12px;padding:24px">
<p style="font-size:20px;font-weight:700;margin:0 0 12px">${STORE_NAME}</p>
<h1 style="font-size:18px">${message}</h1>
<p><a href="/">Back to the store</a></p>
</main></body></html>`;
}

/** POST /products/:id/stock-alerts, and the unsubscribe link of alert mails. */
export function stockAlertRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/products/:id/stock-alerts',
    {
      config: { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } },
      schema: {
        tags: ['products'],
        params: z.object({ id: z.uuid({ error: 'Product not found.' }) }),
        body: stockAlertBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await requestStockAlert(request.deps, request.params.id, request.body);
      return ok(STOCK_ALERT_MESSAGES.created, null);
    },
  );

  r.get(
    '/dashboard/stock-alerts',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['dashboard'], response: { 200: envelope(waitingRidersSchema.array()) } },
    },
    async (request) =>
      ok('Waiting riders retrieved successfully', await waitingRiders(request.deps)),
  );

  // Opened from a mail, without signing in: the token names one alert and only removes it.
  r.get(
    '/stock-alerts/unsubscribe',
    { schema: { tags: ['products'], querystring: unsubscribeQuerySchema } },
    async (request, reply) => {
      const removed = await unsubscribeStockAlert(request.deps, request.query.token);
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            removed
              ? 'You will get no mail about this bicycle.'
              : 'This alert was already removed or used.',
          ),
        );
    },
  );
}
