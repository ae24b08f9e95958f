import { count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { users } from './schema.ts';

/** How many rows of `table` match `where` (all of them without it). */
export async function countRows(db: Executor, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/**
 * Locks the user's row until the transaction ends, so that what one user does (ordering, asking
 * for reset mails) is counted and written one request at a time. NO KEY UPDATE: foreign-key
 * checks on the row, made by every insert that names the user, are not blocked by it.
 */
export async function lockUserRow(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}
