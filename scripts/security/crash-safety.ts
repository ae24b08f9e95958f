/**
 * Crash safety: under a steady order load, kill -9 the server at random moments, restart it, and
 * check that every acknowledged (201) order exists, that stock plus reserved units still equal the
 * starting stock, and that the database opens cleanly (amcheck on the B-tree indexes).
 *
 * A customer may hold one payable order per bicycle (409 UNPAID_ORDER_EXISTS), so each customer
 * pays every order by card before the next, and cancels one a kill left unpaid.
 *
 *   npx tsx scripts/security/crash-safety.ts [--rounds 20] [--kinds postgres,pglite]
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { lockDataDir } from '#server/db/data-dir-lock.ts';
import {
  api,
  arg,
  freshStore,
  openShop,
  payByCard,
  say,
  sleep,
  startServer,
  stopServer,
  type Server,
  type StoreKind,
} from './support.ts';

/** The most stock a bicycle may hold; far more than twenty rounds of load can buy. */
const START_STOCK = 100_000;
const WORKERS = 6;

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

interface Check {
  orders: number;
  acknowledgedMissing: number;
  stock: number;
  reserved: number;
  indexesChecked: number;
}

/** Opens the database as a fresh process would after the crash, and checks it. */
async function inspect(
  kind: StoreKind,
  location: string,
  productId: string,
  acknowledged: Set<string>,
): Promise<Check> {
  let close: () => Promise<void>;
  let query: Query;
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    query = async (text, params) =>
      (await client.query(text, params)).rows as Record<string, unknown>[];
    close = () => client.end();
    await query('create extension if not exists amcheck');
  } else {
    const release = lockDataDir(location);
    const db = await PGlite.create({
      dataDir: path.join(location, 'pglite'),
      extensions: { amcheck, pg_trgm },
    });
    query = async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows;
    close = async () => {
      await db.close();
      release();
    };
    await query('create extension if not exists amcheck');
  }
  try {
    const orders = await query(
      'select checkout_url, quantity, status from orders where product_id = $1',
      [productId],
    );
    const urls = new Set(orders.map((o) => String(o.checkout_url)));
    const acknowledgedMissing = [...acknowledged].filter((url) => !urls.has(url)).length;
    const reserved = orders
      .filter((o) => o.status !== 'Cancelled')
      .reduce((sum, o) => sum + Number(o.quantity), 0);
    const [product] = await query('select quantity from products where id = $1', [productId]);
    const indexes = await query(
      `select c.oid::regclass::text as name from pg_index i join pg_class c on c.oid = i.indexrelid
       join pg_am a on a.oid = c.relam where a.amname = 'btree' and c.relnamespace = 'public'::regnamespace`,
    );
    for (const index of indexes)
      await query('select bt_index_check($1::regclass, true)', [index.name]);
    return {
      orders: orders.length,
      acknowledgedMissing,
      stock: Number(product?.quantity),
      reserved,
      indexesChecked: indexes.length,
    };
  } finally {
    await close();
  }
}

