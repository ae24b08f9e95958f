import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProvider } from '../../payments/provider.ts';
import { SandboxProvider } from '../../payments/sandbox.ts';
import { StripeProvider } from '../../payments/stripe.ts';
import { orderDeps } from '../orders/order-deps.ts';
import { runOrderSweep } from '../orders/order-sweep.ts';
import { sandboxRoutes } from './sandbox.routes.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

export interface PaymentsOptions {
  /** Run the periodic sweep that expires unpaid orders and retries due refunds (off in tests). */
  sweep?: boolean;
  /** How often the sweep runs; one minute unless a test wants it sooner. */
  sweepIntervalMs?: number;
  /** A provider to use instead of the configured one (tests). */
  provider?: PaymentProvider;
}

function configuredProvider(app: FastifyInstance): PaymentProvider {
  const { payments } = app.config;
  if (payments.provider === 'stripe') {
    if (!payments.stripeSecretKey || !payments.stripeWebhookSecret) {
      throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    }
    return new StripeProvider({
      secretKey: payments.stripeSecretKey,
      webhookSecret: payments.stripeWebhookSecret,
      apiBase: payments.stripeApiBase,
      clock: app.clock,
      paymentTimeoutMs: payments.timeoutMs,
    });
  }
  return new SandboxProvider({ db: app.db, clock: app.clock, appUrl: app.config.appUrl });
}

/** Sweeps on every instance; conditional updates keep the instances from colliding. */
function startSweep(app: FastifyInstance, intervalMs: number): void {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const result = await runOrderSweep(orderDeps(app), app.config.payments.timeoutMs);
      if (result.expired > 0) app.log.info({ orders: result.expired }, 'unpaid orders expired');
      if (result.refundsDue > 0)
        app.log.warn({ orders: result.refundsDue }, 'refunds still due after the sweep');
    } catch (error) {
      app.log.error({ err: error }, 'order sweep failed');
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', (done) => {
    timer = setInterval(() => void sweep(), intervalMs);
    timer.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}

/**
 * Decorates the app with the payment provider (visible to the orders module) and registers the
 * provider's routes under /payments.
 */
export const paymentsPlugin = fp(async (app: FastifyInstance, opts: PaymentsOptions) => {
  const provider = opts.provider ?? configuredProvider(app);
  app.decorate('payments', provider);
  if (provider.name === 'sandbox' && app.config.env === 'production') {
    app.log.warn(
      'the sandbox payment provider is active: orders are not really paid (set PAYMENT_PROVIDER=stripe)',
    );
  }
  await app.register(
    async (payments) => {
      if (provider instanceof SandboxProvider)
        await payments.register(sandboxRoutes, { prefix: '/sandbox', provider });
      if (provider instanceof StripeProvider)
        await payments.register(stripeWebhookRoutes, { prefix: '/stripe', provider });
    },
    { prefix: '/payments' },
  );
  if (opts.sweep) startSweep(app, opts.sweepIntervalMs ?? 60_000);
});
