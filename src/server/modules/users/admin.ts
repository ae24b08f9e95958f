import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeUserRefreshTokens } from '../auth/refresh-tokens.repository.ts';

/** Creates the admin account, or promotes and re-keys an existing account with that email. */
export async function ensureAdmin(
  db: Executor,
  admin: { email: string; password: string; name: string },
): Promise<'created' | 'updated'> {
  const email = admin.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (existing) {
    // The server ensures the admin at every start: an unchanged password keeps their sessions.
    const samePassword = await verifyPassword(existing.passwordHash, admin.password);
    await db
      .update(users)
      .set({
        role: 'admin',
        isBlocked: false,
        updatedAt: sql`now()`,
        ...(samePassword ? {} : { passwordHash: await hashPassword(admin.password) }),
      })
      .where(eq(users.id, existing.id));
    if (!samePassword) await revokeUserRefreshTokens(db, existing.id, new Date());
    return 'updated';
  }
  await db.insert(users).values({
    email,
    name: admin.name,
    passwordHash: await hashPassword(admin.password),
    role: 'admin',
  });
  return 'created';
}
