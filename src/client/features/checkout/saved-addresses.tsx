import type { Address } from '#shared/contract/address.ts';
import { addressText } from './address-text.ts';

/** The choice of a new address among the saved ones. */
export const NEW_ADDRESS = 'new';

const optionClass =
  'grid cursor-pointer grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 text-sm break-words rounded-xl border border-slate-200 p-3 transition has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 focus-within:ring-2 focus-within:ring-brand-500/40';

/** The address book to deliver to, the default first, and "A new address". */
export function SavedAddresses({
  addresses,
  value,
  onChange,
  error,
}: {
  addresses: readonly Address[];
  value: string;
  onChange: (next: string) => void;
  error: string | undefined;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? 'saved-address-error' : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-700">Deliver to</legend>
      {addresses.map((address) => (
        <label key={address._id} className={optionClass}>
          <input
            type="radio"
            name="addressId"
            value={address._id}
            checked={value === address._id}
            onChange={() => {
              onChange(address._id);
            }}
            className="row-start-1 mt-0.5 h-4 w-4 accent-brand-600"
          />
          <span className="col-start-2 row-start-1 font-semibold text-ink">
            {address.name}
            {address.isDefault ? ' (default)' : ''}
          </span>
          <span className="col-start-2 text-slate-600">{addressText(address)}</span>
          <span className="col-start-2 text-slate-600">{address.phone}</span>
        </label>
      ))}
      <label className={optionClass}>
        <input
          type="radio"
          name="addressId"
          value={NEW_ADDRESS}
          checked={value === NEW_ADDRESS}
          onChange={() => {
            onChange(NEW_ADDRESS);
          }}
          className="row-start-1 mt-0.5 h-4 w-4 accent-brand-600"
        />
        <span className="col-start-2 row-start-1 font-semibold text-ink">A new address</span>
      </label>
      {error ? (
        <p id="saved-address-error" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
