/** Orders on PostgreSQL: the 200-on-10 race and sustained order creation through the sandbox provider. */
import pg from 'pg';
import { runLoad, startServer } from './api.ts';
import { stop } from './support.ts';

export interface OrdersReport {
  race: { succeeded: number; conflicts: number; stockLeft: number };
  sustained: { rps: number; p50: number; p99: number; errors: number };
}

const CUSTOMERS = 40;
const PRODUCTS = 8;

async function registerCustomer(base: string, i: number): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Bench Buyer ${String(i)}`,
      email: `bench-${String(Date.now())}-${String(i)}@example.com`,
      password: 'bench-pass-1',
    }),
  });
  const body = (await res.json()) as { data?: { accessToken?: string } };
  if (!body.data?.accessToken) throw new Error(`register failed: ${String(res.status)}`);
  return body.data.accessToken;
}

export async function ordersBench(
  databaseUrl: string,
  opts: { connections: number; duration: number },
): Promise<OrdersReport> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const insert = async (quantity: number) => {
    const { rows } = await db.query<{ id: string }>(
      `insert into products (name, brand, category, price_cents, quantity, description)
       values ('Bench Racer', 'Bench', 'Road Bicycle', 49900, $1, 'Benchmark bicycle') returning id`,
      [quantity],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('product insert failed');
    return id;
  };
  const { child, base } = await startServer({
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_MAX: '100000',
    // Each customer below places hundreds of orders in the sustained run; the limit of unpaid
    // orders per customer (3 by default) would turn all but the first three into 409s.
    MAX_UNPAID_ORDERS: '1000000',
  });
  try {
    const tokens = await Promise.all(
      Array.from({ length: CUSTOMERS }, (_, i) => registerCustomer(base, i)),
    );
    const scarce = await insert(10);
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${base}/api/v1/orders/order/create`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: tokens[i % tokens.length] ?? '',
          },
          body: JSON.stringify({ product: scarce, quantity: 1 }),
        }).then((r) => r.status),
      ),
    );
    const { rows } = await db.query<{ quantity: number }>(
      'select quantity from products where id = $1',
      [scarce],
    );
    const race = {
      succeeded: statuses.filter((s) => s === 201).length,
      conflicts: statuses.filter((s) => s === 409).length,
      stockLeft: rows[0]?.quantity ?? -1,
    };

    // A sale: many customers buying among a few bicycles at once. Orders for one bicycle queue on
    // its row lock; that queue, not the CPU, is what the p99 of this run shows.
    const plenty = await Promise.all(Array.from({ length: PRODUCTS }, () => insert(10_000_000)));
    const result = await runLoad({
      url: `${base}/api/v1/orders/order/create`,
      connections: Math.min(opts.connections, 20),
      duration: opts.duration,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      variants: tokens.map((token, i) => ({
        headers: { authorization: token },
        body: JSON.stringify({ product: plenty[i % PRODUCTS], quantity: 1 }),
      })),
    });
    return {
      race,
      sustained: {
        rps: result.rps,
        p50: result.p50,
        p99: result.p99,
        errors: result.errors + result.non2xx,
      },
    };
  } finally {
    await stop(child);
    await db.end();
  }
}
