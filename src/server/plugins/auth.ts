import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/app-error.ts';
import { findCurrentUser, type AuthUser } from '../modules/auth/current-user.ts';
import { timingSafeDummyHash } from '../modules/auth/passwords.ts';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Any signed-in, unblocked user. */
    requireUser: Guard;
    requireAdmin: Guard;
    requireCustomer: Guard;
  }
}

/** The guards of signed-in routes: each finds the caller again on every request. */
export const authPlugin = fp((app: FastifyInstance) => {
  // Computed up front, so the first sign-in with an unknown email costs no more than any other.
  app.addHook('onReady', async () => {
    await timingSafeDummyHash();
  });
  app.decorateRequest('authUser', null);

  const authenticate = async (request: FastifyRequest): Promise<AuthUser> => {
    const user = await findCurrentUser(request.deps, request.headers.authorization);
    request.authUser = user;
    return user;
  };

  app.decorate('requireUser', async (request: FastifyRequest) => {
    await authenticate(request);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const user = await authenticate(request);
    if (user.role !== 'admin') throw forbidden('Only admins can do this.');
  });
  app.decorate('requireCustomer', async (request: FastifyRequest) => {
    const user = await authenticate(request);
    if (user.role === 'admin') throw forbidden('Admins are not allowed to place orders.');
  });
});
