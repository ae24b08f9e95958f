import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { emailOutbox } from '#server/db/schema.ts';
export type OutboxRow = typeof emailOutbox.$inferSelect;

export async function insertMail(
  db: Executor,
  mail: Pick<OutboxRow, 'to' | 'kind' | 'payload' | 'dedupeKey'>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(emailOutbox)
    .values({
      to: mail.to,
      kind: mail.kind,
      payload: mail.payload,
      dedupeKey: mail.dedupeKey,
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

const due = (now: Date) =>
  and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now));

/**
 * Claims up to `limit` due mails for one attempt: the attempt is counted and the mail is not due
 * again before `leaseUntil`, so another worker leaves it alone while this one sends it (and picks
 * it up again if this one dies). Rows another worker is claiming right now are skipped, not
 * waited for; the conditions are checked again on update.
 */
export async function claimDueMails(
  db: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    // Two statements, not UPDATE ... WHERE id IN (SELECT ... SKIP LOCKED): as one statement, on
    // PostgreSQL 15 a second worker claiming at the same moment came back empty while a batch was
    // still due (mail.test.ts, two instances), leaving one instance to send everything.
    const candidates = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(due(now))
      .orderBy(emailOutbox.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (candidates.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
      .where(
        and(
          inArray(
            emailOutbox.id,
            candidates.map((c) => c.id),
          ),
          due(now),
        ),
      )
      .returning();
  });
}

/**
 * A reset mail carries its link's token until it is sent: the token itself is kept only as a hash
 * (password_reset_tokens), so once the mail is out or given up the outbox forgets it.
 */
const withoutSecrets = sql`${emailOutbox.payload} - 'token'`;

/** The attempt that claimed the mail (its attempt count) records the outcome, nobody else. */
const claimedBy = (mail: Pick<OutboxRow, 'id' | 'attempts'>) =>
  and(
    eq(emailOutbox.id, mail.id),
    eq(emailOutbox.status, 'pending'),
    eq(emailOutbox.attempts, mail.attempts),
  );

export async function markMailSent(
  db: Executor,
  mail: Pick<OutboxRow, 'id' | 'attempts'>,
  subject: string,
  now: Date,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', subject, sentAt: now, lastError: null, payload: withoutSecrets })
    .where(claimedBy(mail));
}

export async function markMailRetry(
  db: Executor,
  mail: Pick<OutboxRow, 'id' | 'attempts'>,
  error: string,
  nextAttemptAt: Date,
): Promise<void> {
  await db.update(emailOutbox).set({ lastError: error, nextAttemptAt }).where(claimedBy(mail));
}

export async function markMailFailed(
  db: Executor,
  mail: Pick<OutboxRow, 'id' | 'attempts'>,
  error: string,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'failed', lastError: error, payload: withoutSecrets })
    .where(claimedBy(mail));
}

export async function listMailsByStatus(
  db: Executor,
  status: OutboxRow['status'],
  limit: number,
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.status, status))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
}
