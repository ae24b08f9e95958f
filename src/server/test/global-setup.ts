import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string;
    pgliteSnapshot: string;
  }
}

/**
 * Once per run: a migrated PGlite snapshot that every test file starts from (initdb is slow),
 * and, with TEST_DATABASE_URL, a run id that names the per-worker PostgreSQL databases.
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bicycle-test-'));
  const snapshot = path.join(dir, 'migrated.tar');
  // The PostgreSQL project's files open databases of their own (openTestDatabase), never the
  // snapshot: initdb and every migration on one core are seconds the run need not wait for.
  if (project.config.env.TEST_DB !== 'postgres') {
    const database = await openDatabase({});
    await migrateDatabase(database);
    const blob = await database.pglite?.dumpDataDir('none');
    if (!blob) throw new Error('PGlite snapshot failed');
    await writeFile(snapshot, Buffer.from(await blob.arrayBuffer()));
    await database.close();
  }

  project.provide('testRunId', runId);
  project.provide('pgliteSnapshot', snapshot);

  return async () => {
    await rm(dir, { recursive: true, force: true });
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`bicycle_test_${runId}_%`],
      );
      for (const row of rows)
        await client.query(`drop database if exists "${row.datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
}
