import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { migrationsFolder } from '../db/migrate.ts';

interface Journal {
  entries: { tag: string }[];
}

/** A database that a migration test takes from an older schema to the current one. */
export interface MigrationScratch {
  /** Applies the committed migrations up to and including `tag` on an empty database. */
  migrateThrough(tag: string): Promise<PgliteDatabase>;
  /** Applies every committed migration still missing, as a deploy does. */
  migrateRest(): Promise<void>;
}

/** A copy of the migrations folder whose journal stops after `tag`, as the repo was back then. */
async function foldersThrough(dir: string, tag: string): Promise<string> {
  const before = path.join(dir, 'before');
  await cp(migrationsFolder, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as Journal;
  const last = journal.entries.findIndex((e) => e.tag === tag);
  if (last < 0) throw new Error(`no migration tagged ${tag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  return before;
}

/**
 * An empty in-memory PGlite for the enclosing `describe`, opened before its first test and closed
 * after its last; migration tests always run on PGlite, whatever database the suite uses.
 */
export function useMigrationScratch(prefix: string): MigrationScratch {
  let dir: string | undefined;
  let database: Database | undefined;
  let db: PgliteDatabase | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    database = await openDatabase({});
  });
  afterAll(async () => {
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return {
    async migrateThrough(tag) {
      if (!dir || !database?.pglite) throw new Error('expected PGlite inside the describe block');
      db = drizzle({ client: database.pglite });
      await migrate(db, { migrationsFolder: await foldersThrough(dir, tag) });
      return db;
    },
    async migrateRest() {
      if (!db) throw new Error('migrateThrough comes first');
      await migrate(db, { migrationsFolder });
    },
  };
}
