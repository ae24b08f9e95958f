import type { Product } from '#shared/contract/product.ts';
import { GEOMETRY_FIELDS } from '#shared/contract/geometry-fields.ts';
import type { FitFilter } from '#shared/rules/filters.ts';
import { fitCandidates, formatFit, recommendFit } from '#shared/rules/fit.ts';
import { formatGeometry } from '#shared/rules/geometry.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { GEOMETRY_INFO } from '#shared/contract/geometry-fields.ts';
import { specRows } from '#client/features/products/spec-rows.ts';

export interface CompareRow {
  key: string;
  label: string;
  /** One text per bicycle, in the columns' order. */
  cells: string[];
  /** Not every bicycle says the same. */
  differs: boolean;
}

/** How one bicycle fits the rider: the words and the sizes to mark; nothing without measurements. */
export interface ColumnFit {
  text: string | null;
  candidates: string[];
}

export function columnFit(product: Product, rider: FitFilter | null): ColumnFit {
  const sizes = product.sizes ?? [];
  if (!rider || sizes.length === 0) return { text: null, candidates: [] };
  const fit = recommendFit(sizes, { heightCm: rider.riderHeightCm, inseamCm: rider.inseamCm });
  return { text: formatFit(fit, product.category), candidates: fitCandidates(fit) };
}

/**
 * The size whose geometry a column shows and whose stock the cart takes: the one chosen, else the
 * rider's, else the first in stock, else the first. A one-size bicycle has none.
 */
export function shownSize(
  product: Product,
  chosen: string | undefined,
  fit: ColumnFit,
): string | null {
  const sizes = product.sizes ?? [];
  if (sizes.length === 0) return null;
  const known = (label: string | undefined) => sizes.find((s) => s.label === label)?.label;
  return (
    known(chosen) ??
    known(fit.candidates[0]) ??
    sizes.find((s) => s.quantity > 0)?.label ??
    sizes[0]?.label ??
    null
  );
}

export function sizesInStock(product: Product): string {
  const sizes = product.sizes ?? [];
  if (sizes.length === 0) return product.quantity > 0 ? 'One size' : 'Sold out';
  const inStock = sizes.filter((s) => s.quantity > 0).map((s) => s.label);
  return inStock.length > 0 ? inStock.join(', ') : 'Sold out';
}

function row(key: string, label: string, cells: string[]): CompareRow {
  return { key, label, cells, differs: cells.length > 1 && new Set(cells).size > 1 };
}

/**
 * The rows of the comparison, each bicycle a column: price, make, specs, sizes, the rider's size
 * and the geometry of each column's shown size. A spec or measurement no bicycle states is left
 * out; one that only some state reads "–" for the others.
 */
export function compareRows(
  products: readonly Product[],
  shown: readonly (string | null)[],
  fits: readonly ColumnFit[],
): { overview: CompareRow[]; geometry: CompareRow[] } {
  const overview: CompareRow[] = [
    row(
      'price',
      'Price',
      products.map((p) => formatPrice(p.price)),
    ),
    row(
      'brand',
      'Brand',
      products.map((p) => p.brand),
    ),
    row(
      'category',
      'Category',
      products.map((p) => p.category),
    ),
  ];
  const specs = products.map((p) => specRows(p.specs, p.category));
  const specLabels = [...new Set(specs.flatMap((rows) => rows.map((r) => r.label)))];
  for (const label of specLabels)
    overview.push(
      row(
        `spec-${label}`,
        label,
        specs.map((rows) => rows.find((r) => r.label === label)?.value ?? '–'),
      ),
    );
  overview.push(row('sizes', 'Sizes in stock', products.map(sizesInStock)));
  if (fits.some((fit) => fit.text !== null))
    overview.push(
      row(
        'fit',
        'Your size',
        fits.map((fit) => fit.text ?? '–'),
      ),
    );

  const geometryOf = products.map((p, i) => p.sizes?.find((s) => s.label === shown[i])?.geometry);
  const geometry = GEOMETRY_FIELDS.filter((field) =>
    geometryOf.some((g) => g?.[field] !== undefined),
  ).map((field) =>
    row(
      `geometry-${field}`,
      GEOMETRY_INFO[field].label,
      geometryOf.map((g) => formatGeometry(field, g?.[field])),
    ),
  );
  return { overview, geometry };
}
