import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { UserListQuery } from '#shared/contract/user.ts';
import type { Executor } from '#server/db/client.ts';
import { containing } from '#server/db/like.ts';
import { countRows } from '#server/db/queries.ts';
import { users } from '#server/db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Emails are stored lowercase (a check constraint holds it), so callers pass the normalized form. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** Inserts an admin account; undefined when the email is taken (the caller decides what then). */
export async function insertAdmin(
  db: Executor,
  values: { name: string; email: string; passwordHash: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'admin' })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

/** Makes the account an unblocked admin, with a new password hash when one is given. */
export async function setAdminAccount(
  db: Executor,
  id: string,
  values: { passwordHash?: string },
): Promise<void> {
  await db
    .update(users)
    .set({ role: 'admin', isBlocked: false, updatedAt: sql`now()`, ...values })
    .where(eq(users.id, id));
}

type Editable = Pick<
  typeof users.$inferInsert,
  'name' | 'avatarKey' | 'riderHeightCm' | 'inseamCm'
>;

async function updateUser(
  db: Executor,
  id: string,
  values: Partial<Editable>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export function updateProfile(
  db: Executor,
  id: string,
  values: { name: string; avatarKey: string | null },
): Promise<UserRow | undefined> {
  return updateUser(db, id, { name: values.name, avatarKey: values.avatarKey });
}

/** The rider's measurements for the fit finder; null forgets them. */
export function updateRiderFit(
  db: Executor,
  id: string,
  values: { riderHeightCm: number | null; inseamCm: number | null },
): Promise<UserRow | undefined> {
  return updateUser(db, id, values);
}

/** Changes the flag of a customer only: the role condition keeps admins unblockable even under a race. */
export async function setCustomerBlocked(
  db: Executor,
  id: string,
  isBlocked: boolean,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ isBlocked, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.role, 'customer')))
    .returning();
  return row;
}

function userFilters(searchTerm: string | undefined): SQL | undefined {
  if (!searchTerm) return undefined;
  const pattern = containing(searchTerm);
  return or(ilike(users.name, pattern), ilike(users.email, pattern));
}

export interface UserWithOrders {
  user: UserRow;
  orderCount: number;
  paidCents: number;
}

/**
 * A page of users, newest first, optionally matching a case-insensitive substring of name or email,
 * each with their orders counted and the money of their paid orders added up (a refunded order
 * is no longer paid). Counted for the page's users only, through the orders' user index.
 */
export async function listUsers(
  db: Executor,
  query: UserListQuery,
): Promise<{ rows: UserWithOrders[]; total: number }> {
  const where = userFilters(query.searchTerm);
  const rows = await db
    .select({
      user: users,
      // Spelled out: inside a subquery Drizzle names columns without their table.
      orderCount:
        sql<number>`(select count(*) from orders o where o.user_id = "users"."id")`.mapWith(Number),
      paidCents:
        sql<number>`(select coalesce(sum(o.total_cents), 0) from orders o where o.user_id = "users"."id" and o.payment_status = 'Paid')`.mapWith(
          Number,
        ),
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  if (rows.length > 0) return { rows, total: rows[0]?.total ?? 0 };
  // Past the last page the window count is absent: count separately.
  return { rows: [], total: await countRows(db, users, where) };
}
