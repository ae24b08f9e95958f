import { addressInputSchema, type AddressInput } from '#shared/contract/address.ts';

interface DemoLocation {
  name: string;
  address: AddressInput;
  hours: string;
  leadDays: number;
}

/** The demo store's two shops to collect from (fictional addresses, real formats). */
const demoShops: DemoLocation[] = [
  {
    name: 'Bi-Cycle Store Portland',
    address: {
      name: 'Bi-Cycle Store Portland',
      phone: '+1 503 555 0142',
      line1: '1200 SE Hawthorne Blvd',
      city: 'Portland',
      region: 'OR',
      postalCode: '97214',
      country: 'US',
    },
    hours: 'Mon-Fri 10:00-19:00, Sat 10:00-17:00, Sun closed',
    leadDays: 2,
  },
  {
    name: 'Bi-Cycle Store Amsterdam',
    address: {
      name: 'Bi-Cycle Store Amsterdam',
      phone: '+31 20 555 0199',
      line1: 'Overtoom 301',
      city: 'Amsterdam',
      postalCode: '1054 HW',
      country: 'NL',
    },
    hours: 'Tue-Sat 09:30-18:00, Sun 12:00-17:00, Mon closed',
    leadDays: 4,
  },
];

/** The shops as they are stored: each address checked and written as the API writes one. */
export function demoLocations() {
  return demoShops.map((shop) => ({ ...shop, address: addressInputSchema.parse(shop.address) }));
}
