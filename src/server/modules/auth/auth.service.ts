import type { FastifyInstance } from 'fastify';
import type { LoginBody, RegisterBody } from '#shared/contract/auth.ts';
import type { User } from '#shared/contract/user.ts';
import { AppError, conflict, forbidden, unauthorized } from '../../lib/app-error.ts';
import { toUser } from '../users/users.mapper.ts';
import { findUserByEmail, insertCustomer } from '../users/users.repository.ts';
import { hashPassword, timingSafeDummyHash, verifyPassword } from './passwords.ts';
import { startSession, type IssuedTokens } from './sessions.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_BLOCKED = 'Your account has been blocked.';
export const EMAIL_TAKEN = 'This email is already registered';

export interface SignedIn extends IssuedTokens {
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

/** PostgreSQL's unique_violation, possibly wrapped by the driver or Drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Object; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Creates a customer (never an admin) and signs them in. */
export async function register(app: FastifyInstance, body: RegisterBody): Promise<SignedIn> {
  const email = normalizeEmail(body.email);
  if (await findUserByEmail(app.db, email)) throw conflict('EMAIL_TAKEN', EMAIL_TAKEN);
  const passwordHash = await hashPassword(body.password);
  let row;
  try {
    row = await insertCustomer(app.db, { name: body.name, email, passwordHash });
  } catch (error) {
    // Two sign-ups with one email at once: the unique index lets only one through.
    if (isUniqueViolation(error)) throw conflict('EMAIL_TAKEN', EMAIL_TAKEN);
    throw error;
  }
  return { user: toUser(row, app.imageUrls), ...(await startSession(app, row)) };
}

/**
 * Checks the credentials. An unknown email is verified against a dummy hash, so it costs the
 * same time as a wrong password and gets the same answer; failures count against the account and
 * the client's address (see LoginThrottle).
 */
export async function login(
  app: FastifyInstance,
  body: LoginBody,
  address: string,
): Promise<SignedIn> {
  const email = normalizeEmail(body.email);
  const wait = await app.loginThrottle.admit(email, address);
  if (wait !== undefined) {
    throw new RetryLaterError(wait, 'Too many failed sign-in attempts. Please try again later.');
  }
  const user = await findUserByEmail(app.db, email);
  const valid = await verifyPassword(
    user?.passwordHash ?? (await timingSafeDummyHash()),
    body.password,
  );
  if (!user || !valid) {
    await app.loginThrottle.recordFailure(email, address);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (user.isBlocked) throw forbidden(ACCOUNT_BLOCKED);
  await app.loginThrottle.succeeded(email, address);
  return { user: toUser(user, app.imageUrls), ...(await startSession(app, user)) };
}
