import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { users } from './schema.ts';

/** How many rows of `table` match `where` (all of them without it). */
export async function countRows(db: Executor, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/**
 * Locks the user's row until the transaction ends, then counts the user's rows of `table` that
 * match `conditions`: what one user does against a per-user limit (ordering, asking for reset
 * mails) is counted and written one request at a time, and under READ COMMITTED the count after
 * the lock sees every row committed before it. NO KEY UPDATE: foreign-key checks on the row, made
 * by every insert that names the user, are not blocked by it.
 */
export async function lockUserAndCount(
  tx: Executor,
  userId: string,
  table: PgTable,
  userColumn: PgColumn,
  ...conditions: SQL[]
): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return countRows(tx, table, and(eq(userColumn, userId), ...conditions));
}
