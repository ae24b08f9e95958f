import { weightGramsToKg } from '#shared/rules/specs.ts';
import { toDollars } from '#shared/rules/money.ts';
import type { ProductRecord } from './products.repository.ts';

/** The catalog file's columns, in order (docs/catalog-csv.md). */
export const CATALOG_COLUMNS = [
  'slug',
  'name',
  'brand',
  'category',
  'price',
  'description',
  'quantity',
  'sizes',
  'frameMaterial',
  'wheelSize',
  'gears',
  'weightKg',
  'brakes',
  'suspension',
  'travelMm',
  'motorTorqueNm',
  'batteryWh',
  'rangeKm',
] as const;
export type CatalogColumn = (typeof CATALOG_COLUMNS)[number];
export type CatalogRow = Record<CatalogColumn, string>;

/** Columns a file must have; the others (quantity with sizes, the specs) may be left out. */
export const REQUIRED_COLUMNS: readonly CatalogColumn[] = [
  'slug',
  'name',
  'brand',
  'category',
  'price',
  'description',
];

export const SPEC_COLUMNS = [
  'frameMaterial',
  'wheelSize',
  'gears',
  'weightKg',
  'brakes',
  'suspension',
  'travelMm',
  'motorTorqueNm',
  'batteryWh',
  'rangeKm',
] as const satisfies readonly CatalogColumn[];

/**
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula (CSV injection):
 * such a cell is written with a leading apostrophe, which spreadsheets show as text. A cell that
 * already starts with apostrophes before one of those gets one more, so reading takes exactly one
 * off and every text comes back as it was.
 */
const FORMULA = /^'*[=+\-@]/;
export function neutraliseFormula(cell: string): string {
  return FORMULA.test(cell) ? `'${cell}` : cell;
}
export function restoreFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA.test(cell) ? cell.slice(1) : cell;
}

/** `label:stock:min-max`, sizes separated by `|`, smallest first. */
export const SIZE_SEPARATOR = '|';
export function formatSizes(sizes: ProductRecord['sizes']): string {
  return sizes
    .map(
      (s) => `${s.label}:${String(s.quantity)}:${String(s.minHeightCm)}-${String(s.maxHeightCm)}`,
    )
    .join(SIZE_SEPARATOR);
}

const SIZE_ENTRY = /^(.+):\s*([^:]*?)\s*:\s*([^:-]*?)\s*-\s*([^:-]*?)$/;
const number = (text: string): number | string =>
  /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;

/**
 * The sizes cell as the product form's list (numbers where the text is one, so the form's own
 * checks word the problems), or null when an entry does not have the cell's shape.
 */
export function parseSizes(
  cell: string,
): { label: string; quantity: unknown; minHeightCm: unknown; maxHeightCm: unknown }[] | null {
  if (cell.trim() === '') return [];
  const sizes = [];
  for (const entry of cell.split(SIZE_SEPARATOR)) {
    const match = SIZE_ENTRY.exec(entry.trim());
    if (!match) return null;
    const [, label = '', quantity = '', min = '', max = ''] = match;
    sizes.push({
      label: label.trim(),
      quantity: number(quantity),
      minHeightCm: number(min),
      maxHeightCm: number(max),
    });
  }
  return sizes;
}

/** One product as a row of the file; every cell text, formulas neutralised. */
export function toCatalogRow({ row, sizes }: ProductRecord): string[] {
  const cells: Record<CatalogColumn, string> = {
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    category: row.category,
    price: toDollars(row.priceCents).toFixed(2),
    description: row.description,
    quantity: String(row.quantity),
    sizes: formatSizes(sizes),
    frameMaterial: row.frameMaterial ?? '',
    wheelSize: row.wheelSize ?? '',
    gears: row.gears?.toString() ?? '',
    weightKg: row.weightGrams === null ? '' : String(weightGramsToKg(row.weightGrams)),
    brakes: row.brakes ?? '',
    suspension: row.suspension ?? '',
    travelMm: row.travelMm?.toString() ?? '',
    motorTorqueNm: row.motorTorqueNm?.toString() ?? '',
    batteryWh: row.batteryWh?.toString() ?? '',
    rangeKm: row.rangeKm?.toString() ?? '',
  };
  return CATALOG_COLUMNS.map((column) => neutraliseFormula(cells[column]));
}