async function run(kind: StoreKind, rounds: number): Promise<boolean> {
  say(`\n== ${kind}: ${String(rounds)} kill -9 rounds under order load ==`);
  const store = await freshStore(kind, 'crash');
  const { env, location } = store;
  let server: Server | undefined;
  const acknowledged = new Set<string>();
  let healthy = true;
  let totalAcked = 0;
  let totalFailed = 0;
  let totalPaid = 0;
  let totalUnpaidFound = 0;
  let totalCancelled = 0;
  let totalRefused = 0;
  const restartMs: number[] = [];

  try {
    server = await startServer(env);
    const port = server.port;
    const { admin, productIds, customers } = await openShop(server.url, {
      products: [{ name: 'Crash Test Roadster', quantity: START_STOCK }],
      customers: WORKERS,
      label: 'crash',
    });
    const productId = productIds[0] ?? '';
    for (let round = 1; round <= rounds; round += 1) {
      if (round > 1) {
        const started = Date.now();
        server = await startServer(env, port);
        restartMs.push(Date.now() - started);
      }
      let stop = false;
      let acked = 0;
      let failed = 0;
      let paid = 0;
      let unpaidFound = 0;
      let cancelled = 0;
      // Answers the load does not expect, by what was asked and the answer's status and code.
      const refusals = new Map<string, number>();
      const refuse = (what: string, status: number, code?: string) => {
        const key = `${what} ${String(status)}${code ? ` ${code}` : ''}`;
        refusals.set(key, (refusals.get(key) ?? 0) + 1);
      };
      const base = server.url;
      const workers = customers.map(async (customer) => {
        while (!stop) {
          try {
            const res = await api<string>(base, 'POST', '/orders/order/create', {
              token: customer.token,
              body: { product: productId, quantity: 1 + Math.floor(Math.random() * 3) },
            });
            if (res.status === 201) {
              acknowledged.add(res.body.data);
              acked += 1;
              // Paid, it no longer blocks this customer's next order of the same bicycle.
              const payment = await payByCard(base, res.body.data);
              if (payment.status === 303) paid += 1;
              else refuse('pay', payment.status);
            } else if (res.status === 409 && res.body.code === 'UNPAID_ORDER_EXISTS') {
              // A kill between the order and its payment left it payable: cancel it and go on.
              unpaidFound += 1;
              const id = res.body.details?.find((d) => d.path === 'order._id')?.message ?? '';
              const cancel = await api(base, 'PATCH', `/orders/${id}/cancel`, {
                token: customer.token,
              });
              if (cancel.status === 200) cancelled += 1;
              else refuse('cancel', cancel.status, cancel.body.code);
            } else refuse('order', res.status, res.body.code);
          } catch {
            // The server died mid-request: this order was never acknowledged.
            failed += 1;
            await sleep(5);
          }
        }
      });
      await sleep(300 + Math.random() * 2200);
      server.child.kill('SIGKILL');
      await server.exited;
      stop = true;
      await Promise.all(workers);
      totalAcked += acked;
      totalFailed += failed;
      totalPaid += paid;
      totalUnpaidFound += unpaidFound;
      totalCancelled += cancelled;
      const refused = [...refusals.values()].reduce((a, b) => a + b, 0);
      totalRefused += refused;
      const check = await inspect(kind, location, productId, acknowledged);
      const balanced = check.stock + check.reserved === START_STOCK;
      const ok = balanced && check.acknowledgedMissing === 0;
      healthy &&= ok;
      say(
        `round ${String(round).padStart(2)}: ${String(acked).padStart(4)} acknowledged, ${String(paid)} paid, ` +
          `${String(unpaidFound)} 409s for an order a kill left unpaid (${String(cancelled)} cancelled), ` +
          `${String(refused)} other refusals [${[...refusals].map(([k, n]) => `${k} x${String(n)}`).join(', ')}], ` +
          `${String(failed)} cut off; ` +
          `${String(check.orders)} orders in the database, ${String(check.acknowledgedMissing)} acknowledged missing; ` +
          `stock ${String(check.stock)} + reserved ${String(check.reserved)} = ${String(check.stock + check.reserved)} ` +
          `${balanced ? '(balanced)' : '(UNBALANCED)'}; amcheck clean on ${String(check.indexesChecked)} indexes ${ok ? 'ok' : 'FAIL'}`,
      );
    }
    // One last start proves the database opens and serves after the final kill.
    server = await startServer(env, port);
    const list = await api<unknown[]>(server.url, 'GET', '/orders?limit=1', { token: admin.token });
    healthy &&= list.status === 200;
    await stopServer(server);
  } finally {
    if (server) await stopServer(server, 'SIGKILL');
    await store.remove();
  }
  const meanRestart = restartMs.length
    ? Math.round(restartMs.reduce((a, b) => a + b, 0) / restartMs.length)
    : 0;
  say(
    `${kind}: ${healthy ? 'PASS' : 'FAIL'}: ${String(rounds)} kills, ${String(totalAcked)} acknowledged orders all present ` +
      `(${String(totalPaid)} paid; ${String(totalUnpaidFound)} 409s for an order a kill left unpaid, ${String(totalCancelled)} cancelled), ` +
      `${String(totalRefused)} other refusals, ${String(totalFailed)} requests cut off by the kills, ` +
      `mean restart to healthy ${String(meanRestart)} ms`,
  );
  return healthy;
}

const rounds = Number(arg('rounds', '20'));
const kinds = arg('kinds', 'postgres,pglite').split(',') as StoreKind[];
let allOk = true;
for (const kind of kinds) allOk = (await run(kind, rounds)) && allOk;
process.exit(allOk ? 0 : 1);
