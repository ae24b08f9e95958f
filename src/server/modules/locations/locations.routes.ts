import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '#shared/contract/envelope.ts';
import {
  locationBodySchema,
  locationIdParamSchema,
  locationSchema,
} from '#shared/contract/location.ts';
import { ok } from '#server/lib/reply.ts';
import { addLocation, changeLocation, getLocations, removeLocation } from './locations.service.ts';

/** The shops bicycles can be collected from: anyone reads them, the store's admins keep them. */
export function locationsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['locations'];

  r.get(
    '/',
    { schema: { tags, response: { 200: envelope(z.array(locationSchema)) } } },
    async (request) => ok('Shops retrieved successfully', await getLocations(request.deps)),
  );

  r.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: { tags, body: locationBodySchema, response: { 201: envelope(locationSchema) } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok('Shop created successfully', await addLocation(request.deps, request.body))),
  );

  r.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        params: locationIdParamSchema,
        body: locationBodySchema,
        response: { 200: envelope(locationSchema) },
      },
    },
    async (request) =>
      ok(
        'Shop updated successfully',
        await changeLocation(request.deps, request.params.id, request.body),
      ),
  );

  r.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: { tags, params: locationIdParamSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await removeLocation(request.deps, request.params.id);
      return ok('Shop deleted successfully', null);
    },
  );
}
