import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '#shared/contract/envelope.ts';
import { mailListQuerySchema, outboxMailSchema } from '#shared/contract/mail.ts';
import { ok } from '#server/lib/reply.ts';
import { listMails } from './mail.service.ts';

/** GET /dashboard/mail?status=failed: the newest mails in that state (failed ones by default). */
export function mailRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['dashboard'],
        querystring: mailListQuerySchema,
        response: { 200: envelope(outboxMailSchema.array()) },
      },
    },
    async (request) => {
      return ok(
        'Mails retrieved successfully',
        await listMails(request.deps, request.query.status),
      );
    },
  );
}
