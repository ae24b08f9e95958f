import type { FastifyInstance } from 'fastify';
import type { ChangePasswordBody } from '#shared/contract/auth.ts';
import type { PageMeta } from '#shared/contract/envelope.ts';
import { profileFieldsSchema, type User, type UserListQuery } from '#shared/contract/user.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/app-error.ts';
import { pageMeta } from '../../lib/reply.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { endAllSessions, startSession, type IssuedTokens } from '../auth/sessions.ts';
import { isCurrentImageUrl } from '../uploads/image-field.ts';
import type { MultipartForm } from '../uploads/multipart.ts';
import { toUser } from './users.mapper.ts';
import {
  findUserById,
  listUsers,
  setCustomerBlocked,
  updatePasswordHash,
  updateProfile,
  type UserRow,
} from './users.repository.ts';

export const WRONG_PASSWORD = 'Current password is incorrect';
export const INVALID_AVATAR = 'Avatar must be an image file, the current avatar URL or empty';

function invalidField(field: string, message: string): AppError {
  return new AppError(400, 'VALIDATION_ERROR', message, [{ path: `body.${field}`, message }]);
}

async function existingUser(app: FastifyInstance, id: string): Promise<UserRow> {
  const row = await findUserById(app.db, id);
  // The guard has just seen this account; it can only be gone if deleted in between.
  if (!row) throw unauthorized('Your session has expired. Please sign in again.');
  return row;
}

export async function getMe(app: FastifyInstance, id: string): Promise<User> {
  return toUser(await existingUser(app, id), app.imageUrls);
}

type AvatarChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; file: Buffer };

/**
 * What FormData makes of a missing value: the spec's client sends the current avatar back, and with
 * no avatar that is null, which the browser turns into this text.
 */
const MISSING_VALUE = new Set(['null', 'undefined']);

/**
 * The avatar part is a new file, the URL the API gave out for the current avatar (relative or
 * absolute), "null"/"undefined" (keep), or "" to remove it.
 */
function avatarChange(form: MultipartForm, current: UserRow): AvatarChange {
  const file = form.files.avatar;
  if (file) return { kind: 'replace', file };
  const value = form.fields.avatar?.trim();
  if (value === undefined || MISSING_VALUE.has(value)) return { kind: 'keep' };
  if (value === '') return { kind: 'remove' };
  if (isCurrentImageUrl(value, current.avatarKey)) return { kind: 'keep' };
  // The server never adopts a URL it did not issue for this account.
  throw invalidField('avatar', INVALID_AVATAR);
}

/**
 * Changes the name and avatar; the email never changes. A new image is checked and stored before
 * the row changes, removed again if the row cannot be written, and the old files go only after
 * the row points elsewhere.
 */
export async function updateMyProfile(
  app: FastifyInstance,
  id: string,
  form: MultipartForm,
): Promise<User> {
  const fields = profileFieldsSchema.safeParse({ name: form.fields.name });
  if (!fields.success) {
    const details = fields.error.issues.map((issue) => ({
      path: ['body', ...issue.path.map(String)].join('.'),
      message: issue.message,
    }));
    throw new AppError(400, 'VALIDATION_ERROR', details[0]?.message ?? 'Invalid input', details);
  }
  const current = await existingUser(app, id);
  const change = avatarChange(form, current);

  const stored = change.kind === 'replace' ? await app.images.save(change.file) : undefined;
  const avatarKey = change.kind === 'keep' ? current.avatarKey : (stored?.key ?? null);
  let row: UserRow | undefined;
  try {
    row = await updateProfile(app.db, id, { name: fields.data.name, avatarKey });
  } catch (error) {
    await app.images.remove(stored?.key);
    throw error;
  }
  if (!row) {
    await app.images.remove(stored?.key);
    throw unauthorized('Your session has expired. Please sign in again.');
  }
  if (change.kind !== 'keep' && current.avatarKey && current.avatarKey !== avatarKey) {
    await app.images.remove(current.avatarKey).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not remove a replaced avatar');
    });
  }
  return toUser(row, app.imageUrls);
}

/** Checks the current password, stores the new one, ends every session and opens a fresh one for the caller. */
export async function changePassword(
  app: FastifyInstance,
  id: string,
  body: ChangePasswordBody,
): Promise<IssuedTokens> {
  const user = await existingUser(app, id);
  if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
    throw invalidField('oldPassword', WRONG_PASSWORD);
  }
  await updatePasswordHash(app.db, id, await hashPassword(body.newPassword));
  await endAllSessions(app, id);
  return startSession(app, user);
}

export async function getUserPage(
  app: FastifyInstance,
  query: UserListQuery,
): Promise<{ data: User[]; meta: PageMeta }> {
  const { rows, total } = await listUsers(app.db, query);
  return {
    data: rows.map((row) => toUser(row, app.imageUrls)),
    meta: pageMeta(query.page, query.limit, total),
  };
}

/** Blocks or unblocks a customer; a blocked customer's sessions end at once. Admins cannot be blocked. */
export async function setUserStatus(
  app: FastifyInstance,
  id: string,
  isBlocked: boolean,
): Promise<User> {
  const target = await findUserById(app.db, id);
  if (!target) throw notFound('User not found.');
  if (target.role === 'admin') throw forbidden('Admins cannot be blocked.');
  const row = await setCustomerBlocked(app.db, id, isBlocked);
  if (!row) throw forbidden('Admins cannot be blocked.');
  if (isBlocked) await endAllSessions(app, id);
  return toUser(row, app.imageUrls);
}
