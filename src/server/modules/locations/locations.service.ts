import type { PostalAddress } from '#shared/contract/address.ts';
import type { Location } from '#shared/contract/location.ts';
import { fulfilmentMessages } from '#shared/messages/fulfilment.ts';
import type { Deps } from '#server/deps.ts';
import { notFound } from '#server/lib/app-error.ts';
import {
  findLiveLocation,
  insertLocation,
  listLiveLocations,
  softDeleteLocation,
  updateLocation,
  type LocationRow,
  type LocationValues,
} from './locations.repository.ts';

/** A shop as the API shows it, on its own and on the orders collected there. */
export function toLocation(row: {
  id: string;
  name: string;
  address: PostalAddress;
  hours: string;
  leadDays: number;
}): Location {
  return {
    _id: row.id,
    name: row.name,
    address: row.address,
    hours: row.hours,
    leadDays: row.leadDays,
  };
}

const locationNotFound = () => notFound(fulfilmentMessages.locationNotFound);

export async function getLocations(deps: Deps): Promise<Location[]> {
  return (await listLiveLocations(deps.db)).map(toLocation);
}

export async function addLocation(deps: Deps, values: LocationValues): Promise<Location> {
  return toLocation(await insertLocation(deps.db, values, deps.clock.now()));
}

export async function changeLocation(
  deps: Deps,
  id: string,
  values: LocationValues,
): Promise<Location> {
  const row = await updateLocation(deps.db, id, values, deps.clock.now());
  if (!row) throw locationNotFound();
  return toLocation(row);
}

export async function removeLocation(deps: Deps, id: string): Promise<void> {
  if (!(await softDeleteLocation(deps.db, id, deps.clock.now()))) throw locationNotFound();
}

/** A shop an order may be collected from: one still open for orders. */
export async function findOpenLocation(deps: Deps, id: string): Promise<LocationRow> {
  const row = await findLiveLocation(deps.db, id);
  if (!row) throw locationNotFound();
  return row;
}
