import { useId } from 'react';
import { Field, FormField } from '#client/components/ui/form-field.tsx';
import { COUNTRY_OPTIONS, DEFAULT_COUNTRY } from './countries.ts';

/** The API's paths of a new delivery address's fields. */
export const ADDRESS_ERROR_PREFIX = 'fulfilment.address.';

/** A new address's fields as the form names them (`name`, `postalCode`...), read back on submit. */
export const ADDRESS_FIELDS = [
  'name',
  'phone',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'country',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

const TEXT_FIELDS: readonly {
  field: Exclude<AddressField, 'country'>;
  label: string;
  autoComplete: string;
  type?: string;
}[] = [
  { field: 'name', label: 'Full name', autoComplete: 'shipping name' },
  { field: 'phone', label: 'Phone number', autoComplete: 'shipping tel', type: 'tel' },
  { field: 'line1', label: 'Address', autoComplete: 'shipping address-line1' },
  { field: 'line2', label: 'Address line 2 (optional)', autoComplete: 'shipping address-line2' },
  { field: 'city', label: 'City', autoComplete: 'shipping address-level2' },
  { field: 'region', label: 'State or region (optional)', autoComplete: 'shipping address-level1' },
  { field: 'postalCode', label: 'Postal code', autoComplete: 'shipping postal-code' },
];

const selectClass =
  'mt-1.5 w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30';

/**
 * A new delivery address: plain inputs the browser keeps what was typed in (before the scripts
 * too), each with the error the API gave for it (`body.fulfilment.address.postalCode`) beside it.
 */
export function AddressFields({ errors }: { errors: Record<string, string> }) {
  const countryId = useId();
  const error = (field: AddressField) => errors[`${ADDRESS_ERROR_PREFIX}${field}`];
  const countryError = error('country');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {TEXT_FIELDS.map(({ field, label, autoComplete, type = 'text' }) => (
        <div key={field} className={field === 'line1' || field === 'line2' ? 'sm:col-span-2' : ''}>
          <FormField
            label={label}
            name={field}
            type={type}
            autoComplete={autoComplete}
            error={error(field)}
            className="w-full min-w-0"
          />
        </div>
      ))}
      <Field id={countryId} label="Country" error={countryError}>
        <select
          id={countryId}
          name="country"
          autoComplete="shipping country"
          defaultValue={DEFAULT_COUNTRY}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? `${countryId}-error` : undefined}
          className={`${selectClass} ${countryError ? 'border-red-500' : 'border-slate-300'}`}
        >
          {COUNTRY_OPTIONS.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
