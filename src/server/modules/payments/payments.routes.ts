import type { FastifyInstance } from 'fastify';
import { SandboxProvider } from '#server/payments/sandbox.ts';
import { StripeProvider } from '#server/payments/stripe.ts';
import { sandboxRoutes } from './sandbox.routes.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

/** The routes of the app's payment provider (`deps.payments`): its checkout page or its webhook. */
export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const provider = app.deps.payments;
  if (provider.name === 'sandbox' && app.config.env === 'production') {
    app.log.warn(
      'the sandbox payment provider is active: orders are not really paid (set PAYMENT_PROVIDER=stripe)',
    );
  }
  if (provider instanceof SandboxProvider)
    await app.register(sandboxRoutes, { prefix: '/sandbox' });
  if (provider instanceof StripeProvider)
    await app.register(stripeWebhookRoutes, { prefix: '/stripe', provider });
}
