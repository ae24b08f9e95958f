import type { Fulfilment } from './use-place-order.ts';
import { NEW_ADDRESS } from './saved-addresses.tsx';

function text(data: FormData, key: string): string {
  const value = data.get(key);
  return typeof value === 'string' ? value : '';
}

/**
 * Where the order goes, from the checkout form: the chosen shop, the chosen saved address, or the
 * new address as typed. The API checks it and names any field it refuses.
 */
export function fulfilmentFrom(data: FormData, addressChoice: string): Fulfilment {
  if (text(data, 'method') === 'collect') {
    const locationId = text(data, 'locationId');
    return locationId ? { method: 'collect', locationId } : { method: 'collect' };
  }
  if (addressChoice !== NEW_ADDRESS) return { method: 'delivery', addressId: addressChoice };
  const optional = (key: string) => text(data, key) || null;
  return {
    method: 'delivery',
    address: {
      name: text(data, 'name'),
      phone: text(data, 'phone'),
      line1: text(data, 'line1'),
      line2: optional('line2'),
      city: text(data, 'city'),
      region: optional('region'),
      postalCode: text(data, 'postalCode'),
      country: text(data, 'country'),
    },
  };
}
