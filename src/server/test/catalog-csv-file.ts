import { stringify } from 'csv-stringify/sync';
import type { LightMyRequestResponse } from 'fastify';
import type { Envelope } from '#shared/contract/envelope.ts';
import type { ImportResult } from '#shared/contract/stock.ts';
import { CATALOG_COLUMNS } from '#server/modules/products/catalog-csv.columns.ts';
import { multipartBody } from './catalog-multipart.ts';
import type { TestContext } from './test-app.ts';

export type CatalogCells = Record<string, string>;

const CATEGORIES = ['Road Bicycle', 'Mountain Bike', 'Hybrid Bicycle', 'BMX Bike'];

/**
 * Rows of a generated catalog file (the import's bench and tests): half the bicycles in three
 * sizes, half in one; each `round` changes every row's price and stock, nothing else.
 */
export function generatedCatalogRows(rows: number, round: number): CatalogCells[] {
  return Array.from({ length: rows }, (_, i) => {
    const sized = i % 2 === 0;
    const stock = (i + round) % 20;
    return {
      slug: `bench-bike-${String(i)}`,
      name: `Bench Bike ${String(i)}`,
      brand: `Brand ${String(i % 40)}`,
      category: CATEGORIES[i % CATEGORIES.length] ?? 'Road Bicycle',
      price: (199 + (i % 800) + round).toFixed(2),
      description: `A bicycle for the import benchmark, number ${String(i)}.`,
      quantity: String(stock),
      sizes: sized
        ? `S:${String(stock)}:150-165|M:${String(stock + 1)}:165-178|L:${String(stock + 2)}:178-195`
        : '',
      frameMaterial: 'Aluminium',
      wheelSize: '29"',
      gears: String(1 + (i % 24)),
      weightKg: '12.5',
      brakes: 'Hydraulic disc',
      suspension: 'Hardtail',
    };
  });
}

/** The rows as a CSV file with every catalog column, in the export's order. */
export function catalogCsv(
  rows: readonly CatalogCells[],
  columns: readonly string[] = CATALOG_COLUMNS,
): Buffer {
  return Buffer.from(stringify([columns, ...rows.map((row) => columns.map((c) => row[c] ?? ''))]));
}

/** POST /products/import of a file named catalog.csv, as the dashboard sends it. */
export function importCatalogFile(
  ctx: TestContext,
  auth: Record<string, string>,
  file: Buffer,
  dryRun: boolean,
): Promise<LightMyRequestResponse> {
  const body = multipartBody({}, [
    { field: 'file', filename: 'catalog.csv', contentType: 'text/csv', data: file },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/products/import?dryRun=${String(dryRun)}`,
    payload: body.payload,
    headers: { ...body.headers, ...auth },
  });
}

export function importResultOf(res: LightMyRequestResponse): ImportResult {
  return res.json<Envelope<ImportResult>>().data;
}
