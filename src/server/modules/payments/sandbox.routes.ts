import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '#shared/contract/envelope.ts';
import { renderCheckoutPage, renderClosedPage, renderNotFoundPage } from './sandbox-page.ts';
import { findCheckout, submitCheckout } from './sandbox.service.ts';

const paramsSchema = z.object({
  sessionId: z.string().regex(/^[\w-]{1,200}$/, 'Invalid checkout session'),
});
const formSchema = z.object({
  cardNumber: z.string().max(64).default(''),
  expiry: z.string().max(32).default(''),
  cvc: z.string().max(32).default(''),
  action: z.enum(['pay', 'cancel']).default('pay'),
});
const html = z.string().describe('HTML page');
/** The page itself, or the JSON error envelope when the request does not even validate. */
const htmlOrError = z.union([html, errorEnvelopeSchema]);

/** Form posts are tiny; anything larger is not from the payment page. */
const FORM_BODY_LIMIT = 4 * 1024;

function firstValues(
  parsed: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out[key] = first;
  }
  return out;
}

/**
 * The page's form posts to itself and is then redirected to the order's return page, which may be
 * on an allowed front end's origin: browsers hold that redirect to the page's form-action too.
 */
function allowReturnTo(reply: FastifyReply, returnUrl: string): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  const origin = new URL(returnUrl).origin;
  reply.header(
    'content-security-policy',
    // A function replacer: `$` in the inserted text stays text, never a replacement pattern.
    csp.replace("form-action 'self'", () => `form-action 'self' ${origin}`),
  );
}

/** The sandbox's hosted checkout page (DESIGN.md section 4): HTML, outside the JSON envelope. */
export function sandboxRoutes(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(
        null,
        firstValues(parseQueryString(typeof body === 'string' ? body : body.toString('utf8'))),
      );
    },
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: ['payments'],
    params: paramsSchema,
    response: { 200: html, 400: htmlOrError, 402: html, 404: html },
  };
  r.get('/checkout/:sessionId', { schema }, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const checkout = await findCheckout(request.deps, request.params.sessionId);
    if (!checkout) return reply.code(404).send(renderNotFoundPage());
    allowReturnTo(reply, checkout.returnUrl);
    if (checkout.closed) return reply.send(renderClosedPage(checkout.returnUrl));
    return reply.send(renderCheckoutPage(checkout));
  });

  r.post(
    '/checkout/:sessionId',
    { schema: { ...schema, body: formSchema } },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const checkout = await findCheckout(request.deps, request.params.sessionId);
      if (!checkout) return reply.code(404).send(renderNotFoundPage());
      allowReturnTo(reply, checkout.returnUrl);
      if (checkout.closed) return reply.redirect(checkout.returnUrl, 303);
      const outcome = await submitCheckout(request.deps, checkout, request.body);
      if (outcome) {
        // 402 for a declined card, as card APIs answer; 400 for a form that does not check out.
        return reply.code(outcome.declined ? 402 : 400).send(
          renderCheckoutPage({
            ...checkout,
            expiry: request.body.expiry,
            error: outcome.refused,
          }),
        );
      }
      return reply.redirect(checkout.returnUrl, 303);
    },
  );
}
