/**
 * Scale-out: two server instances on one PostgreSQL database with Redis for shared rate limits.
 * Concurrent orders split across them never oversell; a refresh token issued by one works on the
 * other; the sign-in rate limit is counted once for both.
 *
 *   npx tsx scripts/security/scale-out.ts [--orders 120] [--stock 25]
 */
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
  type Server,
} from './support.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const AUTH_LIMIT = 20;
const orderCount = Number(arg('orders', '120'));
const stock = Number(arg('stock', '25'));

/** A sign-in sent from another loopback address, so its rate-limit key is fresh. */
function loginFrom(localAddress: string, server: Server, email: string): Promise<number> {
  const body = JSON.stringify({ email, password: 'not-the-password' });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        localAddress,
        method: 'POST',
        path: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
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

  const { productIds, customers } = await openShop(a.url, {
    products: [{ name: 'Scale-out Racer', quantity: stock }],
    customers: 6,
    label: 'scale',
    customerBase: (i) => (i % 2 ? b.url : a.url),
  });
  const productId = productIds[0] ?? '';

  // 1. Concurrent orders for one bicycle, half through each instance.
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: orderCount }, (_, i) =>
      api<string>(i % 2 ? b.url : a.url, 'POST', '/orders/order/create', {
        token: customers[i % customers.length]?.token ?? '',
        body: { product: productId, quantity: 1 },
      }),
    ),
  );
  const elapsed = performance.now() - started;
  const created = results.filter((r) => r.status === 201).length;
  const refused = results.filter((r) => r.status === 409).length;
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
    `${String(orderCount)} concurrent orders for ${String(stock)} in stock across two instances: ${String(created)} placed, ${String(refused)} refused (409), stock left ${String(left)}, ${String(rows)} orders stored (${elapsed.toFixed(0)} ms)`,
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
