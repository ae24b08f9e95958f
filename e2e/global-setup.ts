import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '#scripts/bench/support.ts';
import { startOtherOrigin } from './support/other-origin-server.ts';

export const E2E_ADMIN = {
  email: 'admin@bicycle-store.test',
  password: 'admin-pass-1234',
  name: 'Store Admin',
};

const STARTUP_BOUND_MS = 300_000;

/**
 * Starts the real server as it ships (the compiled dist/server/main.js that `npm run build` makes,
 * the built app, sandbox payments, a fresh embedded database) on a free port.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bicycle-e2e-'));
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  // Same site, another origin: a second front end that is allowed to call the API.
  const other = await startOtherOrigin(baseUrl);
  const otherOrigin = other.origin;
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
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
      CORS_ORIGINS: otherOrigin,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A fresh embedded database (initdb, migrations, the demo catalog and its pictures) starts in
  // seconds on a quiet machine; the bound only ends a run whose server never answers.
  const deadline = Date.now() + STARTUP_BOUND_MS;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`the server exited with code ${String(server.exitCode)}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`the server did not start within ${String(STARTUP_BOUND_MS / 1000)} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_OTHER_ORIGIN = otherOrigin;
  return async () => {
    other.server.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
