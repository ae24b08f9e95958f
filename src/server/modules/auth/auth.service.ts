import type { ChangePasswordBody, LoginBody, RegisterBody } from '#shared/contract/auth.ts';
import type { User } from '#shared/contract/user.ts';
import type { Deps } from '#server/deps.ts';
import { isUniqueViolation } from '#server/db/pg-errors.ts';
import { AppError, conflict, forbidden, unauthorized } from '#server/lib/app-error.ts';
import { fieldError } from '#server/lib/validation.ts';
import { toUser } from './accounts.mapper.ts';
import {
  findAccountByEmail,
  findAccountById,
  insertCustomer,
  updatePasswordHash,
} from './accounts.repository.ts';
import { SESSION_EXPIRED } from './current-user.ts';
import { hashPassword, timingSafeDummyHash, verifyPassword } from './passwords.ts';
import { endAllSessions, startSession, type IssuedTokens } from './sessions.ts';

const INVALID_CREDENTIALS = 'Invalid email or password';
const ACCOUNT_BLOCKED = 'Your account has been blocked.';
const EMAIL_TAKEN = 'This email is already registered';
const WRONG_PASSWORD = 'Current password is incorrect';

interface SignedIn extends IssuedTokens {
  user: User;
}

/** 429 with the seconds to wait; the route puts them in Retry-After. */
export class RetryLaterError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(429, 'RATE_LIMITED', message);
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Creates a customer (never an admin) and signs them in. */
export async function register(deps: Deps, body: RegisterBody): Promise<SignedIn> {
  const email = normalizeEmail(body.email);
  if (await findAccountByEmail(deps.db, email)) throw conflict('EMAIL_TAKEN', EMAIL_TAKEN);
  const passwordHash = await hashPassword(body.password);
  let row;
  try {
    row = await insertCustomer(deps.db, { name: body.name, email, passwordHash });
  } catch (error) {
    // Two sign-ups with one email at once: the unique index lets only one through.
    if (isUniqueViolation(error)) throw conflict('EMAIL_TAKEN', EMAIL_TAKEN);
    throw error;
  }
  return { user: toUser(row, deps.imageUrls), ...(await startSession(deps, row)) };
}

/**
 * Checks the credentials. An unknown email is verified against a dummy hash, so it costs the
 * same time as a wrong password and gets the same answer; failures count against the account and
 * the client's address (see LoginThrottle).
 */
export async function login(deps: Deps, body: LoginBody, address: string): Promise<SignedIn> {
  const email = normalizeEmail(body.email);
  const wait = await deps.loginThrottle.admit(email, address);
  if (wait !== undefined) {
    throw new RetryLaterError(wait, 'Too many failed sign-in attempts. Please try again later.');
  }
  const user = await findAccountByEmail(deps.db, email);
  const valid = await verifyPassword(
    user?.passwordHash ?? (await timingSafeDummyHash()),
    body.password,
  );
  if (!user || !valid) {
    await deps.loginThrottle.recordFailure(email, address);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (user.isBlocked) throw forbidden(ACCOUNT_BLOCKED);
  await deps.loginThrottle.succeeded(email, address);
  return { user: toUser(user, deps.imageUrls), ...(await startSession(deps, user)) };
}

/** Checks the current password, stores the new one, ends every session and opens a fresh one for the caller. */
export async function changePassword(
  deps: Deps,
  id: string,
  body: ChangePasswordBody,
): Promise<IssuedTokens> {
  const user = await findAccountById(deps.db, id);
  // The guard has just seen this account; it can only be gone if deleted in between.
  if (!user) throw unauthorized(SESSION_EXPIRED);
  if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
    throw fieldError('body', 'oldPassword', WRONG_PASSWORD);
  }
  await updatePasswordHash(deps.db, id, await hashPassword(body.newPassword));
  await endAllSessions(deps, id);
  return startSession(deps, user);
}
