import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxProvider } from './sandbox.ts';
import { StripeProvider } from './stripe.ts';

/** The provider PAYMENT_PROVIDER names. */
export function configuredProvider(config: Config, db: Db, clock: Clock): PaymentProvider {
  const { payments } = config;
  if (payments.provider === 'stripe') {
    if (!payments.stripeSecretKey || !payments.stripeWebhookSecret) {
      throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    }
    return new StripeProvider({
      secretKey: payments.stripeSecretKey,
      webhookSecret: payments.stripeWebhookSecret,
      apiBase: payments.stripeApiBase,
      clock,
      paymentTimeoutMs: payments.timeoutMs,
    });
  }
  return new SandboxProvider({ db, clock, appUrl: config.appUrl });
}
