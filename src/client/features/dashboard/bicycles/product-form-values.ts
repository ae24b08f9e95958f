import { z } from 'zod';
import {
  productFormFieldsSchema,
  type Category,
  type Product,
  type ProductFormFields,
} from '#shared/contract/product.ts';
import {
  GEOMETRY_FIELDS,
  type GeometryField,
  type ProductGeometry,
} from '#shared/contract/product-geometry.ts';
import { SPEC_FIELDS, SPEC_KEYS, appliesTo, type SpecKey } from './spec-fields.ts';

/** One row of the sizes table as typed: every box is text until the contract reads it. */
export interface SizeRow {
  label: string;
  quantity: string;
  minHeightCm: string;
  maxHeightCm: string;
  /** "" is "Not stated". */
  geometry: GeometryValues;
}

export type GeometryValues = Record<GeometryField, string>;

/** "" is "Not stated". */
export type SpecsValues = Record<SpecKey, string>;

/** What the bicycle form holds while the admin types. */
export interface ProductFormValues {
  name: string;
  brand: string;
  category: Category | '';
  price: string;
  quantity: string;
  description: string;
  sizes: SizeRow[];
  specs: SpecsValues;
}

function geometryValuesOf(geometry: ProductGeometry | undefined): GeometryValues {
  return Object.fromEntries(
    GEOMETRY_FIELDS.map((field) => [field, text(geometry?.[field])]),
  ) as GeometryValues;
}

export const EMPTY_SIZE_ROW: SizeRow = {
  label: '',
  quantity: '',
  minHeightCm: '',
  maxHeightCm: '',
  geometry: geometryValuesOf(undefined),
};

function text(value: string | number | undefined): string {
  return value === undefined ? '' : String(value);
}

export function formValuesOf(product: Product | undefined): ProductFormValues {
  const specs = Object.fromEntries(
    SPEC_KEYS.map((key) => [key, text(product?.specs?.[key])]),
  ) as SpecsValues;
  if (!product)
    return {
      name: '',
      brand: '',
      category: '',
      price: '',
      quantity: '',
      description: '',
      sizes: [],
      specs,
    };
  return {
    name: product.name,
    brand: product.brand,
    category: product.category,
    price: String(product.price),
    quantity: String(product.quantity),
    description: product.description,
    sizes: (product.sizes ?? []).map((size) => ({
      label: size.label,
      quantity: String(size.quantity),
      minHeightCm: String(size.minHeightCm),
      maxHeightCm: String(size.maxHeightCm),
      geometry: geometryValuesOf(size.geometry),
    })),
    specs,
  };
}

/**
 * A number box's text as JSON would carry it: a plain decimal becomes a number, blank is left
 * out, and anything else stays text so the contract refuses it with its own message.
 */
function jsonNumber(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** A size's geometry boxes as JSON: all blank is no geometry, so the server clears it. */
function geometryJson(values: GeometryValues): Record<string, number | string> | null {
  const stated = GEOMETRY_FIELDS.flatMap((field) => {
    const value = jsonNumber(values[field]);
    return value === undefined ? [] : [[field, value] as const];
  });
  return stated.length === 0 ? null : Object.fromEntries(stated);
}

/** The sum shown in the read-only Quantity box of a sized bicycle; unreadable boxes count 0. */
export function sizesTotal(rows: readonly SizeRow[]): number {
  return rows.reduce((sum, row) => {
    const units = jsonNumber(row.quantity);
    return typeof units === 'number' && Number.isInteger(units) && units > 0 ? sum + units : sum;
  }, 0);
}

/**
 * The form as the multipart text fields the server reads, so the form is checked by the very
 * schema the server uses. Specs the category has no use for (a motor on a road bike) are cleared.
 */
function formText(values: ProductFormValues): Record<string, string> {
  const sized = values.sizes.length > 0;
  const sizes = values.sizes.map((row) => ({
    label: row.label,
    quantity: jsonNumber(row.quantity),
    minHeightCm: jsonNumber(row.minHeightCm),
    maxHeightCm: jsonNumber(row.maxHeightCm),
    geometry: geometryJson(row.geometry),
  }));
  const specs = Object.fromEntries(
    SPEC_FIELDS.map((field) => {
      const raw = values.specs[field.key];
      if (!appliesTo(field, values.category) || raw.trim() === '') return [field.key, null];
      return [field.key, field.kind === 'number' ? jsonNumber(raw) : raw];
    }),
  );
  return {
    name: values.name,
    brand: values.brand,
    category: values.category,
    price: values.price,
    // A sized bicycle's stock is the sum of its sizes: the box then only shows it.
    quantity: sized ? '' : values.quantity,
    description: values.description,
    sizes: JSON.stringify(sizes),
    specs: JSON.stringify(specs),
  };
}

/**
 * The form's resolver schema: the values as text fields, read by the shared contract. Issues keep
 * the contract's paths (`sizes.1.label`, `specs.weightKg`), which are the form's own field names.
 */
export const productFormSchema = z
  .custom<ProductFormValues>()
  .transform((values, ctx): ProductFormFields => {
    const result = productFormFieldsSchema.safeParse(formText(values));
    if (result.success) return result.data;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
