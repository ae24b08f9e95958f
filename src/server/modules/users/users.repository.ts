import { and, desc, eq, gt, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { UserListQuery } from '#shared/contract/user.ts';
import type { Executor } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

const authColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  isBlocked: users.isBlocked,
};

/** What a refresh needs to know about the account, fresh from the database. */
export async function findAuthState(db: Executor, id: string) {
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

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Emails are stored lowercase (a check constraint holds it), so callers pass the normalized form. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function insertCustomer(
  db: Executor,
  values: { name: string; email: string; passwordHash: string },
): Promise<UserRow> {
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

/** Inserts an admin account; undefined when the email is taken (the caller decides what then). */
export async function insertAdmin(
  db: Executor,
  values: { name: string; email: string; passwordHash: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'admin' })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

/** Makes the account an unblocked admin, with a new password hash when one is given. */
export async function setAdminAccount(
  db: Executor,
  id: string,
  values: { passwordHash?: string },
): Promise<void> {
  await db
    .update(users)
    .set({ role: 'admin', isBlocked: false, updatedAt: sql`now()`, ...values })
    .where(eq(users.id, id));
}

export async function updateProfile(
  db: Executor,
  id: string,
  values: { name: string; avatarKey: string | null },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ name: values.name, avatarKey: values.avatarKey, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
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

/** Changes the flag of a customer only: the role condition keeps admins unblockable even under a race. */
export async function setCustomerBlocked(
  db: Executor,
  id: string,
  isBlocked: boolean,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ isBlocked, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.role, 'customer')))
    .returning();
  return row;
}

/** Escapes LIKE wildcards so a search for "a_b" finds the text "a_b" only. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function userFilters(searchTerm: string | undefined): SQL | undefined {
  if (!searchTerm) return undefined;
  const pattern = `%${escapeLike(searchTerm)}%`;
  return or(ilike(users.name, pattern), ilike(users.email, pattern));
}

/** A page of users, newest first, optionally matching a case-insensitive substring of name or email. */
export async function listUsers(
  db: Executor,
  query: UserListQuery,
): Promise<{ rows: UserRow[]; total: number }> {
  const where = userFilters(query.searchTerm);
  const rows = await db
    .select({ user: users, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  if (rows.length > 0) return { rows: rows.map((r) => r.user), total: rows[0]?.total ?? 0 };
  // Past the last page the window count is absent: count separately.
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(where);
  return { rows: [], total: count?.n ?? 0 };
}
