import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** What every authenticated request needs to know about its caller, fresh from the database. */
export async function findAuthState(db: Executor, id: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, isBlocked: users.isBlocked })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}
