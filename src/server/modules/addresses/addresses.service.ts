import { MAX_ADDRESSES, type Address, type PostalAddress } from '#shared/contract/address.ts';
import { addressMessages } from '#shared/messages/address.ts';
import type { Deps } from '#server/deps.ts';
import { conflict, notFound } from '#server/lib/app-error.ts';
import {
  deleteAddress,
  findAddress,
  insertAddress,
  listAddresses,
  updateAddress,
  type AddressRow,
} from './addresses.repository.ts';

type CheckedBody = { address: PostalAddress; isDefault?: boolean | undefined };

/** The postal address of a row, as orders copy it. */
function postalOf(row: AddressRow): PostalAddress {
  const { name, phone, line1, line2, city, region, postalCode, country } = row;
  return { name, phone, line1, line2, city, region, postalCode, country };
}

function toAddress(row: AddressRow): Address {
  return { _id: row.id, ...postalOf(row), isDefault: row.isDefault };
}

const addressNotFound = () => notFound(addressMessages.notFound);

export async function getMyAddresses(deps: Deps, userId: string): Promise<Address[]> {
  return (await listAddresses(deps.db, userId)).map(toAddress);
}

export async function addMyAddress(
  deps: Deps,
  userId: string,
  body: CheckedBody,
): Promise<Address> {
  const row = await insertAddress(deps.db, {
    userId,
    address: body.address,
    isDefault: body.isDefault ?? false,
    max: MAX_ADDRESSES,
    now: deps.clock.now(),
  });
  if (row === 'full') throw conflict('ADDRESS_BOOK_FULL', addressMessages.limit(MAX_ADDRESSES));
  return toAddress(row);
}

export async function updateMyAddress(
  deps: Deps,
  userId: string,
  id: string,
  body: CheckedBody,
): Promise<Address> {
  const row = await updateAddress(deps.db, {
    userId,
    id,
    address: body.address,
    isDefault: body.isDefault ?? false,
    now: deps.clock.now(),
  });
  if (!row) throw addressNotFound();
  return toAddress(row);
}

export async function deleteMyAddress(deps: Deps, userId: string, id: string): Promise<void> {
  if (!(await deleteAddress(deps.db, userId, id))) throw addressNotFound();
}

/** One of the customer's saved addresses, for an order; another customer's is not found. */
export async function findMyPostalAddress(
  deps: Deps,
  userId: string,
  id: string,
): Promise<PostalAddress> {
  const row = await findAddress(deps.db, userId, id);
  if (!row) throw addressNotFound();
  return postalOf(row);
}

const samePlace = (a: PostalAddress, b: PostalAddress): boolean =>
  (Object.keys(a) as (keyof PostalAddress)[]).every((key) => a[key] === b[key]);

/**
 * Keeps an address typed at checkout in the address book, unless the book already has it; a full
 * book is left as it is (the order does not depend on it).
 */
export async function rememberAddress(
  deps: Deps,
  userId: string,
  address: PostalAddress,
): Promise<void> {
  const held = await listAddresses(deps.db, userId);
  if (held.some((row) => samePlace(postalOf(row), address))) return;
  await insertAddress(deps.db, {
    userId,
    address,
    isDefault: false,
    max: MAX_ADDRESSES,
    now: deps.clock.now(),
  });
}
