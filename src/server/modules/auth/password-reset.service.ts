import { createHash, randomBytes } from 'node:crypto';
import type { ForgotPasswordBody, ResetPasswordBody } from '#shared/contract/auth.ts';
import { accountMessages } from '#shared/messages/account.ts';
import type { Deps } from '#server/deps.ts';
import { AppError } from '#server/lib/app-error.ts';
import { findAccountByEmail } from './accounts.repository.ts';
import { normalizeEmail } from './auth.service.ts';
import { hashPassword } from './passwords.ts';
import { consumeResetToken, issueResetToken } from './password-reset.repository.ts';

export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/** Reset mails one address may receive per hour; more requests get the same answer and no mail. */
export const RESET_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Mails a single-use reset link to an existing, unblocked account, at most RESET_MAILS_PER_HOUR
 * times an hour. The caller answers the same whatever happens here, so the answer tells nobody
 * whether the address has an account. Its timing must not tell either: everything only an account
 * causes (the link, its mail in the outbox, the hourly count) is done after the answer is sent,
 * so every answer waits for the same lookup and nothing else.
 */
export async function requestPasswordReset(deps: Deps, body: ForgotPasswordBody): Promise<void> {
  const user = await findAccountByEmail(deps.db, normalizeEmail(body.email));
  if (!user || user.isBlocked) return;
  // The request's own time, even when the link is stored a moment later.
  const now = deps.clock.now();
  deps.background.run(deps.log, 'password reset link', () => issueLink(deps, user, now));
}

async function issueLink(
  deps: Deps,
  user: { id: string; email: string; name: string },
  now: Date,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const issued = await issueResetToken(deps.db, {
    userId: user.id,
    tokenHash: hashResetToken(token),
    now,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    windowStart: new Date(now.getTime() - HOUR_MS),
    maxPerWindow: RESET_MAILS_PER_HOUR,
    mail: {
      to: user.email,
      name: user.name,
      token,
      validMinutes: RESET_TOKEN_TTL_MS / 60_000,
    },
  });
  if (!issued) deps.log.warn({ userId: user.id }, 'password reset requests over the hourly limit');
}

/** Sets the new password with a reset link's token, ends every session; signs nobody in. */
export async function resetPassword(deps: Deps, body: ResetPasswordBody): Promise<void> {
  const passwordHash = await hashPassword(body.newPassword);
  const userId = await consumeResetToken(
    deps.db,
    hashResetToken(body.token),
    passwordHash,
    deps.clock.now(),
  );
  if (!userId) throw new AppError(400, 'INVALID_RESET_TOKEN', accountMessages.resetLinkInvalid);
}
