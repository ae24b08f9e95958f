import type { FastifyInstance } from 'fastify';

export function dashboardRoutes(_app: FastifyInstance): void {
  // Routes of this module are added here.
}
