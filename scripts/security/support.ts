/** Pieces the security scripts share: real server processes, an admin, customers, and a few figures. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, root } from '../bench/support.ts';

export const ADMIN = { email: 'security-admin@example.com', password: 'security-admin-pass-1' };
export const JWT_SECRET = 'security-scripts-secret-that-is-long-enough';
export const PG_BASE = process.env.SECURITY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

export function arg(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Server {
  child: ChildProcess;
  url: string;
  port: number;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  output: () => string;
}

/** Starts `node --import tsx src/server/main.ts` with the store's environment variables. */
export async function startServer(env: Record<string, string>, port?: number): Promise<Server> {
  const listenPort = port ?? (await freePort());
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'src/server/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(listenPort),
        APP_URL: `http://127.0.0.1:${String(listenPort)}`,
        JWT_SECRET,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000000',
        AUTH_RATE_LIMIT_MAX: '1000000',
        LOGIN_MAX_FAILURES: '1000000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-20_000)));
  child.stderr.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${String(listenPort)}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${String(child.exitCode)}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await sleep(100);
  }
  return { child, url, port: listenPort, exited, output: () => output };
}

export async function stopServer(
  server: Server,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}

export interface ApiAnswer<T> {
  status: number;
  body: {
    success: boolean;
    message: string;
    data: T;
    code?: string;
    details?: { path: string; message: string }[];
  };
  headers: Headers;
}

/** One JSON API call; throws only when the server cannot be reached. */
export async function api<T = unknown>(
  base: string,
  method: string,
  route: string,
  options: { token?: string; body?: unknown; form?: FormData; cookie?: string } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = options.token;
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | FormData | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${base}/api/v1${route}`, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: ApiAnswer<T>['body'];
  try {
    parsed = JSON.parse(text) as ApiAnswer<T>['body'];
  } catch {
    parsed = { success: false, message: text.slice(0, 200), data: undefined as T };
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** An expiry date a year ahead, so the test card stays valid whenever the scripts run. */
export function nextYearExpiry(): string {
  const d = new Date();
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String((d.getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
}

/**
 * Pays an order with the sandbox's test card on its hosted page (303 when paid). The page is
 * asked for on `base`, whatever host the checkout URL names.
 */
export async function payByCard(base: string, checkout: string): Promise<{ status: number }> {
  const res = await fetch(`${base}${new URL(checkout).pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      cardNumber: '4242 4242 4242 4242',
      expiry: nextYearExpiry(),
      cvc: '123',
      action: 'pay',
    }).toString(),
  });
  await res.text();
  return { status: res.status };
}

export async function signIn(
  base: string,
  email: string,
  password: string,
): Promise<{ token: string; cookie: string }> {
  const res = await api<{ accessToken: string }>(base, 'POST', '/auth/login', {
    body: { email, password },
  });
  if (res.status !== 200)
    throw new Error(`sign-in of ${email} failed: ${String(res.status)} ${res.body.message}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { token: res.body.data.accessToken, cookie };
}

export interface Customer {
  token: string;
  email: string;
  password: string;
}

export async function registerCustomer(base: string, label: string): Promise<Customer> {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'customer-pass-1';
  const res = await api<{ accessToken: string }>(base, 'POST', '/auth/register', {
    body: { name: `Rider ${label}`, email, password },
  });
  if (res.status !== 201)
    throw new Error(`sign-up failed: ${String(res.status)} ${res.body.message}`);
  return { token: res.body.data.accessToken, email, password };
}

export async function createProduct(
  base: string,
  adminToken: string,
  name: string,
  quantity: number,
  price = '250',
): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name,
    brand: 'Crashproof',
    category: 'Road Bicycle',
    price,
    quantity: String(quantity),
    description: 'A bicycle for the reliability scripts.',
  })) {
    form.append(k, v);
  }
  const res = await api<{ _id: string }>(base, 'POST', '/products', { token: adminToken, form });
  if (res.status !== 201)
    throw new Error(`product create failed: ${String(res.status)} ${res.body.message}`);
  return res.body.data._id;
}

/** A PostgreSQL database of its own, dropped by the returned function. */
export async function freshPostgres(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_BASE });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

export type StoreKind = 'postgres' | 'pglite';

/** A fresh place for a server's data: a data directory and, on PostgreSQL, a database of its own. */
export interface FreshStore {
  /** What the server is started with to use it. */
  env: Record<string, string>;
  /** Where the data lives: the database's URL, or the data directory. */
  location: string;
  remove: () => Promise<void>;
}

export async function freshStore(kind: StoreKind, name: string): Promise<FreshStore> {
  const pgDb = kind === 'postgres' ? await freshPostgres(`bicycle_${name}`) : undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bicycle-${name}-`));
  return {
    env: pgDb ? { DATABASE_URL: pgDb.url, DATA_DIR: dataDir } : { DATA_DIR: dataDir },
    location: pgDb?.url ?? dataDir,
    remove: async () => {
      await rm(dataDir, { recursive: true, force: true });
      await pgDb?.drop();
    },
  };
}

export interface ShopSetup {
  products: readonly { name: string; quantity: number; price?: string }[];
  /** How many customers sign up, labelled `<label><n>`. */
  customers: number;
  label: string;
}

/**
 * What a script's load needs: the admin signed in, the bicycles listed one after another, and
 * the customers signed up all at once.
 */
export async function openShop(
  base: string,
  setup: ShopSetup,
): Promise<{
  admin: { token: string; cookie: string };
  productIds: string[];
  customers: Customer[];
}> {
  const admin = await signIn(base, ADMIN.email, ADMIN.password);
  const productIds: string[] = [];
  for (const product of setup.products)
    productIds.push(
      await createProduct(base, admin.token, product.name, product.quantity, product.price),
    );
  const customers = await Promise.all(
    Array.from({ length: setup.customers }, (_, n) =>
      registerCustomer(base, `${setup.label}${String(n)}`),
    ),
  );
  return { admin, productIds, customers };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
