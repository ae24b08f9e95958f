import { and, asc, eq, isNull } from 'drizzle-orm';
import type { PostalAddress } from '#shared/contract/address.ts';
import type { Executor } from '#server/db/client.ts';
import { locations } from '#server/db/schema.ts';

export type LocationRow = typeof locations.$inferSelect;

export interface LocationValues {
  name: string;
  address: PostalAddress;
  hours: string;
  leadDays: number;
}

/** The shops customers may choose, by name. */
export function listLiveLocations(db: Executor): Promise<LocationRow[]> {
  return db
    .select()
    .from(locations)
    .where(isNull(locations.deletedAt))
    .orderBy(asc(locations.name), asc(locations.id));
}

export async function findLiveLocation(db: Executor, id: string): Promise<LocationRow | undefined> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), isNull(locations.deletedAt)))
    .limit(1);
  return row;
}

export async function insertLocation(
  db: Executor,
  values: LocationValues,
  now: Date,
): Promise<LocationRow> {
  const [row] = await db
    .insert(locations)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('location insert returned nothing');
  return row;
}

export async function updateLocation(
  db: Executor,
  id: string,
  values: LocationValues,
  now: Date,
): Promise<LocationRow | undefined> {
  const [row] = await db
    .update(locations)
    .set({ ...values, updatedAt: now })
    .where(and(eq(locations.id, id), isNull(locations.deletedAt)))
    .returning();
  return row;
}

/** Removes the shop from the choices; orders that name it keep it. */
export async function softDeleteLocation(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(locations)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(locations.id, id), isNull(locations.deletedAt)))
    .returning({ id: locations.id });
  return rows.length > 0;
}
