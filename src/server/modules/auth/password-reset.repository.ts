import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { lockUserAndCount } from '#server/db/queries.ts';
import { passwordResetTokens, users } from '#server/db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { updatePasswordHash } from './accounts.repository.ts';
import { revokeUserRefreshTokens } from './refresh-tokens.repository.ts';

/**
 * Stores a reset token for the user and writes its mail in the same transaction, unless the user
 * already got `maxPerWindow` links since `windowStart`. The user's row is locked first, so
 * concurrent requests for one address are counted one after another. Returns whether a link was
 * issued.
 */
export async function issueResetToken(
  db: Executor,
  input: {
    userId: string;
    tokenHash: string;
    now: Date;
    expiresAt: Date;
    windowStart: Date;
    maxPerWindow: number;
    mail: { to: string; name: string; token: string; validMinutes: number };
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const recent = await lockUserAndCount(
      tx,
      input.userId,
      passwordResetTokens,
      passwordResetTokens.userId,
      gte(passwordResetTokens.createdAt, input.windowStart),
    );
    if (recent >= input.maxPerWindow) return false;
    const [row] = await tx
      .insert(passwordResetTokens)
      .values({
        userId: input.userId,
        tokenHash: input.tokenHash,
        expiresAt: input.expiresAt,
        createdAt: input.now,
      })
      .returning({ id: passwordResetTokens.id });
    if (!row) throw new Error('reset token insert returned nothing');
    const { to, name, token, validMinutes } = input.mail;
    await enqueueMail(
      tx,
      {
        kind: 'password-reset',
        to,
        payload: { name, token, validMinutes },
        dedupeKey: `password-reset:${row.id}`,
      },
      input.now,
    );
    return true;
  });
}

/**
 * Uses the token once: if it is unused, unexpired and its account is not blocked, sets the new
 * password, uses up every other open link of the account and ends all its sessions, in one
 * transaction. Returns the account's id, or undefined when the token is not (or no longer) good.
 */
export async function consumeResetToken(
  db: Executor,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
          sql`${passwordResetTokens.userId} IN (SELECT ${users.id} FROM ${users} WHERE NOT ${users.isBlocked})`,
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) return undefined;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    await updatePasswordHash(tx, used.userId, passwordHash);
    await revokeUserRefreshTokens(tx, used.userId, now);
    return used.userId;
  });
}
