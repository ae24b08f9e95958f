import type { Deps } from '#server/deps.ts';
import {
  claimDueMails,
  markMailFailed,
  markMailRetry,
  markMailSent,
  type OutboxRow,
} from './mail.repository.ts';
import { renderMail } from './mail-templates.ts';
import type { MailTransport } from './mail-transport.ts';
import type { MailContent } from './outbox.ts';

/** Attempts before a mail is marked failed (the admin sees it in GET /dashboard/mail). */
export const MAIL_MAX_ATTEMPTS = 5;
/** First retry after 30 s, then doubling: 30 s, 1 min, 2 min, 4 min. */
const MAIL_RETRY_BASE_MS = 30_000;
/**
 * How long a claimed mail is left to its worker: longer than an SMTP exchange with nodemailer's
 * timeouts (2 min for a connection, 10 min for a whole message at worst), so a slow server is not
 * sent the same mail twice unless the worker died.
 */
const MAIL_LEASE_MS = 15 * 60_000;
const BATCH = 20;

interface FlushResult {
  sent: number;
  retried: number;
  failed: number;
}

export function retryDelayMs(attempt: number): number {
  return MAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1);
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}

/**
 * Sends due mails from the outbox. Several workers (instances) may run at once: each mail is
 * claimed by one of them (FOR UPDATE SKIP LOCKED), sent outside any transaction, then marked.
 * A mail is sent at least once and, unless a worker dies between sending and marking, once.
 */
export class MailWorker {
  private running: Promise<FlushResult> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: Deps,
    private readonly transport: MailTransport,
  ) {}

  /** Sends everything due now; concurrent calls on one instance share one pass. */
  flush(): Promise<FlushResult> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.flush().catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'mail worker pass failed');
      });
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a pass under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
    this.transport.close();
  }

  private async pass(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const now = this.deps.clock.now();
      const claimed = await claimDueMails(
        this.deps.db,
        now,
        new Date(now.getTime() + MAIL_LEASE_MS),
        BATCH,
      );
      for (const mail of claimed) result[await this.deliver(mail)] += 1;
      if (claimed.length < BATCH) return result;
    }
  }

  private async deliver(mail: OutboxRow): Promise<keyof FlushResult> {
    const { db, clock, log, config } = this.deps;
    // The outbox holds only what enqueueMail wrote: a kind and its payload.
    const content = { kind: mail.kind, payload: mail.payload } as MailContent;
    let subject = mail.kind;
    try {
      const rendered = renderMail(content, config.appUrl);
      subject = rendered.subject;
      await this.transport.send({ to: mail.to, ...rendered });
    } catch (error) {
      const reason = describe(error);
      if (mail.attempts >= MAIL_MAX_ATTEMPTS) {
        await markMailFailed(db, mail, reason);
        log.error({ mailId: mail.id, kind: mail.kind, err: error }, 'mail failed for good');
        return 'failed';
      }
      const next = new Date(clock.now().getTime() + retryDelayMs(mail.attempts));
      await markMailRetry(db, mail, reason, next);
      log.warn({ mailId: mail.id, kind: mail.kind, err: error }, 'mail not sent; retried later');
      return 'retried';
    }
    await markMailSent(db, mail, subject, clock.now());
    return 'sent';
  }
}
