import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '#server/db/client.ts';
import { refreshTokens, users } from '#server/db/schema.ts';

/** An account as signing in sees it: the users row with its password hash. */
export type AccountRow = typeof users.$inferSelect;

const authColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  isBlocked: users.isBlocked,
};

export async function findAccountById(db: Executor, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Emails are stored lowercase (a check constraint holds it), so callers pass the normalized form. */
export async function findAccountByEmail(
  db: Executor,
  email: string,
): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** What a refresh needs to know about the account, fresh from the database. */
export async function findAccountState(db: Executor, id: string) {
  const [row] = await db.select(authColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

const live = alias(refreshTokens, 'live');
const revoked = alias(refreshTokens, 'revoked');

/**
 * What every authenticated request needs to know about its caller, and whether the session its
 * access token names is still open, in one round trip. A session is open while its refresh token
 * family belongs to this account, has not passed its absolute expiry, and has no revoked token:
 * logout, password change, blocking and role changes revoke the family.
 */
export async function findSessionCaller(db: Executor, id: string, sessionId: string, now: Date) {
  const [row] = await db
    .select({
      ...authColumns,
      sessionOpen: sql<boolean>`(exists (${db
        .select({ one: sql`1` })
        .from(live)
        .where(
          and(eq(live.familyId, sessionId), eq(live.userId, users.id), gt(live.expiresAt, now)),
        )}) and not exists (${db
        .select({ one: sql`1` })
        .from(revoked)
        .where(and(eq(revoked.familyId, sessionId), isNotNull(revoked.revokedAt)))}))`.mapWith(
        Boolean,
      ),
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function insertCustomer(
  db: Executor,
  values: { name: string; email: string; passwordHash: string },
): Promise<AccountRow> {
  const [row] = await db
    .insert(users)
    .values({
      name: values.name,
      email: values.email,
      passwordHash: values.passwordHash,
      role: 'customer',
    })
    .returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}

export async function updatePasswordHash(
  db: Executor,
  id: string,
  passwordHash: string,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}
