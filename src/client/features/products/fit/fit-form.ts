import { riderFitBodySchema } from '#shared/contract/user.ts';
import { fitFinderMessages } from '#shared/messages/fit-finder.ts';
import { cmToFeetAndInches, cmToInches, feetAndInchesToCm, inchesToCm } from '#shared/rules/fit.ts';
import type { FitFilter } from '#shared/rules/filters.ts';

export type FitUnits = 'metric' | 'imperial';

/** What the finder's boxes hold, as typed. */
export interface FitFormValues {
  units: FitUnits;
  heightCm: string;
  feet: string;
  inches: string;
  /** In centimetres or inches, by `units`. */
  inseam: string;
}

export type FitFormErrors = Partial<Record<'height' | 'inseam', string>>;

/** The boxes filled from saved measurements (or empty). */
export function fitFormValues(fit: FitFilter | null, units: FitUnits = 'metric'): FitFormValues {
  const imperial = fit ? cmToFeetAndInches(fit.riderHeightCm) : null;
  const inseam = fit?.inseamCm ?? null;
  return {
    units,
    heightCm: fit ? String(fit.riderHeightCm) : '',
    feet: imperial ? String(imperial.feet) : '',
    inches: imperial ? String(imperial.inches) : '',
    inseam: inseam === null ? '' : units === 'metric' ? String(inseam) : String(cmToInches(inseam)),
  };
}

/** A plain decimal, or NaN; blank is null. */
function numberOf(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/**
 * The measurements the boxes name, in whole centimetres, checked with the account's own rules
 * (the contract's riderFitBodySchema), or the errors to show beside the boxes.
 */
export function readFitForm(
  values: FitFormValues,
): { ok: true; fit: FitFilter } | { ok: false; errors: FitFormErrors } {
  const errors: FitFormErrors = {};
  let height: number | null;
  if (values.units === 'metric') {
    height = numberOf(values.heightCm);
  } else {
    const feet = numberOf(values.feet);
    const inches = numberOf(values.inches) ?? 0;
    height = feet === null ? null : feetAndInchesToCm(feet, inches);
  }
  const inseamRaw = numberOf(values.inseam);
  const inseam =
    inseamRaw === null || Number.isNaN(inseamRaw)
      ? inseamRaw
      : values.units === 'metric'
        ? Math.round(inseamRaw)
        : inchesToCm(inseamRaw);
  if (height === null) errors.height = fitFinderMessages.heightRequired;
  else if (Number.isNaN(height)) errors.height = fitFinderMessages.numberRequired;
  if (inseam !== null && Number.isNaN(inseam)) errors.inseam = fitFinderMessages.numberRequired;
  if (errors.height || errors.inseam) return { ok: false, errors };

  const parsed = riderFitBodySchema.safeParse({
    riderHeightCm: height === null ? null : Math.round(height),
    inseamCm: inseam,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === 'inseamCm' ? 'inseam' : 'height';
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const { riderHeightCm, inseamCm } = parsed.data;
  if (riderHeightCm === null)
    return { ok: false, errors: { height: fitFinderMessages.heightRequired } };
  return { ok: true, fit: { riderHeightCm, inseamCm } };
}
