import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface PaymentsOptions {
  /** Run the periodic sweep that expires unpaid orders (off in tests). */
  sweep?: boolean;
}

/**
 * Decorates the app with the payment provider (visible to the orders module) and registers the
 * provider's routes under /payments.
 */
export const paymentsPlugin = fp(async (app: FastifyInstance, _opts: PaymentsOptions) => {
  await app.register(
    (_payments) => {
      // The provider's pages and webhooks are added here.
    },
    { prefix: '/payments' },
  );
});
