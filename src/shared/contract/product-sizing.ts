import { z } from 'zod';
import { sizesMessages } from '../messages/sizes.ts';
import { specsMessages } from '../messages/specs.ts';
import { textField } from './fields.ts';
import { productGeometryInputSchema, productGeometrySchema } from './product-geometry.ts';
import {
  BRAKE_TYPES,
  FRAME_MATERIALS,
  SUSPENSION_TYPES,
  WHEEL_SIZES,
  type BrakeType,
  type FrameMaterial,
  type SuspensionType,
  type WheelSize,
} from './catalog-values.ts';

/*
 * Sizes and specs of a bicycle. Kept apart from product.ts so the lists of values can be shared
 * by the database schema, the shop's filters and the admin form without the rest of the product
 * contract.
 */

export { BRAKE_TYPES, FRAME_MATERIALS, SUSPENSION_TYPES, WHEEL_SIZES };
export type { BrakeType, FrameMaterial, SuspensionType, WheelSize };

export const SIZE_LABEL_MAX = 16;
export const MAX_SIZES = 20;
/** Rider heights a size may name, in whole centimetres. */
export const SIZE_HEIGHT_MIN_CM = 50;
export const SIZE_HEIGHT_MAX_CM = 250;
/** Stock of one size; the same bound as a one-size product's quantity. */
export const MAX_SIZE_QUANTITY = 100_000;

/** Upper bounds of the numeric specs: above any bicycle sold, below nonsense. */
export const SPEC_LIMITS = {
  gears: 40,
  weightKg: 100,
  travelMm: 300,
  motorTorqueNm: 250,
  batteryWh: 3000,
  rangeKm: 500,
} as const;

/** One size of a product as the API answers it, smallest first in `sizes`. */
export const productSizeSchema = z.object({
  label: z.string(),
  quantity: z.number().int(),
  minHeightCm: z.number().int(),
  maxHeightCm: z.number().int(),
  /** Left out when the maker states none. */
  geometry: productGeometrySchema.optional(),
});
export type ProductSize = z.infer<typeof productSizeSchema>;

/** Every spec is optional: a product lists only what its maker states. */
export const productSpecsSchema = z.object({
  frameMaterial: z.enum(FRAME_MATERIALS).optional(),
  wheelSize: z.enum(WHEEL_SIZES).optional(),
  gears: z.number().int().optional(),
  weightKg: z.number().optional(),
  brakes: z.enum(BRAKE_TYPES).optional(),
  suspension: z.enum(SUSPENSION_TYPES).optional(),
  travelMm: z.number().int().optional(),
  motorTorqueNm: z.number().int().optional(),
  batteryWh: z.number().int().optional(),
  rangeKm: z.number().int().optional(),
});
export type ProductSpecs = z.infer<typeof productSpecsSchema>;

const m = sizesMessages;

function wholeNumber(label: string, min: number, max: number) {
  return z
    .number({ error: m.numberRequired(label) })
    .int(m.wholeNumber(label))
    .min(min, m.atLeast(label, min))
    .max(max, m.atMost(label, max));
}

const height = (label: string) => wholeNumber(label, SIZE_HEIGHT_MIN_CM, SIZE_HEIGHT_MAX_CM);

/** A size a shopper picks for a bicycle; `missing` is what the form asks when none is. */
export function sizeLabelField(missing: string) {
  return textField(SIZE_LABEL_MAX, missing, sizesMessages.unknownSize);
}

/** One size as an admin writes it. */
export const productSizeInputSchema = z
  .object({
    label: textField(SIZE_LABEL_MAX, m.labelRequired, m.labelTooLong),
    quantity: wholeNumber('Quantity', 0, MAX_SIZE_QUANTITY),
    minHeightCm: height('Smallest rider height'),
    maxHeightCm: height('Tallest rider height'),
    /** Absent keeps the size's geometry (a size new to the product has none); `null` clears it. */
    geometry: productGeometryInputSchema.nullish(),
  })
  .refine((s) => s.minHeightCm <= s.maxHeightCm, {
    message: m.heightsInOrder,
    path: ['maxHeightCm'],
  });
