import { getAlpha2Codes } from 'i18n-iso-countries/index.js';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';
import { addressMessages } from '../messages/address.ts';

/** The most addresses one customer's address book holds. */
export const MAX_ADDRESSES = 10;

/**
 * ISO 3166-1 alpha-2, from i18n-iso-countries' code table (its index, not its Node entry, which
 * loads every language's country names).
 */
export const COUNTRY_CODES = Object.keys(getAlpha2Codes()).sort() as [string, ...string[]];

/** A country's English name for messages; the code itself where the runtime has no names. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Whether the country has postal codes we can check (postcode-validator's rule set). */
export function hasPostalCodeRule(country: string): boolean {
  return postcodeValidatorExistsForCountry(country);
}

const required = (message: string, max: number, field: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, addressMessages.tooLong(field, max));

/** '' and null both mean "none", so a form's empty optional field is stored as null. */
const optionalText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, addressMessages.tooLong(field, max))
    .nullish()
    .transform((v) => (v ? v : null));

/** Spaces tidied and letters capitalised, as postal services print them. */
export function normalPostalCode(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

const addressFields = z.object({
  name: required(addressMessages.nameRequired, 100, 'Full name'),
  phone: required(addressMessages.phoneRequired, 32, 'Phone number'),
  line1: required(addressMessages.line1Required, 200, 'Address'),
  line2: optionalText(200, 'Address line 2'),
  city: required(addressMessages.cityRequired, 100, 'City'),
  region: optionalText(100, 'Region'),
  postalCode: z
    .string()
    .trim()
    .max(16, addressMessages.tooLong('Postal code', 16))
    .optional()
    .default(''),
  country: z.enum(COUNTRY_CODES, { error: addressMessages.countryInvalid }),
});

/** The phone number in E.164, read in the address's country unless it starts with +. */
export function phoneE164(phone: string, country: string): string | undefined {
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * A postal address as a form or API client sends it: every field checked, the postal code against
 * the country's rule (where postcode-validator has one; required there, optional elsewhere), the
 * phone number parsed for the country. The output is stored as it is: phone in E.164, postal code
 * tidied. Errors name their field (`postalCode`, `phone`), so nested in a body they read
 * `body.fulfilment.address.postalCode`.
 */
export const addressInputSchema = addressFields
  .superRefine((value, ctx) => {
    // Runs beside the fields' own checks (zod goes on after a field fails): a field that failed
    // them is not checked again here.
    if (typeof value.country !== 'string') return;
    if (
      typeof value.phone === 'string' &&
      value.phone !== '' &&
      !phoneE164(value.phone, value.country)
    ) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: addressMessages.phoneInvalid });
    }
    if (typeof value.postalCode !== 'string') return;
    const postal = normalPostalCode(value.postalCode);
    if (!hasPostalCodeRule(value.country)) return;
    if (postal === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: addressMessages.postalCodeRequired,
      });
    } else if (!postcodeValidator(postal, value.country)) {
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: addressMessages.postalCodeInvalid(countryName(value.country)),
      });
    }
  })
  .transform((value) => ({
    ...value,
    phone: phoneE164(value.phone, value.country) ?? value.phone,
    postalCode: normalPostalCode(value.postalCode),
  }));
export type AddressInput = z.input<typeof addressInputSchema>;
/** A checked address, as it is stored on an order, a shop or in the address book. */
export type PostalAddress = z.output<typeof addressInputSchema>;

/** A postal address as the API answers it (on orders and shops). */
export const postalAddressSchema = z.object({
  name: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  postalCode: z.string(),
  country: z.string(),
});

/** An entry of the customer's address book. */
export const addressSchema = postalAddressSchema.extend({
  _id: z.uuid(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** POST and PUT /users/me/addresses: the address, and whether it becomes the default. */
export const addressBodySchema = z.object({
  address: addressInputSchema,
  isDefault: z.boolean().optional(),
});
export type AddressBody = z.input<typeof addressBodySchema>;

export const addressIdParamSchema = z.object({ id: z.uuid('Invalid address id') });

/** An address on one line, as mails, packing slips and timeline notes name it. */
export function addressLine(a: PostalAddress): string {
  return [a.line1, a.line2, [a.postalCode, a.city].filter(Boolean).join(' '), a.region, a.country]
    .filter((part): part is string => Boolean(part))
    .join(', ');
}
