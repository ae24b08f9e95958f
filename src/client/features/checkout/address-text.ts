import type { PostalAddress } from '#shared/contract/address.ts';

/**
 * An address on one line, as the order's mails print it (`addressLine` of the address contract).
 * Written again here because that module carries the phone and postal code rule sets, which the
 * page does not need to show an address: the API checks what is sent.
 */
export function addressText(
  a: Pick<PostalAddress, 'line1' | 'line2' | 'postalCode' | 'city' | 'region' | 'country'>,
): string {
  return [a.line1, a.line2, [a.postalCode, a.city].filter(Boolean).join(' '), a.region, a.country]
    .filter((part): part is string => Boolean(part))
    .join(', ');
}
