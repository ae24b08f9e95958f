import { addressLine } from '#shared/contract/address.ts';
import type { FulfilmentPatchBody } from '#shared/contract/order.ts';
import { fulfilmentMessages } from '#shared/messages/fulfilment.ts';
import type { Deps } from '#server/deps.ts';
import { fieldError } from '#server/lib/validation.ts';
import { findMyPostalAddress, rememberAddress } from '../addresses/addresses.service.ts';
import { findOpenLocation } from '../locations/locations.service.ts';
import { setDestination, type Destination } from './orders.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type Target = Pick<FulfilmentPatchBody, 'address' | 'addressId' | 'locationId'>;

/** Where an order goes, what its timeline says about it, and what to keep once it is placed. */
export interface DestinationChoice {
  destination: Destination;
  note?: string;
  /** Saves an address typed at checkout to the address book (after the order is written). */
  remember?: () => Promise<void>;
}

/**
 * Reads the customer's choice: a new address (to be remembered), one of their saved addresses
 * (another customer's is not found), or a shop still open for orders, ready after its lead days.
 */
export async function resolveDestination(
  deps: Deps,
  userId: string,
  target: Target,
): Promise<DestinationChoice> {
  const { address, addressId, locationId } = target;
  if (address) {
    return {
      destination: { method: 'delivery', address },
      note: `Delivery to ${addressLine(address)}`,
      remember: () =>
        rememberAddress(deps, userId, address).catch((error: unknown) => {
          deps.log.warn({ err: error }, 'the checkout address could not be saved');
        }),
    };
  }
  if (addressId) {
    const saved = await findMyPostalAddress(deps, userId, addressId);
    return {
      destination: { method: 'delivery', address: saved },
      note: `Delivery to ${addressLine(saved)}`,
    };
  }
  if (locationId) {
    const shop = await findOpenLocation(deps, locationId);
    const readyBy = new Date(deps.clock.now().getTime() + shop.leadDays * DAY_MS);
    return {
      destination: { method: 'collect', locationId: shop.id, readyBy },
      note: `Collect at ${shop.name}`,
    };
  }
  return { destination: { method: null } };
}

/**
 * The customer names where an open order goes (one placed without it, or a change of mind before
 * it has left or is ready). False when the order moved on meanwhile.
 */
export async function changeDestination(
  deps: Deps,
  userId: string,
  orderId: string,
  target: Target,
): Promise<boolean> {
  const given = [target.address, target.addressId, target.locationId].filter(
    (v) => v !== undefined,
  ).length;
  if (given === 0) throw fieldError('body', 'address', fulfilmentMessages.destinationRequired);
  if (given > 1) throw fieldError('body', 'locationId', fulfilmentMessages.oneDestination);
  const choice = await resolveDestination(deps, userId, target);
  if (choice.destination.method === null) return false;
  const moved = await setDestination(
    deps.db,
    orderId,
    choice.destination,
    choice.note ?? '',
    deps.clock.now(),
  );
  if (moved) await choice.remember?.();
  return moved;
}
