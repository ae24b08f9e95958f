import { countryName, type PostalAddress } from '#shared/contract/address.ts';

/** An address as a label prints it: name, street, town, country, then the phone number. */
export function PostalAddressText({
  address,
  showName = true,
  className,
}: {
  address: PostalAddress;
  showName?: boolean;
  className?: string;
}) {
  const town = [address.postalCode, address.city].filter(Boolean).join(' ');
  const lines = [
    showName ? address.name : null,
    address.line1,
    address.line2,
    address.region ? `${town}, ${address.region}` : town,
    countryName(address.country),
  ].filter((line): line is string => Boolean(line));
  return (
    <address className={className ?? 'text-sm leading-relaxed text-slate-700 not-italic'}>
      {lines.map((line, i) => (
        <span key={i} className="block break-words">
          {line}
        </span>
      ))}
      <span className="block text-slate-600">{address.phone}</span>
    </address>
  );
}
