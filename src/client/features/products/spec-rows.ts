import type { ProductSpecs } from '#shared/contract/product-sizing.ts';
import type { Category } from '#shared/contract/product.ts';

export interface SpecRow {
  label: string;
  value: string;
}

type Formatter = (specs: ProductSpecs) => string | null;

const unit = (value: number | undefined, suffix: string) =>
  value === undefined ? null : `${String(value)} ${suffix}`;

/** The rows of the spec table, in the order a rider reads them; e-bike rows only for e-bikes. */
const ROWS: { label: string; format: Formatter; electricOnly?: boolean }[] = [
  { label: 'Frame material', format: (s) => s.frameMaterial ?? null },
  { label: 'Wheel size', format: (s) => s.wheelSize ?? null },
  { label: 'Gears', format: (s) => (s.gears === undefined ? null : String(s.gears)) },
  // Weight is stored to the gram and shown to a tenth of a kilo.
  {
    label: 'Weight',
    format: (s) =>
      unit(s.weightKg === undefined ? undefined : Math.round(s.weightKg * 10) / 10, 'kg'),
  },
  { label: 'Brakes', format: (s) => s.brakes ?? null },
  { label: 'Suspension', format: (s) => s.suspension ?? null },
  { label: 'Suspension travel', format: (s) => unit(s.travelMm, 'mm') },
  { label: 'Motor torque', format: (s) => unit(s.motorTorqueNm, 'Nm'), electricOnly: true },
  { label: 'Battery', format: (s) => unit(s.batteryWh, 'Wh'), electricOnly: true },
  { label: 'Range', format: (s) => unit(s.rangeKm, 'km'), electricOnly: true },
];

const ELECTRIC: Category = 'Electric Bikes';

/** Only the specs the product states: an unknown spec is left out, not shown as empty. */
export function specRows(specs: ProductSpecs | undefined, category: Category): SpecRow[] {
  if (!specs) return [];
  const rows: SpecRow[] = [];
  for (const row of ROWS) {
    if (row.electricOnly && category !== ELECTRIC) continue;
    const value = row.format(specs);
    if (value !== null) rows.push({ label: row.label, value });
  }
  return rows;
}
