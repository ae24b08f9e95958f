import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSummarySchema } from '#shared/contract/dashboard.ts';
import { envelope } from '#shared/contract/envelope.ts';
import { ok } from '#server/lib/reply.ts';
import { getSummary } from './dashboard.service.ts';

export function dashboardRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/summary',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['dashboard'], response: { 200: envelope(dashboardSummarySchema) } },
    },
    async (request) =>
      ok('Dashboard summary retrieved successfully', await getSummary(request.deps)),
  );
}
