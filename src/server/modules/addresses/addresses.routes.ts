import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressBodySchema,
  addressIdParamSchema,
  addressSchema,
} from '#shared/contract/address.ts';
import { envelope } from '#shared/contract/envelope.ts';
import { ok } from '#server/lib/reply.ts';
import { currentUser } from '../auth/current-user.ts';
import {
  addMyAddress,
  deleteMyAddress,
  getMyAddresses,
  updateMyAddress,
} from './addresses.service.ts';

/** The signed-in customer's address book, under /users/me/addresses. */
export function addressesRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['addresses'];

  r.get(
    '/',
    {
      onRequest: app.requireUser,
      schema: { tags, response: { 200: envelope(z.array(addressSchema)) } },
    },
    async (request) =>
      ok(
        'Addresses retrieved successfully',
        await getMyAddresses(request.deps, currentUser(request).id),
      ),
  );

  r.post(
    '/',
    {
      onRequest: app.requireUser,
      schema: { tags, body: addressBodySchema, response: { 201: envelope(addressSchema) } },
    },
    async (request, reply) => {
      const address = await addMyAddress(request.deps, currentUser(request).id, request.body);
      return reply.code(201).send(ok('Address saved successfully', address));
    },
  );

  r.put(
    '/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        params: addressIdParamSchema,
        body: addressBodySchema,
        response: { 200: envelope(addressSchema) },
      },
    },
    async (request) =>
      ok(
        'Address updated successfully',
        await updateMyAddress(
          request.deps,
          currentUser(request).id,
          request.params.id,
          request.body,
        ),
      ),
  );

  r.delete(
    '/:id',
    {
      onRequest: app.requireUser,
      schema: { tags, params: addressIdParamSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deleteMyAddress(request.deps, currentUser(request).id, request.params.id);
      return ok('Address deleted successfully', null);
    },
  );
}
