import type { Category } from '#shared/contract/product.ts';
import {
  BRAKE_TYPES,
  FRAME_MATERIALS,
  SUSPENSION_TYPES,
  WHEEL_SIZES,
  type ProductSpecs,
} from '#shared/contract/product-sizing.ts';

export type SpecKey = keyof ProductSpecs;

interface SpecFieldBase {
  key: SpecKey;
  /** The form's label; also names the spec in the "what changed" notice. */
  label: string;
  /** Only Electric Bikes have a motor and a battery. */
  electricOnly?: true;
}

export interface SpecChoiceField extends SpecFieldBase {
  kind: 'choice';
  options: readonly string[];
}

export interface SpecNumberField extends SpecFieldBase {
  kind: 'number';
  /** Shown after the value ("12.4 kg"); the label carries it in brackets too. */
  unit: string;
  step: '1' | '0.1';
}

export type SpecField = SpecChoiceField | SpecNumberField;

/** Every spec the admin form edits, in the order it shows them. */
export const SPEC_FIELDS: readonly SpecField[] = [
  { key: 'frameMaterial', label: 'Frame material', kind: 'choice', options: FRAME_MATERIALS },
  { key: 'wheelSize', label: 'Wheel size', kind: 'choice', options: WHEEL_SIZES },
  { key: 'brakes', label: 'Brakes', kind: 'choice', options: BRAKE_TYPES },
  { key: 'suspension', label: 'Suspension', kind: 'choice', options: SUSPENSION_TYPES },
  { key: 'gears', label: 'Gears', kind: 'number', unit: '', step: '1' },
  { key: 'weightKg', label: 'Weight', kind: 'number', unit: 'kg', step: '0.1' },
  { key: 'travelMm', label: 'Suspension travel', kind: 'number', unit: 'mm', step: '1' },
  {
    key: 'motorTorqueNm',
    label: 'Motor torque',
    kind: 'number',
    unit: 'Nm',
    step: '1',
    electricOnly: true,
  },
  {
    key: 'batteryWh',
    label: 'Battery capacity',
    kind: 'number',
    unit: 'Wh',
    step: '1',
    electricOnly: true,
  },
  { key: 'rangeKm', label: 'Range', kind: 'number', unit: 'km', step: '1', electricOnly: true },
];

export const SPEC_KEYS: readonly SpecKey[] = SPEC_FIELDS.map((field) => field.key);

/** The label with its unit, as the form shows it: "Weight (kg)". */
export function specFieldLabel(field: SpecField): string {
  return field.kind === 'number' && field.unit ? `${field.label} (${field.unit})` : field.label;
}

export function appliesTo(field: SpecField, category: Category | '' | undefined): boolean {
  return !field.electricOnly || category === 'Electric Bikes';
}

/** A spec's value in words, for the "what changed" notice. */
export function specText(field: SpecField, specs: ProductSpecs | undefined): string {
  const value = specs?.[field.key];
  if (value === undefined) return 'not stated';
  return field.kind === 'number' && field.unit ? `${String(value)} ${field.unit}` : String(value);
}
