import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { get, useForm, type FieldError, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { COUNTRY_CODES, countryName } from '#shared/contract/address.ts';
import { locationBodySchema, MAX_LEAD_DAYS, type Location } from '#shared/contract/location.ts';
import { Field } from '#client/components/ui/form-field.tsx';
import { fieldErrors } from '#client/lib/api.ts';
import { inputProps } from '../components/form-controls.ts';

type ShopFormValues = z.input<typeof locationBodySchema>;
export type ShopFields = z.output<typeof locationBodySchema>;

const countries = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name),
);

function valuesOf(shop: Location | undefined): ShopFormValues {
  const a = shop?.address;
  return {
    name: shop?.name ?? '',
    hours: shop?.hours ?? '',
    leadDays: shop?.leadDays ?? 2,
    address: {
      name: a?.name ?? '',
      phone: a?.phone ?? '',
      line1: a?.line1 ?? '',
      line2: a?.line2 ?? '',
      city: a?.city ?? '',
      region: a?.region ?? '',
      postalCode: a?.postalCode ?? '',
      country: a?.country ?? 'US',
    },
  };
}

/**
 * A shop's name, address, opening hours and lead days, checked by the API's own schema; the
 * API's field errors (`address.postalCode`) show under their fields.
 */
export function ShopForm({
  shop,
  submitLabel,
  busy,
  onSave,
  onCancel,
}: {
  shop?: Location;
  submitLabel: string;
  busy: boolean;
  /** Resolves when saved; rejects with the API error otherwise. */
  onSave: (fields: ShopFields) => Promise<void>;
  onCancel: () => void;
}) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ShopFormValues, unknown, ShopFields>({
    resolver: zodResolver(locationBodySchema),
    defaultValues: valuesOf(shop),
  });

  async function submit(fields: ShopFields) {
    try {
      await onSave(fields);
    } catch (error) {
      for (const [key, message] of Object.entries(fieldErrors(error))) {
        setError(key as Path<ShopFormValues>, { type: 'server', message });
      }
    }
  }

  function text(name: Path<ShopFormValues>, label: string, extra: ReactNode = null) {
    const id = `${uid}-${name}`;
    const error = get<typeof errors, FieldError | undefined>(errors, name)?.message;
    return (
      <Field id={id} label={label} error={error}>
        <input {...inputProps(id, error)} {...register(name)} />
        {extra}
      </Field>
    );
  }

  const leadId = `${uid}-leadDays`;
  const countryId = `${uid}-country`;
  return (
    <form
      noValidate
      aria-label={shop ? `Edit ${shop.name}` : 'New shop'}
      onSubmit={(e) => void handleSubmit(submit)(e)}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:p-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name', 'Shop name')}
        {text('hours', 'Opening hours')}
        <Field id={leadId} label="Lead days" error={errors.leadDays?.message}>
          <input
            {...inputProps(leadId, errors.leadDays?.message)}
            {...register('leadDays', { valueAsNumber: true })}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_LEAD_DAYS}
          />
        </Field>
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Address</legend>
        {text('address.name', 'Name on the address')}
        {text('address.phone', 'Phone number')}
        {text('address.line1', 'Address')}
        {text('address.line2', 'Address line 2 (optional)')}
        {text('address.city', 'City')}
        {text('address.region', 'Region (optional)')}
        {text('address.postalCode', 'Postal code')}
        <Field id={countryId} label="Country" error={errors.address?.country?.message}>
          <select
            {...inputProps(countryId, errors.address?.country?.message)}
            {...register('address.country')}
          >
            {countries.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {submitLabel}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
