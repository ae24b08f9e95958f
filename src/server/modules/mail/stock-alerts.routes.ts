import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelopeSchema } from '#shared/contract/envelope.ts';
import {
  STOCK_ALERT_MESSAGES,
  stockAlertBodySchema,
  stockAlertConfirmBodySchema,
  unsubscribeQuerySchema,
  waitingRidersSchema,
} from '#shared/contract/mail.ts';
import { stockAlertsMessages } from '#shared/messages/stock-alerts.ts';
import { AppError } from '#server/lib/app-error.ts';
import { ok } from '#server/lib/reply.ts';
import { findCurrentUser } from '../auth/current-user.ts';
import { renderConfirmPage, renderResultPage, renderUnsubscribePage } from './stock-alerts-page.ts';
import {
  confirmStockAlertLink,
  requestStockAlert,
  unsubscribeStockAlert,
  waitingRiders,
} from './stock-alerts.service.ts';

const html = z.string().describe('HTML page');
const done = envelope(z.null());
/** A page for a browser's form post, the envelope for any other caller. */
const pageOrDone = z.union([html, done]);
const pageOrError = z.union([html, errorEnvelopeSchema]);
/** The pages' forms and RFC 8058's one-click POST are tiny. */
const FORM_BODY_LIMIT = 4 * 1024;

/** The request as the request log writes it, without the link's token (it confirms or removes). */
function requestWithoutToken(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/([?&]token=)[^&#]*/g, (_link, key: string) => `${key}[redacted]`),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
const logSerializers = { req: requestWithoutToken };

/** Answers with one of the pages; never stored, since its URL carries the link's token. */
function asPage(reply: FastifyReply, status: number, page: string): string {
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store');
  return page;
}

/**
 * Runs a link's action: a browser posting the page's form gets a page saying what happened (also
 * when the link was bad), any other caller the envelope (errors through the error handler).
 */
async function linkAction(
  request: FastifyRequest,
  reply: FastifyReply,
  action: () => Promise<void>,
  message: string,
) {
  const wantsPage = (request.headers.accept ?? '').includes('text/html');
  try {
    await action();
  } catch (error) {
    if (wantsPage && error instanceof AppError)
      return asPage(reply, error.statusCode, renderResultPage(error.message));
    throw error;
  }
  reply.header('cache-control', 'no-store');
  return wantsPage ? asPage(reply, 200, renderResultPage(message)) : ok(message, null);
}

/** POST /products/:id/stock-alerts, the confirmation and unsubscribe links, the admin's counts. */
export function stockAlertRoutes(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, parsed) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      parsed(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/products/:id/stock-alerts',
    {
      config: { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } },
      schema: {
        tags: ['products'],
        params: z.object({ id: z.uuid({ error: 'Product not found.' }) }),
        body: stockAlertBodySchema,
        response: { 200: done, 202: done },
      },
    },
    async (request, reply) => {
      // The access token is optional here: with one, the caller's own address needs no
      // confirmation (a bad or expired token is refused, so the client refreshes it).
      const { authorization } = request.headers;
      const caller = authorization ? await findCurrentUser(request.deps, authorization) : null;
      const outcome = await requestStockAlert(
        request.deps,
        request.params.id,
        request.body,
        caller?.email ?? null,
      );
      if (outcome === 'active') return ok(STOCK_ALERT_MESSAGES.created, null);
      return reply.code(202).send(ok(stockAlertsMessages.checkInbox, null));
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

  // The confirmation page's button (or any client holding the token) confirms the alert.
  r.post(
    '/stock-alerts/confirm',
    {
      config: { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } },
      logSerializers,
      schema: {
        tags: ['products'],
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        body: stockAlertConfirmBodySchema,
        response: { 200: pageOrDone, 400: pageOrError },
      },
    },
    (request, reply) =>
      linkAction(
        request,
        reply,
        () => confirmStockAlertLink(request.deps, request.body.token),
        stockAlertsMessages.confirmed,
      ),
  );

  // Opened from a mail, without signing in. Mail scanners follow links, so the GET only shows
  // the button; the token names one alert and only removes it.
  r.get(
    '/stock-alerts/unsubscribe',
    { logSerializers, schema: { tags: ['products'], querystring: unsubscribeQuerySchema } },
    (request, reply) => asPage(reply, 200, renderUnsubscribePage(request.query.token)),
  );

  // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` to the header's URL,
  // form-encoded or as multipart/form-data; the body says nothing more, so it is not read.
  r.post(
    '/stock-alerts/unsubscribe',
    {
      logSerializers,
      schema: {
        tags: ['products'],
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        querystring: unsubscribeQuerySchema,
        response: { 200: pageOrDone, 404: pageOrError },
      },
    },
    (request, reply) =>
      linkAction(
        request,
        reply,
        () => unsubscribeStockAlert(request.deps, request.query.token),
        stockAlertsMessages.unsubscribed,
      ),
  );
}

/** The confirmation link of the mail, `APP_URL/stock-alerts/confirm?token=`: a page, outside the API. */
export function stockAlertPageRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/stock-alerts/confirm',
    {
      logSerializers,
      schema: {
        hide: true,
        querystring: unsubscribeQuerySchema,
        response: { 200: html },
      },
    },
    (request, reply) => asPage(reply, 200, renderConfirmPage(request.query.token)),
  );
}
