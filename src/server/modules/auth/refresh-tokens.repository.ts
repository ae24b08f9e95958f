import { and, eq, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '#server/db/client.ts';
import { refreshTokens } from '#server/db/schema.ts';

type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  db: Executor,
  values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

const sibling = alias(refreshTokens, 'sibling');

/**
 * The stored token with this hash, and whether any token of its family has been revoked: a
 * rotation racing a family revocation could otherwise leave one fresh token alive.
 */
export async function findRefreshToken(
  db: Executor,
  tokenHash: string,
): Promise<(RefreshTokenRow & { familyRevoked: boolean }) | undefined> {
  const [row] = await db
    .select({
      token: refreshTokens,
      familyRevoked: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(sibling)
        .where(
          and(eq(sibling.familyId, refreshTokens.familyId), isNotNull(sibling.revokedAt)),
        )})`.mapWith(Boolean),
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row ? { ...row.token, familyRevoked: row.familyRevoked } : undefined;
}

/** Marks the token used if nobody has used or revoked it yet; false means someone else got there first. */
export async function markRefreshTokenUsed(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(
      and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)),
    )
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

/** Revokes the tokens `which` selects that are not revoked yet, keeping the first revocation time. */
async function revokeLive(db: Executor, which: SQL, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(which, isNull(refreshTokens.revokedAt)));
}

export function revokeFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  return revokeLive(db, eq(refreshTokens.familyId, familyId), now);
}

/** Ends every session of a user (password change, blocking). */
export function revokeUserRefreshTokens(db: Executor, userId: string, now: Date): Promise<void> {
  return revokeLive(db, eq(refreshTokens.userId, userId), now);
}

/**
 * Forgets a user's expired sessions. A family shares one expiry, so once it has passed no row of
 * the family is needed for replay detection any more.
 */
export async function deleteExpiredRefreshTokens(
  db: Executor,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .delete(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), lte(refreshTokens.expiresAt, now)));
}
