import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
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
 * the built app, sandbox payments, a fresh embedded database) on a free port, with a second front
 * end on another origin that is allowed to call its API.
 */
async function startStore(port: number): Promise<Store> {
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
  const results = await Promise.allSettled([...ports].map((port) => startStore(port)));
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