export type ProductSizeInput = z.infer<typeof productSizeInputSchema>;

/**
 * A product's sizes, smallest first. Labels are compared without regard to case: "m" beside "M"
 * would be two sizes a shopper cannot tell apart.
 */
export const productSizesInputSchema = z
  .array(productSizeInputSchema, { error: m.notAList })
  .max(MAX_SIZES, m.tooMany(MAX_SIZES))
  .superRefine((sizes, ctx) => {
    const seen = new Set<string>();
    sizes.forEach((size, index) => {
      const key = size.label.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: m.labelTaken, path: [index, 'label'] });
      seen.add(key);
    });
    const total = sizes.reduce((sum, size) => sum + size.quantity, 0);
    if (total > MAX_SIZE_QUANTITY)
      ctx.addIssue({ code: 'custom', message: m.totalTooLarge(MAX_SIZE_QUANTITY) });
  });

const specs = specsMessages;

function positiveWhole(label: string, max: number) {
  return z
    .number({ error: specs.numberRequired(label) })
    .int(specs.wholeNumber(label))
    .min(1, specs.positive(label))
    .max(max, specs.atMost(label, max));
}

/** The specs an admin writes; `null` clears a spec, unknown keys are dropped. */
export const productSpecsInputSchema = z
  .object(
    {
      frameMaterial: z.enum(FRAME_MATERIALS, { error: specs.choose('frame material') }).nullish(),
      wheelSize: z.enum(WHEEL_SIZES, { error: specs.choose('wheel size') }).nullish(),
      gears: positiveWhole('Gears', SPEC_LIMITS.gears).nullish(),
      weightKg: z
        .number({ error: specs.numberRequired('Weight') })
        .positive(specs.positive('Weight'))
        .max(SPEC_LIMITS.weightKg, specs.atMost('Weight', SPEC_LIMITS.weightKg))
        .refine(hasAtMostOneDecimal, specs.weightDecimals)
        .nullish(),
      brakes: z.enum(BRAKE_TYPES, { error: specs.choose('brake type') }).nullish(),
      suspension: z.enum(SUSPENSION_TYPES, { error: specs.choose('suspension') }).nullish(),
      travelMm: positiveWhole('Suspension travel', SPEC_LIMITS.travelMm).nullish(),
      motorTorqueNm: positiveWhole('Motor torque', SPEC_LIMITS.motorTorqueNm).nullish(),
      batteryWh: positiveWhole('Battery capacity', SPEC_LIMITS.batteryWh).nullish(),
      rangeKm: positiveWhole('Range', SPEC_LIMITS.rangeKm).nullish(),
    },
    { error: specs.notAnObject },
  )
  .transform((input): ProductSpecs => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) if (value != null) out[key] = value;
    return out;
  });

function hasAtMostOneDecimal(value: number): boolean {
  const scaled = value * 10;
  return Number.isFinite(scaled) && Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * A multipart field that carries JSON text. Blank text stands for `empty` (a form that clears
 * the list); text that is not JSON is one issue on the field, and the parsed value's issues keep
 * their paths under the field (`sizes.1.label`).
 */
function jsonTextField<T extends z.ZodType>(schema: T, empty: unknown, notJson: string) {
  return z
    .string({ error: notJson })
    .transform((text, ctx): unknown => {
      if (text.trim() === '') return empty;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: notJson });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** The `sizes` form field: JSON text of the sizes list; blank or `[]` is a one-size product. */
export const productSizesFieldSchema = jsonTextField(productSizesInputSchema, [], m.notJson);

/** The `specs` form field: JSON text of the specs object; blank clears every spec. */
export const productSpecsFieldSchema = jsonTextField(productSpecsInputSchema, {}, specs.notJson);
