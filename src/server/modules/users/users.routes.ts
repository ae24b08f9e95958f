import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessTokenSchema, changePasswordBodySchema } from '#shared/contract/auth.ts';
import { envelope, pagedEnvelope } from '#shared/contract/envelope.ts';
import {
  adminUserSchema,
  riderFitBodySchema,
  userIdParamSchema,
  userListQuerySchema,
  userSchema,
  userStatusBodySchema,
} from '#shared/contract/user.ts';
import { ok, paged } from '#server/lib/reply.ts';
import { changePassword } from '../auth/auth.service.ts';
import { currentUser } from '../auth/current-user.ts';
import { setSessionCookies } from '../auth/refresh-cookie.ts';
import { readMultipart } from '../uploads/multipart.ts';
import {
  getMe,
  getUserPage,
  setUserStatus,
  updateMyFit,
  updateMyProfile,
} from './users.service.ts';

export function usersRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/me',
    {
      onRequest: app.requireUser,
      schema: { tags: ['users'], response: { 200: envelope(userSchema) } },
    },
    async (request) =>
      ok('User retrieved successfully', await getMe(request.deps, currentUser(request).id)),
  );

  r.patch(
    '/update',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        consumes: ['multipart/form-data'],
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const form = await readMultipart(request);
      return ok('Profile updated successfully', await updateMyProfile(request.deps, user.id, form));
    },
  );

  r.put(
    '/me/fit',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        body: riderFitBodySchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) =>
      ok(
        'Measurements saved successfully',
        await updateMyFit(request.deps, currentUser(request).id, request.body),
      ),
  );

  r.post(
    '/change-password',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        body: changePasswordBodySchema,
        response: { 200: envelope(accessTokenSchema) },
      },
    },
    async (request, reply) => {
      const tokens = await changePassword(request.deps, currentUser(request).id, request.body);
      setSessionCookies(reply, app.config, tokens);
      // Every earlier session has ended, the caller's too: this token belongs to the fresh one.
      return ok('Password changed successfully', { accessToken: tokens.accessToken });
    },
  );

  r.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['users'],
        querystring: userListQuerySchema,
        response: { 200: pagedEnvelope(adminUserSchema) },
      },
    },
    async (request) => {
      const page = await getUserPage(request.deps, request.query);
      return paged('Users retrieved successfully', page.data, page.meta);
    },
  );

  r.patch(
    '/:userId/status',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['users'],
        params: userIdParamSchema,
        body: userStatusBodySchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) =>
      ok(
        'User status updated successfully',
        await setUserStatus(request.deps, request.params.userId, request.body.isBlocked),
      ),
  );
}
