import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { users } from '#server/db/schema.ts';
import type { Deps } from '#server/deps.ts';
import { findLowStock } from './low-stock-digest.repository.ts';
import { enqueueMail } from './outbox.ts';

/** Lines a digest lists; the rest are counted and left to the inventory table it links to. */
export const DIGEST_MAX_LINES = 100;

/** The outbox key of an admin's digest of a day: the second writer of the day writes nothing. */
export const digestKey = (day: string, adminId: string) => `low-stock-digest:${day}:${adminId}`;

/**
 * One pass of the low-stock digest (LOW_STOCK_DIGEST=true): when any size is under the threshold,
 * each admin who may sign in gets a mail listing them, at most one a day (UTC). The day is in the
 * outbox's dedupe key, so passes of several instances, or several passes of one, write each mail
 * once. Answers how many mails this pass queued.
 */
export async function runLowStockDigest(deps: Deps): Promise<number> {
  if (!deps.config.lowStockDigest) return 0;
  const now = deps.clock.now();
  const day = now.toISOString().slice(0, 10);
  const { lines, total } = await findLowStock(deps.db, DIGEST_MAX_LINES);
  if (total === 0) return 0;
  const admins = await deps.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isBlocked, false)));
  let queued = 0;
  for (const admin of admins) {
    const written = await enqueueMail(
      deps.db,
      {
        kind: 'low-stock-digest',
        to: admin.email,
        dedupeKey: digestKey(day, admin.id),
        payload: { name: admin.name, day, lines, total },
      },
      now,
    );
    if (written) queued += 1;
  }
  return queued;
}

export interface LowStockDigestOptions {
  /** Check on a timer (the server) when LOW_STOCK_DIGEST is on; off in tests, which run passes. */
  schedule?: boolean;
  /** How often to check; an hour, so a day's digest goes out within its first hour. */
  intervalMs?: number;
}

/** Checks at start and then on a timer, on every instance: the day's key keeps one mail. */
export const lowStockDigestPlugin = fp((app: FastifyInstance, opts: LowStockDigestOptions) => {
  if (!opts.schedule || !app.config.lowStockDigest) return;
  let running: Promise<void> | undefined;
  const check = () => {
    running ??= runLowStockDigest(app.deps)
      .then((queued) => {
        if (queued > 0) app.log.info({ mails: queued }, 'low-stock digest queued');
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'low-stock digest failed');
      })
      .finally(() => {
        running = undefined;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', (done) => {
    check();
    timer = setInterval(check, opts.intervalMs ?? 3_600_000);
    timer.unref();
    done();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
