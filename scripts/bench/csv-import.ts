/**
 * The catalog import at 10,000 rows: created from scratch, then every row changed (a new price
 * and stock), through POST /products/import on the app in this process (the request's parsing,
 * checks and one transaction; no network), on PGlite and on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { users } from '#server/db/schema.ts';
import { startSession } from '#server/modules/auth/sessions.ts';
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
      const updateMs = await importOnce(app, accessToken, catalogFile(rows, 1), false);
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
