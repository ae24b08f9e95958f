import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, errorEnvelopeSchema } from '#shared/contract/envelope.ts';
import { healthSchema } from '#shared/contract/health.ts';
import { AppError } from '#server/lib/app-error.ts';
import { ok } from '#server/lib/reply.ts';

export function healthRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        response: { 200: envelope(healthSchema), 503: errorEnvelopeSchema },
      },
    },
    async () => {
      try {
        await app.database.ping();
      } catch {
        throw new AppError(503, 'DATABASE_UNAVAILABLE', 'The database does not answer.');
      }
      return ok('Server is healthy', { status: 'ok' as const, database: 'ok' as const });
    },
  );
}
