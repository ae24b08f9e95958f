import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import pg from 'pg';
import { freePort } from '#scripts/bench/support.ts';
import { startOtherOrigin } from './support/other-origin-server.ts';
import { useWorkerStore } from './support/worker-store.ts';

export const E2E_ADMIN = {
  email: 'admin@bicycle-store.test',
  password: 'admin-pass-1234',
  name: 'Store Admin',
};

const STARTUP_BOUND_MS = 300_000;

interface Store {
  baseUrl: string;
  dataDir: string;
  otherOrigin: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server as it ships (the compiled dist/server/main.js that `npm run build` makes,
 * the built app, sandbox payments, a fresh database) on a free port, with a second front end on
 * another origin that is allowed to call its API.
 */
async function startStore(slot: number, port: number): Promise<Store> {
  const database = await storeDatabase(slot, port);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bicycle-e2e-'));
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  // Same site, another origin: a second front end that is allowed to call the API.
  const other = await startOtherOrigin(baseUrl);
  const server: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', 'dist/server/main.js'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseUrl,
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        ...(database.url ? { DATABASE_URL: database.url } : {}),
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        ADMIN_NAME: E2E_ADMIN.name,
        ACCESS_TOKEN_TTL: process.env.E2E_ACCESS_TOKEN_TTL ?? '15m',
        AUTH_RATE_LIMIT_MAX: '1000',
        ...(process.env.E2E_CLIENT_DIR ? { CLIENT_DIR: process.env.E2E_CLIENT_DIR } : {}),
        RATE_LIMIT_MAX: '100000',
        CORS_ORIGINS: other.origin,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const stop = async (): Promise<void> => {
    other.server.close();
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };
  // A fresh embedded database (initdb, migrations, the demo catalog and its pictures) starts in
  // seconds on a quiet machine; the bound only ends a run whose server never answers.
  const deadline = Date.now() + STARTUP_BOUND_MS;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with code ${String(server.exitCode)}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start within ${String(STARTUP_BOUND_MS / 1000)} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, dataDir, otherOrigin: other.origin, stop };
}

/**
 * The database of worker `slot`'s store. With E2E_DATABASE_URL (a PostgreSQL server, as CI gives),
 * the first store gets a fresh database of its own there and the others keep the embedded one, so
 * the journeys run on both kinds of database the store supports; without it, every store is
 * embedded.
 */
async function storeDatabase(
  slot: number,
  port: number,
): Promise<{ url?: string; drop(): Promise<void> }> {
  const server = process.env.E2E_DATABASE_URL;
  if (!server || slot !== 0) return { drop: () => Promise.resolve() };
  const name = `bicycle_e2e_${String(port)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists "${name}"`);
  await admin(`create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}

/**
 * One store per Playwright worker, so journeys that run at the same time never see each other's
 * orders, stock changes or settings: a worker's journeys run one after another on its own store,
 * as all of them did on the one store when there was one worker. Worker n finds its store in
 * `E2E_BASE_URL_n` (and the data directory and other origin beside it); playwright.config.ts
 * copies them to the names the journeys read (`useWorkerStore`).
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const count = Math.max(1, config.workers);
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  const results = await Promise.allSettled([...ports].map((port, slot) => startStore(slot, port)));
  const stores = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(stores.map((s) => s.stop()));
    throw failed.reason;
  }
  stores.forEach((store, index) => {
    const slot = String(index);
    process.env[`E2E_BASE_URL_${slot}`] = store.baseUrl;
    process.env[`E2E_DATA_DIR_${slot}`] = store.dataDir;
    process.env[`E2E_OTHER_ORIGIN_${slot}`] = store.otherOrigin;
  });
  // Outside a worker (the runner itself, a reporter) the first store is the store.
  useWorkerStore('0');
  return async () => {
    await Promise.all(stores.map((s) => s.stop()));
  };
}
