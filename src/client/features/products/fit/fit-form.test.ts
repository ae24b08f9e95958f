import { describe, expect, it } from 'vitest';
import { fitFormValues, readFitForm, type FitFormValues } from './fit-form.ts';

const metric = (heightCm: string, inseam = ''): FitFormValues => ({
  units: 'metric',
  heightCm,
  feet: '',
  inches: '',
  inseam,
});

describe('the fit finder form', () => {
  it('reads a height in centimetres and an optional inseam', () => {
    expect(readFitForm(metric('175'))).toEqual({
      ok: true,
      fit: { riderHeightCm: 175, inseamCm: null },
    });
    expect(readFitForm(metric('175', '81'))).toEqual({
      ok: true,
      fit: { riderHeightCm: 175, inseamCm: 81 },
    });
  });

  it('reads feet and inches, and an inseam in inches', () => {
    const values: FitFormValues = {
      units: 'imperial',
      heightCm: '',
      feet: '5',
      inches: '9',
      inseam: '32',
    };
    expect(readFitForm(values)).toEqual({ ok: true, fit: { riderHeightCm: 175, inseamCm: 81 } });
  });

  it('asks for a height, a number, and measurements within the account rules', () => {
    expect(readFitForm(metric(''))).toEqual({ ok: false, errors: { height: 'Enter your height' } });
    expect(readFitForm(metric('tall'))).toEqual({
      ok: false,
      errors: { height: 'Enter a number' },
    });
    expect(readFitForm(metric('40'))).toEqual({
      ok: false,
      errors: { height: 'Height must be at least 80 cm' },
    });
    expect(readFitForm(metric('175', '200'))).toEqual({
      ok: false,
      errors: { inseam: 'Inseam must be at most 120 cm' },
    });
  });

  it('fills the boxes from saved measurements in either unit', () => {
    expect(fitFormValues({ riderHeightCm: 175, inseamCm: 81 }, 'imperial')).toEqual({
      units: 'imperial',
      heightCm: '175',
      feet: '5',
      inches: '9',
      inseam: '32',
    });
    expect(fitFormValues(null).heightCm).toBe('');
  });
});
