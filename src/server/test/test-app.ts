import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App, type AppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { isTransientConflict } from '../db/pg-errors.ts';
import { manualClock } from '../lib/clock.ts';
import { readThrough } from './read-through.ts';

export type TestClock = ReturnType<typeof manualClock>;

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  clock: TestClock;
  dataDir: string;
  /** Empties every table and the uploaded images, so each test starts from a blank store. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** Opens this worker's database: PGlite from the migrated snapshot, or a PostgreSQL database of its own. */
export async function openTestDatabase(): Promise<Database> {
  if (testDbKind === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `bicycle_test_${inject('testRunId')}_${process.env.VITEST_POOL_ID ?? '0'}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        await admin.query(`create database "${name}"`).catch((error: unknown) => {
          // Two files of one worker never race, but a retry after a crash may find it made.
          if ((error as { code?: string }).code !== '42P04') throw error;
        });
      }
    } finally {
      await admin.end();
    }
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 30 });
    await migrateDatabase(database);
    return database;
  }
  const snapshot = await readFile(inject('pgliteSnapshot'));
  return openDatabase({ loadDataDir: new Blob([snapshot]) });
}

/**
 * Embedded databases whose context has closed, kept for the next context of this worker (files of
 * one worker run one after another, isolate: false keeps this module between them). A context
 * empties its database when it starts (resetDatabase), so it begins from the same blank store as
 * from the snapshot, as PostgreSQL contexts do on their worker's one database: opening a PGlite
 * from the snapshot costs about 0.7 CPU-seconds, emptying one a tenth of that.
 */
const idleEmbedded: Database[] = [];
const IDLE_EMBEDDED_MAX = 2;

async function takeTestDatabase(): Promise<Database> {
  return idleEmbedded.pop() ?? openTestDatabase();
}

/** Keeps an embedded database for the next context, or closes it (PostgreSQL: its pool). */
async function giveBackTestDatabase(database: Database): Promise<void> {
  if (database.pglite && !database.pglite.closed && idleEmbedded.length < IDLE_EMBEDDED_MAX) {
    idleEmbedded.push(database);
    return;
  }
  await database.close();
}

const TABLES = [
  'order_events',
  'addresses',
  'email_outbox',
  'password_reset_tokens',
  'stock_alerts',
  'payment_events',
  'sandbox_sessions',
  'orders',
  'locations',
  'refresh_tokens',
  'products',
  'product_search_words',
  'users',
];

/**
 * Empties every table. The truncate locks them all at once, so on a loaded machine it can meet a
 * write the previous test's requests have left in flight, and PostgreSQL ends one of the two: the
 * truncate then tries again.
 */
export async function resetDatabase(database: Database): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await database.db.execute(
        sql.raw(`truncate table ${TABLES.join(', ')} restart identity cascade`),
      );
      return;
    } catch (error) {
      if (attempt >= 3 || !isTransientConflict(error)) throw error;
    }
  }
}

/** Builds the real app on a real database, with a clock the test controls. */
export async function createTestContext(
  env: Record<string, string> = {},
  options: Partial<Omit<AppOptions, 'config' | 'database' | 'clock'>> = {},
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bicycle-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    LOGIN_MAX_FAILURES: '100000',
    MAX_UNPAID_ORDERS: '100000',
    APP_URL: 'http://store.test',
    ...env,
  });
  const database = await takeTestDatabase();
  await resetDatabase(database);
  const clock = manualClock(new Date());
  const app = await buildApp({ config, database, clock, logger: false, ...options });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    dataDir,
    reset: async () => {
      // Work that outlived its answer (a reset link's insert) would race the truncate for locks.
      await app.deps.background.settled();
      await resetDatabase(database);
      await rm(app.images.dir, { recursive: true, force: true });
    },
    close: async () => {
      await app.close();
      await giveBackTestDatabase(database);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `use` on an app of its own with these settings, and closes it whatever happens. */
export async function withTestContext<T>(
  env: Record<string, string>,
  use: (ctx: TestContext) => Promise<T>,
): Promise<T> {
  const ctx = await createTestContext(env);
  try {
    return await use(ctx);
  } finally {
    await ctx.close();
  }
}

type Lazy<T> = T | (() => T);

/**
 * One app for the enclosing `describe`: built before its first test, closed after its last. The
 * returned context reads through to that app, so tests can hold it from the start; settings that
 * depend on something a hook builds (an SMTP sink, a provider) are passed as functions.
 */
export function useTestContext(
  env: Lazy<Record<string, string>> = {},
  options: Lazy<Partial<Omit<AppOptions, 'config' | 'database' | 'clock'>>> = {},
): TestContext {
  let current: TestContext | undefined;
  beforeAll(async () => {
    current = await createTestContext(
      typeof env === 'function' ? env() : env,
      typeof options === 'function' ? options() : options,
    );
  });
  afterAll(() => current?.close());
  return readThrough((): TestContext => {
    if (!current) throw new Error('the test app is used outside its describe block');
    return current;
  });
}

/**
 * The suite's app instances: one, and on PostgreSQL a second on the same database with a
 * connection pool of its own, as two servers behind a load balancer. Both are made before any
 * data (creating a context empties the database).
 */
export function useAppInstances(
  env: Record<string, string> = {},
): () => [TestContext, ...TestContext[]] {
  const instances: TestContext[] = [];
  beforeAll(async () => {
    instances.push(await createTestContext(env));
    if (testDbKind === 'postgres') instances.push(await createTestContext(env));
  });
  afterAll(async () => {
    for (const instance of instances.reverse()) await instance.close();
  });
  return () => {
    const [first, ...rest] = instances;
    if (!first) throw new Error('the instances are used outside a test');
    return [first, ...rest];
  };
}
