/**
 * Scale-out: two server instances on one PostgreSQL database with Redis for shared rate limits.
 * Concurrent orders split across them never oversell; a refresh token issued by one works on the
 * other; the sign-in rate limit is counted once for both.
 *
 * A customer may hold one payable order per bicycle (409 UNPAID_ORDER_EXISTS), so every order is
 * placed by a customer of its own. Those sign-ups come from loopback addresses of their own, at
 * most the limit's worth from each, so the limit under test stays the real one.
 *
 *   npx tsx scripts/security/scale-out.ts [--orders 120] [--stock 25]
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  api,
  arg,
  freshPostgres,
  openShop,
  say,
  signIn,
  startServer,
  stopServer,
  type Customer,
  type Server,
} from './support.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const AUTH_LIMIT = 20;
const orderCount = Number(arg('orders', '120'));
const stock = Number(arg('stock', '25'));

/** A JSON POST sent from another loopback address, so its rate-limit key is its own. */
function postFrom(
  localAddress: string,
  server: Server,
  route: string,
  payload: unknown,
): Promise<{ status: number; text: string }> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        localAddress,
        method: 'POST',
        path: `/api/v1${route}`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function loginFrom(localAddress: string, server: Server, email: string): Promise<number> {
  return (
    await postFrom(localAddress, server, '/auth/login', { email, password: 'not-the-password' })
  ).status;
}

async function signUpFrom(localAddress: string, server: Server, label: string): Promise<Customer> {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'customer-pass-1';
  const res = await postFrom(localAddress, server, '/auth/register', {
    name: `Rider ${label}`,
    email,
    password,
  });
  if (res.status !== 201)
    throw new Error(`sign-up from ${localAddress} failed: ${String(res.status)} ${res.text}`);
  const { data } = JSON.parse(res.text) as { data: { accessToken: string } };
  return { token: data.accessToken, email, password };
}

/**
 * One customer per order, signed up half on each instance, AUTH_LIMIT from each address of
 * 127.0.<n>.0/24 (n from 1, chosen at random so a rerun within the minute finds fresh counters);
 * the shared-limit check below sends from 127.0.0.x.
 */
async function signUpCustomers(count: number, a: Server, b: Server): Promise<Customer[]> {
  const subnet = 1 + Math.floor(Math.random() * 254);
  if (Math.ceil(count / AUTH_LIMIT) > 254)
    throw new Error(`at most ${String(254 * AUTH_LIMIT)} orders: one /24 of sign-up addresses`);
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      signUpFrom(
        `127.0.${String(subnet)}.${String(1 + Math.floor(i / AUTH_LIMIT))}`,
        i % 2 ? b : a,
        `scale${String(i)}`,
      ),
    ),
  );
}

const db = await freshPostgres('bicycle_scale');
const dirs = [
  await mkdtemp(path.join(os.tmpdir(), 'bicycle-scale-a-')),
  await mkdtemp(path.join(os.tmpdir(), 'bicycle-scale-b-')),
];
const servers: Server[] = [];
const failed: string[] = [];
const verdict = (ok: boolean, line: string) => {
  if (!ok) failed.push(line);
  say(`${ok ? 'PASS' : 'FAIL'}  ${line}`);
};

try {
  for (const dir of dirs) {
    servers.push(
      await startServer({
        DATABASE_URL: db.url,
        DATA_DIR: dir,
        REDIS_URL,
        AUTH_RATE_LIMIT_MAX: String(AUTH_LIMIT),
      }),
    );
  }
  const [a, b] = servers as [Server, Server];
  say(
    `two instances on one PostgreSQL (${new URL(db.url).pathname.slice(1)}) with Redis: ${a.url} and ${b.url}`,
  );

  const { productIds } = await openShop(a.url, {
    products: [{ name: 'Scale-out Racer', quantity: stock }],
    customers: 0,
    label: 'scale',
  });
  const productId = productIds[0] ?? '';
  const customers = await signUpCustomers(orderCount, a, b);

  // 1. Concurrent orders for one bicycle, half through each instance.
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: orderCount }, (_, i) =>
      api<string>(i % 2 ? b.url : a.url, 'POST', '/orders/order/create', {
        token: customers[i]?.token ?? '',
        body: { product: productId, quantity: 1 },
      }),
    ),
  );
  const elapsed = performance.now() - started;
  const created = results.filter((r) => r.status === 201).length;
  // Every customer orders once, so a refusal can only be the stock running out.
  const refused = results.filter((r) => r.status === 409 && r.body.code === 'OUT_OF_STOCK').length;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const left = Number(
    (
      await client.query<{ quantity: number }>('select quantity from products where id = $1', [
        productId,
      ])
    ).rows[0]?.quantity,
  );
  const rows = Number(
    (
      await client.query<{ n: string }>('select count(*) as n from orders where product_id = $1', [
        productId,
      ])
    ).rows[0]?.n,
  );
  await client.end();
  verdict(
    created === stock && refused === orderCount - stock && left === 0 && rows === stock,
    `${String(orderCount)} concurrent orders for ${String(stock)} in stock across two instances, one customer each: ${String(created)} placed, ${String(refused)} refused (409 OUT_OF_STOCK), stock left ${String(left)}, ${String(rows)} orders stored (${elapsed.toFixed(0)} ms)`,
  );

  // 2. A session begun on one instance continues on the other.
  const session = await signIn(a.url, customers[0]?.email ?? '', customers[0]?.password ?? '');
  const refreshed = await api<{ accessToken: string }>(b.url, 'POST', '/auth/refresh-token', {
    cookie: session.cookie,
  });
  const me = await api(a.url, 'GET', '/users/me', { token: refreshed.body.data.accessToken });
  const replay = await api(a.url, 'POST', '/auth/refresh-token', { cookie: session.cookie });
  verdict(
    refreshed.status === 200 && me.status === 200 && replay.status === 401,
    `refresh token from A accepted by B (${String(refreshed.status)}), B's access token accepted by A (${String(me.status)}), the rotated token replayed on A refused (${String(replay.status)})`,
  );

  // 3. One sign-in budget for both instances: 30 attempts alternating, AUTH_RATE_LIMIT_MAX=20.
  const source = `127.0.0.${String(2 + Math.floor(Math.random() * 200))}`;
  const statuses: number[] = [];
  for (let i = 0; i < 30; i += 1)
    statuses.push(await loginFrom(source, i % 2 ? b : a, customers[1]?.email ?? ''));
  const limited = statuses.filter((s) => s === 429).length;
  verdict(
    limited === 30 - AUTH_LIMIT,
    `30 sign-in attempts from ${source} alternating A/B with a limit of ${String(AUTH_LIMIT)} a minute: ${String(30 - limited)} answered, ${String(limited)} rate limited (429) ${limited === 30 - AUTH_LIMIT ? '(shared through Redis)' : '(not shared)'}`,
  );
} finally {
  for (const server of servers) await stopServer(server);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  await db.drop();
}
say(failed.length === 0 ? 'scale-out: PASS' : 'scale-out: FAIL');
process.exitCode = failed.length === 0 ? 0 : 1;
