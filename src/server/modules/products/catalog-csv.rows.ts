import { productFormFieldsSchema } from '#shared/contract/product.ts';
import type { ProductSizeInput } from '#shared/contract/product-sizing.ts';
import type { ImportProblem } from '#shared/contract/stock.ts';
import { toCents } from '#shared/rules/money.ts';
import {
  CATALOG_COLUMNS,
  parseSizes,
  REQUIRED_COLUMNS,
  restoreFormula,
  SPEC_COLUMNS,
  type CatalogColumn,
} from './catalog-csv.columns.ts';
import { specColumns } from './products.mapper.ts';
import type { ProductValues } from './products.repository.ts';

/** One valid row of the file: what the product will be. */
export interface ImportRow {
  row: number;
  /** null: a new bicycle whose address is derived from brand and name. */
  slug: string | null;
  values: Required<ProductValues>;
  sizes: ProductSizeInput[];
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX = 80;
const COLUMN_LIST = CATALOG_COLUMNS.join(', ');

const isColumn = (name: string): name is CatalogColumn =>
  (CATALOG_COLUMNS as readonly string[]).includes(name);

/**
 * Checks the header: every column known, none twice, none missing. Answers where each column is,
 * or the problems (all on row 1).
 */
export function readHeader(
  header: readonly string[],
): { ok: true; at: Map<CatalogColumn, number> } | { ok: false; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const at = new Map<CatalogColumn, number>();
  header.forEach((raw, index) => {
    const name = raw.trim();
    if (!isColumn(name)) {
      problems.push({
        row: 1,
        column: name,
        message: `Unknown column "${name}". The columns are: ${COLUMN_LIST}.`,
      });
    } else if (at.has(name)) {
      problems.push({ row: 1, column: name, message: `Column "${name}" appears twice.` });
    } else at.set(name, index);
  });
  for (const column of REQUIRED_COLUMNS)
    if (!at.has(column))
      problems.push({ row: 1, column, message: `Column "${column}" is missing.` });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, at };
}

/** Where a problem the product form reports belongs in the file. */
function columnOf(path: readonly PropertyKey[]): string {
  const [field, key] = path.map(String);
  if (field === 'specs' && key !== undefined && isColumn(key)) return key;
  return field !== undefined && isColumn(field) ? field : 'sizes';
}

const numberOrText = (text: string): unknown => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/**
 * One record of the file as a product, checked with the product form's own rules (the same
 * messages as the dashboard's form), each problem named by row and column.
 */
export function readRow(
  row: number,
  record: readonly string[],
  at: ReadonlyMap<CatalogColumn, number>,
  width: number,
): { ok: true; value: ImportRow } | { ok: false; problems: ImportProblem[] } {
  if (record.length !== width)
    return {
      ok: false,
      problems: [
        {
          row,
          column: '',
          message: `This row has ${String(record.length)} cells; the header has ${String(width)}.`,
        },
      ],
    };
  const cell = (column: CatalogColumn) => restoreFormula(record[at.get(column) ?? -1] ?? '');
  const problems: ImportProblem[] = [];

  const slugText = cell('slug').trim();
  if (slugText !== '' && (slugText.length > SLUG_MAX || !SLUG.test(slugText)))
    problems.push({
      row,
      column: 'slug',
      message: `A slug is lowercase letters, digits and single hyphens, at most ${String(SLUG_MAX)} characters (or blank for a new bicycle).`,
    });

  const sizes = parseSizes(cell('sizes'));
  if (sizes === null)
    problems.push({
      row,
      column: 'sizes',
      message:
        'Write each size as label:stock:smallest-tallest (e.g. M:4:165-178), separated by |.',
    });

  const specs: Record<string, unknown> = {};
  for (const column of SPEC_COLUMNS) {
    const value = numberOrText(cell(column));
    if (value !== undefined) specs[column] = value;
  }
  const parsed = productFormFieldsSchema.safeParse({
    name: cell('name'),
    brand: cell('brand'),
    category: cell('category').trim(),
    price: cell('price'),
    quantity: cell('quantity'),
    description: cell('description'),
    sizes: JSON.stringify(sizes ?? []),
    specs: JSON.stringify(specs),
  });
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = columnOf(issue.path);
      // One message a cell: the first is the one to fix.
      if (seen.has(column)) continue;
      seen.add(column);
      problems.push({ row, column, message: issue.message });
    }
  }
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  const { price, sizes: given, specs: stated, ...rest } = parsed.data;
  return {
    ok: true,
    value: {
      row,
      slug: slugText === '' ? null : slugText,
      values: { ...rest, priceCents: toCents(price), ...specColumns(stated ?? {}) },
      sizes: given ?? [],
    },
  };
}
