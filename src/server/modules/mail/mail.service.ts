import type { MailListQuery, OutboxMail } from '#shared/contract/mail.ts';
import type { Deps } from '#server/deps.ts';
import { listMailsByStatus, type OutboxRow } from './mail.repository.ts';

const LIST_LIMIT = 100;

function toOutboxMail(row: OutboxRow): OutboxMail {
  return {
    _id: row.id,
    to: row.to,
    kind: row.kind,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The newest mails in one state: what the admin looks at when customers say nothing arrived. */
export async function listMails(
  deps: Deps,
  status: MailListQuery['status'],
): Promise<OutboxMail[]> {
  return (await listMailsByStatus(deps.db, status, LIST_LIMIT)).map(toOutboxMail);
}
