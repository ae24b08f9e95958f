import { countryName } from '#shared/contract/address.ts';
import type { PostalAddress } from '#shared/contract/address.ts';
import type { OrderFulfilment } from '#shared/contract/order.ts';
import { formatDay } from '../format.ts';

/** A postal address as a label prints it, one line each. */
export function AddressLines({ address }: { address: PostalAddress }) {
  const cityLine = [address.postalCode, address.city, address.region].filter(Boolean).join(' ');
  return (
    <address className="not-italic">
      <span className="block font-medium">{address.name}</span>
      <span className="block">{address.line1}</span>
      {address.line2 ? <span className="block">{address.line2}</span> : null}
      <span className="block">{cityLine}</span>
      <span className="block">{countryName(address.country)}</span>
      <span className="block">{address.phone}</span>
    </address>
  );
}

/** Where an order goes: the delivery address, or the shop it is collected from. */
export function OrderDestination({ fulfilment }: { fulfilment: OrderFulfilment }) {
  if (fulfilment.method === 'delivery' && fulfilment.address) {
    return (
      <div>
        <p className="text-sm font-semibold">Deliver to</p>
        <AddressLines address={fulfilment.address} />
      </div>
    );
  }
  if (fulfilment.method === 'collect' && fulfilment.location) {
    const shop = fulfilment.location;
    return (
      <div>
        <p className="text-sm font-semibold">Collect in store: {shop.name}</p>
        <AddressLines address={shop.address} />
        <p className="mt-1">Opening hours: {shop.hours}</p>
        {fulfilment.readyBy ? <p>Ready from {formatDay(fulfilment.readyBy)}</p> : null}
      </div>
    );
  }
  return (
    <p className="text-amber-800">
      The customer has not chosen delivery or collection yet: it cannot be shipped or made ready
      until they do.
    </p>
  );
}
