import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';

type Schema = typeof schema;

const PGLITE_SHARED_BUFFERS = '64MB';
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a statement outside Drizzle (health checks, advisory locks, LISTEN). */
  ping(): Promise<void>;
  close(): Promise<void>;
  pool?: pg.Pool;
  pglite?: PGlite;
  /** The PostgreSQL URL, for connections outside the pool (LISTEN). */
  connectionString?: string;
}

interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; omit for an in-memory one (tests). */
  pgliteDir?: string | undefined;
  /** A dump of a migrated database to start from (tests). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      idleTimeoutMillis: 30_000,
      // Every core is already busy serving other requests under load, so a parallel plan only
      // waits longer for workers that get no core (docs/performance.md, item 14).
      options: '-c max_parallel_workers_per_gather=0',
    });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => undefined);
    await pool.query('select 1');
    return {
      db: drizzleNodePg({ client: pool, schema }) as unknown as Db,
      kind: 'postgres',
      pool,
      connectionString: options.databaseUrl,
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }

  let release = (): void => undefined;
  let dataDir: string | undefined;
  if (options.pgliteDir) {
    const dir = path.resolve(options.pgliteDir);
    release = lockDataDir(dir);
    dataDir = path.join(dir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  try {
    const pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm },
      // Shared buffers live in the WebAssembly heap, which never gives memory back: PGlite's default
      // of 128 MB, filled by a large catalog, was most of the server's RSS, and a page not in them
      // is read from the data directory through the operating system's cache (docs/performance.md).
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    return {
      db: drizzlePglite({ client: pglite, schema }) as unknown as Db,
      kind: 'pglite',
      pglite,
      ping: async () => {
        await pglite.query('select 1');
      },
      close: async () => {
        try {
          await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
