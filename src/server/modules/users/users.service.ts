import type { PageMeta } from '#shared/contract/envelope.ts';
import { toDollars } from '#shared/rules/money.ts';
import {
  profileFieldsSchema,
  type AdminUser,
  type RiderFitBody,
  type User,
  type UserListQuery,
} from '#shared/contract/user.ts';
import type { Deps } from '#server/deps.ts';
import { forbidden, notFound, unauthorized } from '#server/lib/app-error.ts';
import { pageMeta } from '#server/lib/reply.ts';
import { fieldError, parseInput } from '#server/lib/validation.ts';
import { toUser } from '../auth/accounts.mapper.ts';
import { SESSION_EXPIRED } from '../auth/current-user.ts';
import { endAllSessions } from '../auth/sessions.ts';
import { isCurrentImageUrl, type ImageChange } from '../uploads/image-field.ts';
import type { MultipartForm } from '../uploads/multipart.ts';
import {
  findUserById,
  listUsers,
  setCustomerBlocked,
  updateProfile,
  updateRiderFit,
  type UserRow,
} from './users.repository.ts';

const INVALID_AVATAR = 'Avatar must be an image file, the current avatar URL or empty';

async function existingUser(deps: Deps, id: string): Promise<UserRow> {
  const row = await findUserById(deps.db, id);
  // The guard has just seen this account; it can only be gone if deleted in between.
  if (!row) throw unauthorized(SESSION_EXPIRED);
  return row;
}

export async function getMe(deps: Deps, id: string): Promise<User> {
  return toUser(await existingUser(deps, id), deps.imageUrls);
}

/** Remembers (or forgets, with nulls) the rider's height and inseam for the fit finder. */
export async function updateMyFit(deps: Deps, id: string, body: RiderFitBody): Promise<User> {
  const row = await updateRiderFit(deps.db, id, body);
  if (!row) throw unauthorized(SESSION_EXPIRED);
  return toUser(row, deps.imageUrls);
}

/**
 * What FormData makes of a missing value: the spec's client sends the current avatar back, and with
 * no avatar that is null, which the browser turns into this text.
 */
const MISSING_VALUE = new Set(['null', 'undefined']);

/**
 * The avatar part is a new file, the URL the API gave out for the current avatar (relative or
 * absolute), "null"/"undefined" (keep), or "" to remove it.
 */
function avatarChange(form: MultipartForm, current: UserRow): ImageChange {
  const file = form.files.avatar;
  if (file) return { kind: 'replace', file };
  const value = form.fields.avatar?.trim();
  if (value === undefined || MISSING_VALUE.has(value)) return { kind: 'keep' };
  if (value === '') return { kind: 'remove' };
  if (isCurrentImageUrl(value, current.avatarKey)) return { kind: 'keep' };
  // The server never adopts a URL it did not issue for this account.
  throw fieldError('body', 'avatar', INVALID_AVATAR);
}

/**
 * Changes the name and avatar; the email never changes. A new image is checked and stored before
 * the row changes, removed again if the row cannot be written, and the old files go only after
 * the row points elsewhere.
 */
export async function updateMyProfile(deps: Deps, id: string, form: MultipartForm): Promise<User> {
  const fields = parseInput(profileFieldsSchema, 'body', { name: form.fields.name });
  const current = await existingUser(deps, id);
  const change = avatarChange(form, current);

  const stored = change.kind === 'replace' ? await deps.images.save(change.file) : undefined;
  const avatarKey = change.kind === 'keep' ? current.avatarKey : (stored?.key ?? null);
  let row: UserRow | undefined;
  try {
    row = await updateProfile(deps.db, id, { name: fields.name, avatarKey });
  } catch (error) {
    await deps.images.remove(stored?.key);
    throw error;
  }
  if (!row) {
    await deps.images.remove(stored?.key);
    throw unauthorized(SESSION_EXPIRED);
  }
  if (change.kind !== 'keep' && current.avatarKey && current.avatarKey !== avatarKey) {
    await deps.images.remove(current.avatarKey).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'could not remove a replaced avatar');
    });
  }
  return toUser(row, deps.imageUrls);
}

export async function getUserPage(
  deps: Deps,
  query: UserListQuery,
): Promise<{ data: AdminUser[]; meta: PageMeta }> {
  const { rows, total } = await listUsers(deps.db, query);
  return {
    data: rows.map((row) => ({
      ...toUser(row.user, deps.imageUrls),
      orderCount: row.orderCount,
      totalPaid: toDollars(row.paidCents),
    })),
    meta: pageMeta(query.page, query.limit, total),
  };
}

/** Blocks or unblocks a customer; a blocked customer's sessions end at once. Admins cannot be blocked. */
export async function setUserStatus(deps: Deps, id: string, isBlocked: boolean): Promise<User> {
  const target = await findUserById(deps.db, id);
  if (!target) throw notFound('User not found.');
  if (target.role === 'admin') throw forbidden('Admins cannot be blocked.');
  const row = await setCustomerBlocked(deps.db, id, isBlocked);
  if (!row) throw forbidden('Admins cannot be blocked.');
  if (isBlocked) await endAllSessions(deps, id);
  return toUser(row, deps.imageUrls);
}
