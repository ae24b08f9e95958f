/** API throughput against the bare-server limit, hot and varied pages, on PostgreSQL or PGlite. */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogMix, suggestMix, typoMix } from './mix.ts';
import { freePort, root, sampleRss, spawnPinned, stop, waitFor } from './support.ts';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

export interface ApiRow {
  database: string;
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ratio: number | null;
  rssMiB: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  paths?: string[];
  /** Headers and bodies taken in turn, one per request. */
  variants?: { headers?: Record<string, string>; body?: string }[];
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export function runLoad(opts: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawnPinned(0, process.execPath, [
      path.join(root, 'scripts/bench/load.mjs'),
      JSON.stringify(opts),
    ]);
    let out = '';
    let err = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(out) as LoadResult);
      else reject(new Error(`load generator failed: ${err}`));
    });
  });
}

/** The built server (or `script`, another build of it) on a free port, pinned to one core. */
export async function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  script = 'dist/server/main.js',
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawnPinned(1, process.execPath, [...nodeArgs, script], {
    NODE_ENV: 'production',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    PORT: String(port),
    HOST: '127.0.0.1',
    // Image addresses on the host the pages are opened at, as a shop's own domain would have them.
    APP_URL: `http://127.0.0.1:${String(port)}`,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    ...env,
  });
  const base = `http://127.0.0.1:${String(port)}`;
  await waitFor(`${base}/api/v1/health`, child, 600_000);
  return { child, base };
}

export async function apiBench(
  database: string,
  env: Record<string, string>,
  opts: { connections: number; duration: number },
): Promise<ApiRow[]> {
  const rows: ApiRow[] = [];
  const { child, base } = await startServer(env);
  const hotPath = '/api/v1/products?limit=24';
  const categoryPath = `/api/v1/products?category=${encodeURIComponent('Mountain Bike')}&limit=24`;
  try {
    // The limit: a bare node:http server sending the very bytes of the hot page, pinned like the server.
    const bytes = Buffer.from(await (await fetch(`${base}${hotPath}`)).arrayBuffer());
    const limit = await bareLimit(bytes, 'application/json; charset=utf-8', opts);
    rows.push({
      database,
      scenario: `bare node:http (${String(bytes.length)} B)`,
      ...pick(limit),
      ratio: 1,
      rssMiB: 0,
    });

    for (const [scenario, url, paths] of [
      ['hot: /products?limit=24', `${base}${hotPath}`, undefined],
      ['hot: category page', `${base}${categoryPath}`, undefined],
      ['varied: 1,000+ filter combinations', base, catalogMix().paths],
      ['varied facets: 1,000+ filter combinations', base, catalogMix(1200, true).paths],
      ['varied suggestions: 1,000+ typed prefixes', base, suggestMix()],
      ['varied typo searches: 1,000+ slips', base, typoMix()],
    ] as const) {
      await runLoad({
        url,
        connections: opts.connections,
        duration: 2,
        ...(paths ? { paths: [...paths] } : {}),
      });
      const peak = sampleRss(child.pid);
      const result = await runLoad({ url, ...opts, ...(paths ? { paths: [...paths] } : {}) });
      rows.push({
        database,
        scenario,
        ...pick(result),
        ratio: Math.round((result.rps / Math.max(1, limit.rps)) * 100) / 100,
        rssMiB: peak(),
      });
    }
  } finally {
    await stop(child);
  }
  return rows;
}

/** The most a server on this core can do: a bare node:http server sending fixed bytes. */
export async function bareLimit(
  bytes: Buffer,
  contentType: string,
  opts: { connections: number; duration: number },
): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const bodyFile = path.join(dir, 'body');
  writeFileSync(bodyFile, bytes);
  const barePort = await freePort();
  const bare = spawnPinned(1, process.execPath, [
    path.join(root, 'scripts/bench/bare-server.mjs'),
    bodyFile,
    String(barePort),
    contentType,
  ]);
  try {
    await waitFor(`http://127.0.0.1:${String(barePort)}/`, bare);
    return await runLoad({ url: `http://127.0.0.1:${String(barePort)}/`, ...opts });
  } finally {
    await stop(bare);
    rmSync(dir, { recursive: true, force: true });
  }
}

export function pick(r: LoadResult) {
  return { rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors + r.non2xx };
}

/** A fresh PostgreSQL database filled with generated products. */
export function preparePostgres(adminUrl: string, name: string, count: number): string {
  const url = new URL(adminUrl);
  const psql = (sql: string) =>
    spawnSync('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { encoding: 'utf8' });
  psql(`drop database if exists "${name}" with (force)`);
  const created = psql(`create database "${name}"`);
  if (created.status !== 0) throw new Error(created.stderr);
  url.pathname = `/${name}`;
  const gen = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/generate-catalog.ts',
      '--count',
      String(count),
      '--database-url',
      url.toString(),
    ],
    { cwd: root, encoding: 'utf8', stdio: 'inherit' },
  );
  if (gen.status !== 0) throw new Error('catalog generation failed');
  return url.toString();
}
