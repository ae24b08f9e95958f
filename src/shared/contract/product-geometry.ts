import { z } from 'zod';
import { geometryMessages } from '../messages/geometry.ts';

/*
 * A frame's geometry, per size. Lengths are whole millimetres and angles degrees with at most one
 * decimal, as makers publish them. The bounds hold every bicycle from a 12" children's bicycle to
 * an XXL downhill frame and refuse typing slips (a stack of 5700, an angle of 7.3).
 */

// The fields and their bounds carry no zod: the pages that show geometry import them alone.
export { GEOMETRY_FIELDS, GEOMETRY_INFO, isAngle, type GeometryField } from './geometry-fields.ts';
import { GEOMETRY_FIELDS, GEOMETRY_INFO, isAngle, type GeometryField } from './geometry-fields.ts';

/** One size's geometry as the API answers it: only what the maker states. */
export const productGeometrySchema = z.object({
  stackMm: z.number().int().optional(),
  reachMm: z.number().int().optional(),
  topTubeMm: z.number().int().optional(),
  seatTubeMm: z.number().int().optional(),
  headAngleDeg: z.number().optional(),
  seatAngleDeg: z.number().optional(),
  chainstayMm: z.number().int().optional(),
  wheelbaseMm: z.number().int().optional(),
  standoverMm: z.number().int().optional(),
});
export type ProductGeometry = z.infer<typeof productGeometrySchema>;

const g = geometryMessages;

function hasAtMostOneDecimal(value: number): boolean {
  const scaled = value * 10;
  return Number.isFinite(scaled) && Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

function geometryValue(field: GeometryField) {
  const { label, unit, min, max } = GEOMETRY_INFO[field];
  const base = z.number({ error: g.numberRequired(label) });
  const inRange = isAngle(field)
    ? base.refine(hasAtMostOneDecimal, g.oneDecimal(label))
    : base.int(g.wholeMillimetres(label));
  return inRange.refine((v) => v >= min && v <= max, g.between(label, min, max, unit)).nullish();
}

/**
 * Geometry as an admin writes it: `null` (or leaving a field out) means the maker states nothing;
 * unknown keys are dropped, as with specs. An object with no values reads as no geometry (`null`).
 */
export const productGeometryInputSchema = z
  .object(
    Object.fromEntries(GEOMETRY_FIELDS.map((f) => [f, geometryValue(f)])) as Record<
      GeometryField,
      ReturnType<typeof geometryValue>
    >,
    { error: g.notAnObject },
  )
  .transform((input): ProductGeometry | null => {
    const out: ProductGeometry = {};
    for (const field of GEOMETRY_FIELDS) {
      const value = input[field];
      if (value != null) out[field] = value;
    }
    return Object.keys(out).length === 0 ? null : out;
  });
