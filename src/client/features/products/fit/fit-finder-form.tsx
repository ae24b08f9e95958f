import { useId, useState, type SyntheticEvent } from 'react';
import { fitFinderMessages } from '#shared/messages/fit-finder.ts';
import type { FitFilter } from '#shared/rules/filters.ts';
import { Button } from '#client/components/ui/button.tsx';
import { showNotice } from '#client/components/ui/notice.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import {
  fitFormValues,
  readFitForm,
  type FitFormErrors,
  type FitFormValues,
  type FitUnits,
} from './fit-form.ts';
import { useRiderFit, useSaveRiderFit } from './use-rider-fit.ts';

const t = fitFinderMessages;

/** The finder's form: height in cm or ft/in, an optional inseam; saves and reports back. */
export function FitFinderForm({ onDone }: { onDone: (fit: FitFilter | null) => void }) {
  const current = useRiderFit();
  const { save, isSaving } = useSaveRiderFit();
  const [values, setValues] = useState<FitFormValues>(() => fitFormValues(current));
  const [errors, setErrors] = useState<FitFormErrors>({});
  const hintId = useId();
  const set = (patch: Partial<FitFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
  };
  const switchUnits = (units: FitUnits) => {
    const read = readFitForm(values);
    setValues(read.ok ? fitFormValues(read.fit, units) : { ...values, units });
  };

  const finish = async (fit: FitFilter | null) => {
    const kept = await save(fit);
    showNotice(kept ? { kind: 'success', text: t.saved } : { kind: 'error', text: t.saveFailed });
    onDone(fit);
  };

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const read = readFitForm(values);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    void finish(read.fit);
  };

  const metric = values.units === 'metric';
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className="sr-only">{t.units}</legend>
        {(['metric', 'imperial'] as const).map((units) => (
          <label
            key={units}
            className="relative flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium text-ink has-[:checked]:border-ink has-[:checked]:bg-ink has-[:checked]:text-white"
          >
            <input
              type="radio"
              name="units"
              value={units}
              checked={values.units === units}
              onChange={() => {
                switchUnits(units);
              }}
              className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-full opacity-0"
            />
            {t[units]}
          </label>
        ))}
      </fieldset>
      {metric ? (
        <FormField
          // The dialog opens on the height, the one thing the finder needs: the units come second.
          data-autofocus
          label={`${t.height} (cm)`}
          inputMode="numeric"
          value={values.heightCm}
          error={errors.height}
          onChange={(e) => {
            set({ heightCm: e.target.value });
          }}
        />
      ) : (
        <div className="grid grid-cols-2 gap-3">
          <FormField
            data-autofocus
            label={`${t.height}: ${t.feet}`}
            inputMode="numeric"
            value={values.feet}
            error={errors.height}
            onChange={(e) => {
              set({ feet: e.target.value });
            }}
          />
          <FormField
            label={t.inches}
            inputMode="numeric"
            value={values.inches}
            onChange={(e) => {
              set({ inches: e.target.value });
            }}
          />
        </div>
      )}
      <div>
        <FormField
          label={`${t.inseam}${metric ? ' (cm)' : ' (in)'}`}
          inputMode="numeric"
          value={values.inseam}
          error={errors.inseam}
          aria-describedby={errors.inseam ? undefined : hintId}
          onChange={(e) => {
            set({ inseam: e.target.value });
          }}
        />
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {t.inseamHint}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" className="sm:flex-1" disabled={isSaving}>
          {t.save}
        </Button>
        {current ? (
          <Button
            type="button"
            variant="outline"
            className="sm:flex-1"
            disabled={isSaving}
            onClick={() => void finish(null)}
          >
            {t.forget}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
