import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';

/** Creates the admin account, or promotes and re-keys an existing account with that email. */
export async function ensureAdmin(
  db: Executor,
  admin: { email: string; password: string; name: string },
): Promise<'created' | 'updated'> {
  const email = admin.email.trim().toLowerCase();
  const passwordHash = await hashPassword(admin.password);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    await db
      .update(users)
      .set({ role: 'admin', passwordHash, isBlocked: false, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    return 'updated';
  }
  await db.insert(users).values({ email, name: admin.name, passwordHash, role: 'admin' });
  return 'created';
}
