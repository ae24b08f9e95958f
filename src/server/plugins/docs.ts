import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance, opts: { ui: boolean }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bi-Cycle Store API', version: '1.0.0' },
      components: {
        securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (opts.ui) await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
