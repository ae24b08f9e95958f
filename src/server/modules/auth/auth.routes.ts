import type { FastifyInstance } from 'fastify';

export function authRoutes(_app: FastifyInstance): void {
  // Routes of this module are added here.
}
