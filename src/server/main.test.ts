import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(dataDir: string, port: number): Running {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}

async function waitHealthy(port: number, running: Running): Promise<void> {
  // As long as the test's own bound (240 s): a first start that is slow under load (initdb, every
  // migration, the demo catalog's pictures) is waited for, not failed at 90 s.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`server exited: ${running.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${String(port)}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

async function productIds(port: number): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${String(port)}/api/v1/products?limit=100`);
  const body = (await res.json()) as { data: { _id: string }[] };
  return body.data.map((p) => p._id).sort();
}

// The embedded database's process-level guarantees (the api-postgres project excludes this file).
describe('the embedded store as a process', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bicycle-main-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds once, refuses a second process on the same data, stops cleanly and keeps data across restarts', async () => {
    const port = await freePort();
    const first = start(dataDir, port);
    await waitHealthy(port, first);
    const seeded = await productIds(port);
    expect(seeded).toHaveLength(36);

    const second = start(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another Bi-Cycle Store process/);
    // The first process is unharmed.
    expect(await productIds(port)).toEqual(seeded);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const again = start(dataDir, port);
    await waitHealthy(port, again);
    expect(await productIds(port)).toEqual(seeded);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
    // Three processes start through tsx, each making its database and pictures: 20 s on a quiet
    // machine, a minute when the machine is busy. The bound only ends a server that never answers.
  }, 240_000);
});
