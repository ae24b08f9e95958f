import { COUNTRY_CODES, countryName, type PostalAddress } from '#shared/contract/address.ts';

/** The fields of a postal address, as the form and the API's error paths name them. */
export const ADDRESS_FIELDS = [
  'name',
  'phone',
  'country',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** What the form holds: every field as typed, optional ones as ''. */
export type AddressFormValues = Record<AddressField, string>;

export type AddressFieldErrors = Partial<Record<AddressField, string>>;

export const emptyAddress: AddressFormValues = {
  name: '',
  phone: '',
  country: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
};

/** A saved address as the form starts from it (its null optional fields as ''). */
export function addressFormValues(address: PostalAddress): AddressFormValues {
  return {
    name: address.name,
    phone: address.phone,
    country: address.country,
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    region: address.region ?? '',
    postalCode: address.postalCode,
  };
}

const isAddressField = (key: string): key is AddressField =>
  (ADDRESS_FIELDS as readonly string[]).includes(key);

/**
 * The address's own errors out of a request's field errors (`fieldErrors` of lib/api), whose
 * paths name where the address sits in that request: `address.` in the address book and on an
 * order, `fulfilment.address.` when an order is placed.
 */
export function addressErrorsAt(
  errors: Record<string, string>,
  prefix: string,
): AddressFieldErrors {
  const out: AddressFieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (!path.startsWith(prefix)) continue;
    const field = path.slice(prefix.length);
    if (isAddressField(field)) out[field] = message;
  }
  return out;
}

/** Every ISO 3166 country the contract accepts, by English name, for a select. */
export function countryOptions(): { code: string; name: string }[] {
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
    a.name.localeCompare(b.name, 'en'),
  );
}
