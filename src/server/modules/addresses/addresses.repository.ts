import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { PostalAddress } from '#shared/contract/address.ts';
import type { Executor } from '#server/db/client.ts';
import { lockUserAndCount } from '#server/db/queries.ts';
import { addresses } from '#server/db/schema.ts';

export type AddressRow = typeof addresses.$inferSelect;

/** The default first, then the oldest first: the order the address book is shown in. */
export function listAddresses(db: Executor, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id));
}

export async function findAddress(
  db: Executor,
  userId: string,
  id: string,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .limit(1);
  return row;
}

/** Takes the default from the user's other addresses (the partial unique index allows one). */
async function clearDefault(tx: Executor, userId: string, except: string | null): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.isDefault, true),
        except ? ne(addresses.id, except) : undefined,
      ),
    );
}

/**
 * Adds an address unless the book already holds `max`: the user's row is locked first, so two
 * concurrent adds are counted one after the other. The first address becomes the default.
 */
export function insertAddress(
  db: Executor,
  input: { userId: string; address: PostalAddress; isDefault: boolean; max: number; now: Date },
): Promise<AddressRow | 'full'> {
  return db.transaction(async (tx) => {
    const held = await lockUserAndCount(tx, input.userId, addresses, addresses.userId);
    if (held >= input.max) return 'full';
    const isDefault = input.isDefault || held === 0;
    if (isDefault) await clearDefault(tx, input.userId, null);
    const [row] = await tx
      .insert(addresses)
      .values({
        userId: input.userId,
        ...input.address,
        isDefault,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!row) throw new Error('address insert returned nothing');
    return row;
  });
}

/** Replaces the address; `isDefault: true` makes it the default (false leaves the default as it is). */
export function updateAddress(
  db: Executor,
  input: { userId: string; id: string; address: PostalAddress; isDefault: boolean; now: Date },
): Promise<AddressRow | undefined> {
  return db.transaction(async (tx) => {
    if (input.isDefault) await clearDefault(tx, input.userId, input.id);
    const [row] = await tx
      .update(addresses)
      .set({
        ...input.address,
        ...(input.isDefault ? { isDefault: true } : {}),
        updatedAt: input.now,
      })
      .where(and(eq(addresses.id, input.id), eq(addresses.userId, input.userId)))
      .returning();
    return row;
  });
}

/** Deletes the address; when it was the default, the oldest remaining one takes its place. */
export function deleteAddress(db: Executor, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockUserAndCount(tx, userId, addresses, addresses.userId);
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault });
    if (!gone) return false;
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.createdAt), asc(addresses.id))
        .limit(1);
      if (next) {
        await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
      }
    }
    return true;
  });
}
