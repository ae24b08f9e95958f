import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedDemoCatalog } from './db/seed/seed.ts';
import { ensureConfiguredAdmin } from './modules/users/admin.ts';
import { projectRoot } from './project-root.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** Reads the configuration, opens and migrates the database, seeds, and serves until stopped. */
export async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? undefined : config.dataDir,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    fail(`Could not open the database: ${(error as Error).message}`);
  }

  await migrateDatabase(database);
  const app = await buildApp({
    config,
    database,
    clientDir: config.clientDir ?? path.join(projectRoot, 'dist/client'),
    orders: { sweep: true },
    mail: { worker: true },
    lowStockDigest: { schedule: true },
  });

  await ensureConfiguredAdmin(app.deps);
  if (config.seedDemo) {
    const seeded = await seedDemoCatalog(database, app.images);
    if (seeded > 0) app.log.info({ products: seeded }, 'demo catalog seeded');
  }
  if (database.kind === 'pglite') {
    app.log.info(
      'embedded database (PGlite) in %s: for trying out and small single-node shops',
      config.dataDir,
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // The first suggestion index is built before the server takes traffic (decision 033): its build
  // holds the event loop for about a second at 100,000 products, which would stall requests in
  // flight. If it cannot be read, PostgreSQL answers suggestions while it is tried again.
  await app.deps.suggestions.settled();
  await app.listen({ port: config.port, host: config.host });
}

await main();
