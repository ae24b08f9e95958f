import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelopeSchema } from '#shared/contract/envelope.ts';
import { AppError } from '#server/lib/app-error.ts';
import { ok } from '#server/lib/reply.ts';
import { WebhookSignatureError, type StripeProvider } from '#server/payments/stripe.ts';
import { handleStripeEvent } from './stripe-events.ts';

const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** Stripe's webhook: the raw body is kept for the signature check, so JSON is not parsed here. */
export function stripeWebhookRoutes(
  app: FastifyInstance,
  opts: { provider: StripeProvider },
): void {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/webhook',
    {
      config: { rateLimit: false },
      schema: {
        hide: true,
        body: z.instanceof(Buffer),
        response: {
          200: envelope(z.object({ received: z.literal(true), duplicate: z.boolean() })),
          400: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = opts.provider.parseWebhook(
          request.body,
          typeof signature === 'string' ? signature : undefined,
          request.deps.clock.now(),
        );
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ reason: error.message }, 'stripe webhook refused');
          throw new AppError(400, 'BAD_SIGNATURE', 'The webhook signature is not valid.');
        }
        throw error;
      }
      const { duplicate } = await handleStripeEvent(request.deps, event);
      return ok(duplicate ? 'Event already received' : 'Event received', {
        received: true as const,
        duplicate,
      });
    },
  );
}
