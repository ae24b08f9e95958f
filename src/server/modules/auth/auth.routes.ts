import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  accessTokenSchema,
  emptyDataSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sessionSchema,
} from '#shared/contract/auth.ts';
import { envelope } from '#shared/contract/envelope.ts';
import { accountMessages } from '#shared/messages/account.ts';
import { ok } from '#server/lib/reply.ts';
import { login, register, RetryLaterError } from './auth.service.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from './refresh-cookie.ts';
import { endSession, rotateSession } from './sessions.ts';
import { tokenFromHeader } from './tokens.ts';

/** Passes Retry-After along with a 429 raised by a service. */
async function withRetryAfter<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof RetryLaterError)
      reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

export function authRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: app.config.authRateLimitMax, timeWindow: '1 minute' };

  r.post(
    '/register',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        body: registerBodySchema,
        response: { 201: envelope(sessionSchema) },
      },
    },
    async (request, reply) => {
      const session = await register(request.deps, request.body);
      setSessionCookies(reply, app.config, session);
      return reply.code(201).send(
        ok('User registered successfully', {
          user: session.user,
          accessToken: session.accessToken,
        }),
      );
    },
  );

  r.post(
    '/login',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], body: loginBodySchema, response: { 200: envelope(sessionSchema) } },
    },
    async (request, reply) => {
      const session = await withRetryAfter(reply, login(request.deps, request.body, request.ip));
      setSessionCookies(reply, app.config, session);
      return ok('Login successful', { user: session.user, accessToken: session.accessToken });
    },
  );

  r.post(
    '/refresh-token',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], response: { 200: envelope(accessTokenSchema) } },
    },
    async (request, reply) => {
      const tokens = await rotateSession(request.deps, request.cookies[REFRESH_COOKIE]).catch(
        (error: unknown) => {
          // A token that failed once never works again: let the browser forget it.
          clearSessionCookies(reply, app.config);
          throw error;
        },
      );
      setSessionCookies(reply, app.config, tokens);
      return ok('Access token refreshed successfully', { accessToken: tokens.accessToken });
    },
  );

  /** Limited like sign-in; answers only with a message, so it tells nobody who has an account. */
  const messageOnly = <B extends z.ZodType>(body: B) => ({
    config: { rateLimit },
    schema: { tags: ['auth'], body, response: { 200: envelope(emptyDataSchema) } },
  });

  r.post('/forgot-password', messageOnly(forgotPasswordBodySchema), async (request) => {
    await requestPasswordReset(request.deps, request.body);
    return ok(accountMessages.forgotPasswordSent, null);
  });

  r.post('/reset-password', messageOnly(resetPasswordBodySchema), async (request) => {
    await resetPassword(request.deps, request.body);
    return ok(accountMessages.passwordReset, null);
  });

  r.post(
    '/logout',
    { schema: { tags: ['auth'], response: { 200: envelope(emptyDataSchema) } } },
    async (request, reply) => {
      await endSession(
        request.deps,
        request.cookies[REFRESH_COOKIE],
        tokenFromHeader(request.headers.authorization),
      );
      clearSessionCookies(reply, app.config);
      return ok('Logged out successfully', null);
    },
  );
}
