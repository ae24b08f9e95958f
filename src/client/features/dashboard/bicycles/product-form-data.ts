import type { ProductFormFields } from '#shared/contract/product.ts';
import { GEOMETRY_FIELDS, type GeometryField } from '#shared/contract/product-geometry.ts';
import { SPEC_KEYS, type SpecKey } from './spec-fields.ts';

/**
 * The multipart body of a create or update. `sizes` goes as the whole list (empty for one size)
 * and `specs` names every spec, null for those not stated, so a spec cleared in the form is
 * cleared on the server too. `image` is a new file, the kept URL, "" to remove the image, or
 * undefined to send no image at all.
 */
export function productFormData(
  fields: ProductFormFields,
  image: File | string | undefined,
): FormData {
  const body = new FormData();
  body.append('name', fields.name);
  body.append('brand', fields.brand);
  body.append('category', fields.category);
  body.append('price', String(fields.price));
  body.append('quantity', String(fields.quantity));
  body.append('description', fields.description);
  body.append('sizes', JSON.stringify(fields.sizes ?? []));
  const specs = Object.fromEntries(SPEC_KEYS.map((key) => [key, fields.specs?.[key] ?? null]));
  body.append('specs', JSON.stringify(specs));
  if (image !== undefined) body.append('imageUrl', image);
  return body;
}

const PRODUCT_FIELD_NAMES = [
  'name',
  'brand',
  'category',
  'price',
  'quantity',
  'description',
] as const;
export type ProductFieldName = (typeof PRODUCT_FIELD_NAMES)[number];

const SIZE_CELLS = ['label', 'quantity', 'minHeightCm', 'maxHeightCm'] as const;
export type SizeCell = (typeof SIZE_CELLS)[number];

/** Where an error of the form shows: a field, one cell of the sizes table, a spec, or a list. */
export type ProductFormPath =
  | ProductFieldName
  | `sizes.${number}.${SizeCell}`
  | `sizes.${number}.geometry.${GeometryField}`
  | `specs.${SpecKey}`
  | 'sizes'
  | 'specs';

/**
 * The form's place for an error the server keyed by its field path (`sizes.1.label`), or null
 * when the form has no such place (the image has its own, and unknown paths only get the toast).
 * A row the form does not have falls back to the sizes table as a whole.
 */
export function productFormPath(key: string, rows: number): ProductFormPath | null {
  if ((PRODUCT_FIELD_NAMES as readonly string[]).includes(key)) return key as ProductFieldName;
  const parts = key.split('.');
  if (parts[0] === 'sizes') {
    const [, index, cell, field] = parts;
    const row = Number(index);
    const rowKnown = Number.isInteger(row) && row >= 0 && row < rows;
    if (
      parts.length === 4 &&
      rowKnown &&
      cell === 'geometry' &&
      (GEOMETRY_FIELDS as readonly string[]).includes(field ?? '')
    )
      return `sizes.${row}.geometry.${field as GeometryField}`;
    if (
      parts.length === 3 &&
      Number.isInteger(row) &&
      row >= 0 &&
      row < rows &&
      (SIZE_CELLS as readonly string[]).includes(cell ?? '')
    )
      // The row was checked to be a whole number just above.
      return `sizes.${String(row)}.${cell as SizeCell}` as `sizes.${number}.${SizeCell}`;
    return 'sizes';
  }
  if (parts[0] === 'specs') {
    const spec = parts[1];
    if (parts.length === 2 && (SPEC_KEYS as readonly string[]).includes(spec ?? ''))
      return `specs.${spec as SpecKey}`;
    return 'specs';
  }
  return null;
}
