import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { fulfilmentPatchBodySchema } from '#shared/contract/order.ts';
import { Field } from '#client/components/ui/form-field.tsx';
import { fieldErrors } from '#client/lib/api.ts';
import { inputProps } from '../components/form-controls.ts';
import { moveButtonClass } from './move-button.ts';

/** The Shipped form's checks: carrier and tracking number required, the link as the API checks it. */
const shipFormSchema = z.object({
  carrier: z
    .string()
    .trim()
    .min(1, 'Carrier is required')
    .max(100, 'Carrier must be at most 100 characters'),
  trackingNumber: z
    .string()
    .trim()
    .min(1, 'Tracking number is required')
    .max(100, 'Tracking number must be at most 100 characters'),
  trackingUrl: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(fulfilmentPatchBodySchema.shape.trackingUrl),
});
type ShipFormValues = z.input<typeof shipFormSchema>;
export type ShipFields = z.output<typeof shipFormSchema>;

/**
 * Carrier, tracking number and an optional tracking link, checked before sending; the API's own
 * field errors show under the same fields.
 */
export function ShipForm({
  busy,
  onShip,
}: {
  busy: boolean;
  /** Resolves when shipped; rejects with the API error otherwise. */
  onShip: (fields: ShipFields) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ShipFormValues, unknown, ShipFields>({
    resolver: zodResolver(shipFormSchema),
    defaultValues: { carrier: '', trackingNumber: '', trackingUrl: '' },
  });

  async function submit(fields: ShipFields) {
    try {
      await onShip(fields);
    } catch (error) {
      for (const [key, message] of Object.entries(fieldErrors(error))) {
        if (key === 'carrier' || key === 'trackingNumber' || key === 'trackingUrl')
          setError(key, { type: 'server', message });
      }
    }
  }

  return (
    <form
      noValidate
      aria-label="Ship the order"
      onSubmit={(e) => void handleSubmit(submit)(e)}
      className="space-y-3"
    >
      <Field id="ship-carrier" label="Carrier" error={errors.carrier?.message}>
        <input
          {...inputProps('ship-carrier', errors.carrier?.message)}
          {...register('carrier')}
          autoComplete="off"
          maxLength={100}
        />
      </Field>
      <Field id="ship-tracking" label="Tracking number" error={errors.trackingNumber?.message}>
        <input
          {...inputProps('ship-tracking', errors.trackingNumber?.message)}
          {...register('trackingNumber')}
          autoComplete="off"
          maxLength={100}
        />
      </Field>
      <Field id="ship-url" label="Tracking link (optional)" error={errors.trackingUrl?.message}>
        <input
          {...inputProps('ship-url', errors.trackingUrl?.message)}
          {...register('trackingUrl')}
          type="url"
          inputMode="url"
          placeholder="https://"
        />
      </Field>
      <button type="submit" disabled={busy} className={moveButtonClass}>
        Shipped
      </button>
    </form>
  );
}
