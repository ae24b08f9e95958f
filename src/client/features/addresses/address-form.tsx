import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import {
  addressInputSchema,
  type AddressInput,
  type PostalAddress,
} from '#shared/contract/address.ts';
import { Field, FormField } from '#client/components/ui/form-field.tsx';
import {
  ADDRESS_FIELDS,
  countryOptions,
  emptyAddress,
  type AddressFieldErrors,
  type AddressFormValues,
} from './address-fields.ts';

const selectClasses =
  'mt-1.5 w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30';

function CountrySelect({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const id = useId();
  const options = useMemo(() => countryOptions(), []);
  return (
    <Field id={id} label="Country" error={error}>
      <select
        id={id}
        autoComplete="country"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${selectClasses} ${error ? 'border-red-500' : 'border-slate-300'}`}
        {...registration}
      >
        <option value="">Choose a country</option>
        {options.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

export interface AddressFormProps {
  /** Where the form starts: a saved address's values, or empty. */
  initialValues?: AddressFormValues | undefined;
  /** Gets the checked address (phone in E.164, postal code tidied), as the API stores it. */
  onSubmit: (address: PostalAddress) => Promise<void> | void;
  /** The API's errors for this address, by field (see `addressErrorsAt`). */
  fieldErrors?: AddressFieldErrors | undefined;
  submitLabel?: string;
  busy?: boolean;
  /** Shown as a Cancel button beside the submit button when given. */
  onCancel?: () => void;
  /** Names the form for screen readers ("New address", "Edit address"). */
  label: string;
  /** Puts focus on the first field when the form appears (one opened by a button). */
  focusOnOpen?: boolean;
  /** More controls of the caller's own, placed above the buttons (a "default" checkbox). */
  children?: ReactNode;
}

/**
 * A postal address: checked in the browser by the contract's own rules (postal code per country,
 * phone for the country), with the server's errors shown on their fields.
 */
export function AddressForm({
  initialValues = emptyAddress,
  onSubmit,
  fieldErrors,
  submitLabel = 'Save address',
  busy = false,
  onCancel,
  label,
  focusOnOpen = false,
  children,
}: AddressFormProps) {
  const form = useForm<AddressInput, unknown, PostalAddress>({
    resolver: zodResolver(addressInputSchema),
    defaultValues: initialValues,
  });
  const { errors } = form.formState;
  const { setError, setFocus } = form;

  useEffect(() => {
    if (focusOnOpen) setFocus('name');
  }, [focusOnOpen, setFocus]);

  // The server's word on each field replaces the form's until that field is typed in again.
  useEffect(() => {
    if (!fieldErrors) return;
    let focused = false;
    for (const field of ADDRESS_FIELDS) {
      const message = fieldErrors[field];
      if (!message) continue;
      setError(field, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    }
  }, [fieldErrors, setError]);

  const text = (field: keyof AddressFormValues) => ({
    ...form.register(field),
    error: errors[field]?.message,
  });

  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => void form.handleSubmit(async (address) => onSubmit(address))(event)}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Full name" autoComplete="name" {...text('name')} />
        <FormField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          {...text('phone')}
        />
        <div className="sm:col-span-2">
          <CountrySelect registration={form.register('country')} error={errors.country?.message} />
        </div>
        <div className="sm:col-span-2">
          <FormField label="Address" autoComplete="address-line1" {...text('line1')} />
        </div>
        <div className="sm:col-span-2">
          <FormField
            label="Address line 2 (optional)"
            autoComplete="address-line2"
            {...text('line2')}
          />
        </div>
        <FormField label="City" autoComplete="address-level2" {...text('city')} />
        <FormField
          label="Region or state (optional)"
          autoComplete="address-level1"
          {...text('region')}
        />
        <FormField label="Postal code" autoComplete="postal-code" {...text('postalCode')} />
      </div>
      {children}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={busy}
          className="inline-flex items-center justify-center rounded-lg bg-slate-900 px-4 py-2.5 font-semibold text-white transition hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {submitLabel}
        </button>
        {onCancel ? (
          <button
            type="button"
            onClick={onCancel}
            className="inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
