import { randomUUID } from 'node:crypto';
import type { Role } from '#shared/contract/user.ts';
import type { Deps } from '#server/deps.ts';
import { forbidden, unauthorized } from '#server/lib/app-error.ts';
import { findAccountState, findSessionCaller } from './accounts.repository.ts';
import {
  deleteExpiredRefreshTokens,
  findRefreshToken,
  insertRefreshToken,
  markRefreshTokenUsed,
  revokeFamily,
  revokeUserRefreshTokens,
} from './refresh-tokens.repository.ts';
import { hashRefreshToken, newRefreshToken } from './tokens.ts';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  /** The page session cookie's value (decision 032): the same session, for page requests. */
  pageToken: string;
}

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * Opens a new session: the first refresh token of a new family, and an access token naming that
 * family as its session (`sid`), so ending the family ends the access token too.
 */
export async function startSession(
  deps: Deps,
  user: { id: string; email: string; role: Role },
): Promise<IssuedTokens> {
  const now = deps.clock.now();
  const refresh = newRefreshToken();
  const familyId = randomUUID();
  const expiresAt = new Date(now.getTime() + deps.config.refreshTokenTtlMs);
  await deleteExpiredRefreshTokens(deps.db, user.id, now);
  await insertRefreshToken(deps.db, {
    userId: user.id,
    familyId,
    tokenHash: refresh.hash,
    expiresAt,
    createdAt: now,
  });
  return {
    accessToken: await deps.accessTokens.sign(user, familyId, now),
    refreshToken: refresh.token,
    pageToken: await deps.accessTokens.signPage(user.id, familyId, now, expiresAt),
  };
}

/**
 * Trades a refresh token for a new pair. Each token works once; a token presented again (a
 * replay, or the loser of two concurrent refreshes) ends its whole family, so a stolen token
 * is worthless once either party has used it. The family keeps its original absolute expiry.
 */
export async function rotateSession(
  deps: Deps,
  presented: string | undefined,
): Promise<IssuedTokens> {
  if (!presented) throw unauthorized(SESSION_ENDED);
  const now = deps.clock.now();
  const row = await findRefreshToken(deps.db, hashRefreshToken(presented));
  if (!row || row.revokedAt || row.familyRevoked) throw unauthorized(SESSION_ENDED);
  if (row.usedAt) {
    await revokeFamily(deps.db, row.familyId, now);
    throw unauthorized(SESSION_ENDED);
  }
  if (row.expiresAt.getTime() <= now.getTime()) throw unauthorized(SESSION_ENDED);

  const user = await findAccountState(deps.db, row.userId);
  if (!user) throw unauthorized(SESSION_ENDED);
  if (user.isBlocked) {
    await revokeFamily(deps.db, row.familyId, now);
    throw forbidden('Your account has been blocked.');
  }

  const next = newRefreshToken();
  const rotated = await deps.db.transaction(async (tx) => {
    if (!(await markRefreshTokenUsed(tx, row.id, now))) return false;
    await insertRefreshToken(tx, {
      userId: row.userId,
      familyId: row.familyId,
      tokenHash: next.hash,
      expiresAt: row.expiresAt,
      createdAt: now,
    });
    return true;
  });
  if (!rotated) {
    await revokeFamily(deps.db, row.familyId, now);
    throw unauthorized(SESSION_ENDED);
  }
  return {
    accessToken: await deps.accessTokens.sign(user, row.familyId, now),
    refreshToken: next.token,
    // Given again with each rotation, so a session always has one (the same session, the same end).
    pageToken: await deps.accessTokens.signPage(row.userId, row.familyId, now, row.expiresAt),
  };
}

/**
 * Ends the session the refresh token (or a valid access token) belongs to, and with it the
 * session's access tokens; unknown or missing tokens end nothing.
 */
export async function endSession(
  deps: Deps,
  presented: string | undefined,
  accessToken?: string,
): Promise<void> {
  const now = deps.clock.now();
  if (presented) {
    const row = await findRefreshToken(deps.db, hashRefreshToken(presented));
    if (row) await revokeFamily(deps.db, row.familyId, now);
  }
  // A caller that lost its cookie can still end the session its access token names.
  const claims = accessToken ? await deps.accessTokens.verify(accessToken, now) : null;
  if (claims) await revokeFamily(deps.db, claims.sid, now);
}

/**
 * Ends every session of the user and their access tokens (password change, blocking, role change);
 * start-up and scripts call it with no more than a database and a clock.
 */
export async function endAllSessions(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
): Promise<void> {
  await revokeUserRefreshTokens(deps.db, userId, deps.clock.now());
}

/**
 * The access token a page request acts with, for the session its page cookie names (decision 032):
 * undefined unless the token is valid and the session open (not logged out, not ended by a
 * password change or a replayed refresh token, not expired) and the account not blocked. The
 * access token is the session's own, so every API call made with it is checked as the browser's are;
 * it never leaves the server.
 */
export async function pageSessionAccess(
  deps: Deps,
  pageToken: string | undefined,
): Promise<string | undefined> {
  if (!pageToken || pageToken.length > 4096) return undefined;
  const now = deps.clock.now();
  const claims = await deps.accessTokens.verifyPage(pageToken, now);
  if (!claims) return undefined;
  const caller = await findSessionCaller(deps.db, claims.sub, claims.sid, now);
  if (!caller || caller.isBlocked || !caller.sessionOpen) return undefined;
  return deps.accessTokens.sign(caller, claims.sid, now);
}
