import type { FastifyInstance } from 'fastify';

export interface PaymentsOptions {
  /** Run the periodic sweep that expires unpaid orders (off in tests). */
  sweep?: boolean;
}

export function paymentsPlugin(_app: FastifyInstance, _opts: PaymentsOptions): void {
  // The payment provider and its routes are added here.
}
