import type { FastifyInstance } from 'fastify';

export function usersRoutes(_app: FastifyInstance): void {
  // Routes of this module are added here.
}
