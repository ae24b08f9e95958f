import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Role } from '#shared/contract/user.ts';
import { forbidden, unauthorized } from '../lib/app-error.ts';
import {
  MemoryLoginFailureStore,
  RedisLoginFailureStore,
  type LoginFailureStore,
} from '../modules/auth/login-failures.ts';
import { LoginThrottle } from '../modules/auth/login-throttle.ts';
import { timingSafeDummyHash } from '../modules/auth/passwords.ts';
import { AccessTokens, tokenFromHeader } from '../modules/auth/tokens.ts';
import { findSessionCaller } from '../modules/users/users.repository.ts';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** Failed sign-ins per account and address (LOGIN_MAX_FAILURES per 15 minutes), shared through Redis when set. */
    loginThrottle: LoginThrottle;
    /** Any signed-in, unblocked user. */
    requireUser: Guard;
    requireAdmin: Guard;
    requireCustomer: Guard;
  }
}

/** The caller of a guarded route; guards have already refused anyone else. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}

/** Several instances share the failure counts through Redis when REDIS_URL is set. */
function failureStore(app: FastifyInstance): LoginFailureStore {
  if (!app.config.redisUrl) return new MemoryLoginFailureStore(app.clock);
  const redis = new Redis(app.config.redisUrl, { maxRetriesPerRequest: 1 });
  redis.on('error', (error: unknown) => {
    app.log.warn({ err: error }, 'redis connection error');
  });
  return new RedisLoginFailureStore(redis, app.clock);
}

const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/**
 * Verifies the access token on guarded routes and re-reads the account and the token's session on
 * every request (one query), so a blocked user is refused (403) and an ended session (logout,
 * password change, role change) is refused (401) even while the token has not expired.
 */
export const authPlugin = fp((app: FastifyInstance) => {
  app.decorate('accessTokens', new AccessTokens(app.config.jwtSecret, app.config.accessTokenTtlMs));
  app.decorate(
    'loginThrottle',
    new LoginThrottle(failureStore(app), app.config.loginMaxFailures, app.clock, app.log),
  );
  app.addHook('onClose', () => app.loginThrottle.close());
  // Computed up front, so the first sign-in with an unknown email costs no more than any other.
  app.addHook('onReady', async () => {
    await timingSafeDummyHash();
  });
  app.decorateRequest('authUser', null);

  const authenticate = async (request: FastifyRequest): Promise<AuthUser> => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) throw unauthorized();
    const now = app.clock.now();
    const claims = await app.accessTokens.verify(token, now);
    if (!claims) throw unauthorized(SESSION_EXPIRED);
    const state = await findSessionCaller(app.db, claims.sub, claims.sid, now);
    if (!state) throw unauthorized(SESSION_EXPIRED);
    // Blocking also ends the sessions; the block is named first so the client can say why.
    if (state.isBlocked) throw forbidden('Your account has been blocked.');
    if (!state.sessionOpen) throw unauthorized(SESSION_EXPIRED);
    const user = { id: state.id, email: state.email, name: state.name, role: state.role };
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
