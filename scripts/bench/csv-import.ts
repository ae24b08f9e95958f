/**
 * The catalog import at 10,000 rows: created from scratch, then every row changed (a new price
 * and stock), through POST /products/import on the app in this process (the request's parsing,
 * checks and one transaction; no network), on PGlite and on PostgreSQL. The update is checked
 * too: prices, stock and a balanced ledger whose new lines all read "import".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { and, count, gt, max, ne, sum } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { products, productSizes, stockLedger, users } from '#server/db/schema.ts';
import { startSession } from '#server/modules/auth/sessions.ts';
import { unbalancedStock } from '#server/modules/products/stock-ledger.repository.ts';
import { catalogCsv, generatedCatalogRows } from '#server/test/catalog-csv-file.ts';

export interface CsvImportRow {
  database: string;
  rows: number;
  bytes: number;
  dryRunMs: number;
  createMs: number;
  updateMs: number;
}

function catalogFile(rows: number, round: number): Buffer {
  return catalogCsv(generatedCatalogRows(rows, round));
}

function multipart(file: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----bench-import';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function importOnce(
  app: Awaited<ReturnType<typeof buildApp>>,
  token: string,
  file: Buffer,
  dryRun: boolean,
): Promise<number> {
  const body = multipart(file);
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/products/import?dryRun=${String(dryRun)}`,
    payload: body.payload,
    headers: { ...body.headers, authorization: token },
  });
  const ms = Math.round(performance.now() - started);
  const answer = res.json<{ data?: { errors: unknown[] } }>();
  if (res.statusCode !== 200 || (answer.data?.errors.length ?? 1) > 0)
    throw new Error(`import failed: ${String(res.statusCode)} ${res.body.slice(0, 500)}`);
  return ms;
}

/**
 * The timed update is right as well as fast: every price and stock is the file's, every ledger
 * line it wrote reads "import", and every ledger adds up to its stock.
 */
async function checkImported(database: Database, rows: number, lastLine: number): Promise<void> {
  const expected = generatedCatalogRows(rows, 1);
  const [totals] = await database.db
    .select({ bicycles: count(), cents: sum(products.priceCents).mapWith(Number) })
    .from(products);
  const cents = expected.reduce((total, row) => total + Math.round(Number(row.price) * 100), 0);
  const [stock] = await database.db
    .select({ units: sum(productSizes.quantity).mapWith(Number) })
    .from(productSizes);
  const sizeStock = expected.reduce(
    (total, row) => total + (row.sizes ? 3 * Number(row.quantity) + 3 : 0),
    0,
  );
  const [wrong] = await database.db
    .select({ lines: count() })
    .from(stockLedger)
    .where(and(gt(stockLedger.id, lastLine), ne(stockLedger.reason, 'import')));
  const unbalanced = await unbalancedStock(database.db);
  const found = {
    bicycles: totals?.bicycles,
    cents: totals?.cents,
    sizeStock: stock?.units,
    notImport: wrong?.lines,
    unbalanced: unbalanced.length,
  };
  const want = { bicycles: rows, cents, sizeStock, notImport: 0, unbalanced: 0 };
  if (JSON.stringify(found) !== JSON.stringify(want))
    throw new Error(`the import wrote ${JSON.stringify(found)}, not ${JSON.stringify(want)}`);
}

async function benchOn(label: string, database: Database, rows: number): Promise<CsvImportRow> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-csv-app-'));
  try {
    await migrateDatabase(database);
    const config = loadConfig({
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      APP_URL: 'http://bench.test',
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    try {
      const [admin] = await database.db
        .insert(users)
        .values({
          name: 'Bench Admin',
          email: `bench-admin-${String(Date.now())}@example.com`,
          passwordHash: 'not-used',
          role: 'admin',
        })
        .returning();
      if (!admin) throw new Error('admin insert failed');
      const { accessToken } = await startSession(app.deps, admin);
      const first = catalogFile(rows, 0);
      const dryRunMs = await importOnce(app, accessToken, first, true);
      const createMs = await importOnce(app, accessToken, first, false);
      const [before] = await database.db.select({ last: max(stockLedger.id) }).from(stockLedger);
      const updateMs = await importOnce(app, accessToken, catalogFile(rows, 1), false);
      await checkImported(database, rows, before?.last ?? 0);
      return { database: label, rows, bytes: first.length, dryRunMs, createMs, updateMs };
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function csvImportBench(
  adminUrl: string | null,
  rows = 10_000,
): Promise<CsvImportRow[]> {
  const results: CsvImportRow[] = [];
  const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'bench-csv-pglite-'));
  const pglite = await openDatabase({ pgliteDir });
  try {
    results.push(await benchOn('PGlite (embedded)', pglite, rows));
  } finally {
    await pglite.close();
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  if (adminUrl) {
    const name = 'bicycle_bench_csv';
    const psql = (sql: string) =>
      spawnSync('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { encoding: 'utf8' });
    psql(`drop database if exists "${name}" with (force)`);
    const created = psql(`create database "${name}"`);
    if (created.status !== 0) throw new Error(created.stderr);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const postgres = await openDatabase({ databaseUrl: url.toString() });
    try {
      results.push(await benchOn('PostgreSQL', postgres, rows));
    } finally {
      await postgres.close();
      psql(`drop database if exists "${name}" with (force)`);
    }
  }
  return results;
}

// Run alone: npx tsx scripts/bench/csv-import.ts [postgres admin URL]
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const rows = await csvImportBench(process.argv[2] ?? null);
  for (const r of rows) process.stdout.write(`${JSON.stringify(r)}\n`);
}
