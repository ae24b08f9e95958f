import { setTimeout } from 'node:timers/promises';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from './client.ts';
import { isTransientConflict } from './pg-errors.ts';

/** How often a transaction PostgreSQL ended in a deadlock is run again before its error stands. */
const TRANSACTION_ATTEMPTS = 3;

/**
 * Runs `work` in a transaction. Orders, cancels, expiries and stock edits lock a product's row and
 * then, through its triggers, rows and locks other products share (facet groups): under load two
 * of them can wait on each other, and PostgreSQL ends one. That one wrote nothing, so it runs again
 * (a shopper's order is placed, not answered 500). Inside an open transaction `work` is a savepoint
 * and the outermost transaction is the one to run again.
 */
export async function inTransaction<T>(db: Executor, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return db.transaction(work);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransientConflict(error)) throw error;
      // A short random pause, so the two that met do not meet again at once.
      await setTimeout(5 + Math.random() * 20 * attempt);
    }
  }
}
