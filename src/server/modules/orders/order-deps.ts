import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentProvider } from '../../payments/provider.ts';

/** What the order rules need from the app: the database, the provider, the clock and a logger. */
export interface OrderDeps {
  db: Db;
  payments: PaymentProvider;
  clock: Clock;
  log: FastifyBaseLogger;
  appUrl: string;
}

export function orderDeps(app: FastifyInstance, log: FastifyBaseLogger = app.log): OrderDeps {
  return { db: app.db, payments: app.payments, clock: app.clock, log, appUrl: app.config.appUrl };
}

/** Where every provider sends the browser back; the page there asks verify for the outcome. */
export function paymentReturnUrl(appUrl: string, orderId: string): string {
  return `${appUrl}/payment-success?order_id=${encodeURIComponent(orderId)}`;
}
