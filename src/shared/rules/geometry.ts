import type { ProductSize } from '../contract/product-sizing.ts';
import { GEOMETRY_FIELDS, GEOMETRY_INFO, type GeometryField } from '../contract/geometry-fields.ts';

/** The fields any of these sizes states, in the order makers list them. */
export function statedGeometryFields(
  sizes: readonly Pick<ProductSize, 'geometry'>[],
): GeometryField[] {
  return GEOMETRY_FIELDS.filter((field) =>
    sizes.some((size) => size.geometry?.[field] !== undefined),
  );
}

/** A row's name with its unit: "Stack (mm)", "Head angle (°)". */
export function geometryLabel(field: GeometryField): string {
  const { label, unit } = GEOMETRY_INFO[field];
  return `${label} (${unit})`;
}

/** A value as makers print it: lengths whole, angles with their decimal when they have one. */
export function formatGeometryValue(field: GeometryField, value: number | undefined): string {
  if (value === undefined) return '–';
  return GEOMETRY_INFO[field].unit === '°' ? value.toFixed(value % 1 === 0 ? 0 : 1) : String(value);
}

/** The same, with its unit, for a cell that stands alone: "614 mm", "65.5°". */
export function formatGeometry(field: GeometryField, value: number | undefined): string {
  if (value === undefined) return '–';
  const { unit } = GEOMETRY_INFO[field];
  return unit === 'mm'
    ? `${formatGeometryValue(field, value)} mm`
    : `${formatGeometryValue(field, value)}°`;
}
