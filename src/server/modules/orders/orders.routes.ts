import type { FastifyInstance } from 'fastify';

export function ordersRoutes(_app: FastifyInstance): void {
  // Routes of this module are added here.
}
