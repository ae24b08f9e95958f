/**
 * Load soak: mixed browsing, sign-ins and orders (with card payments) against a real server for
 * a few minutes; prints the error rate, latency percentiles and the server's RSS over time.
 *
 * Each virtual user has customers of its own: a customer may hold one payable order per bicycle
 * (409 UNPAID_ORDER_EXISTS), so two users ordering for one customer at once would be refused.
 *
 *   npx tsx scripts/security/soak.ts [--minutes 5] [--users 8] [--db pglite|postgres]
 */
import { rssMiB } from '../bench/support.ts';
import {
  api,
  arg,
  freshStore,
  openShop,
  payByCard,
  percentile,
  say,
  sleep,
  startServer,
  stopServer,
} from './support.ts';

const minutes = Number(arg('minutes', '5'));
const users = Number(arg('users', '8'));
const kind = arg('db', 'pglite');

interface Sample {
  kind: string;
  ms: number;
  ok: boolean;
}

const samples: Sample[] = [];
const failures = new Map<string, number>();

/** Times one request; a failure is counted by kind, status and the envelope's error code. */
async function timed(
  label: string,
  expected: number[],
  work: () => Promise<{ status: number; body?: { code?: string } }>,
): Promise<void> {
  const started = performance.now();
  let status = 0;
  let code: string | undefined;
  try {
    const answer = await work();
    status = answer.status;
    code = answer.body?.code;
  } catch {
    status = -1;
  }
  const ok = expected.includes(status);
  samples.push({ kind: label, ms: performance.now() - started, ok });
  if (!ok) {
    const key = `${label} ${String(status)}${code ? ` ${code}` : ''}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
  }
}

const store = await freshStore(kind === 'postgres' ? 'postgres' : 'pglite', 'soak');
const server = await startServer(store.env);
const base = server.url;
try {
  const { productIds, customers } = await openShop(base, {
    products: Array.from({ length: 40 }, (_, i) => ({
      name: `Soak Bike ${String(i)}`,
      quantity: 100_000,
      price: String(100 + i * 7.5),
    })),
    customers: users * 2,
    label: 'soak',
  });
  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;
  const searches = [
    '',
    '?searchTerm=bike',
    '?category=Road%20Bicycle',
    '?minPrice=100&maxPrice=300',
    '?sort=price&page=2',
    '?stock=inStock&sort=-name',
    '?limit=100',
  ];

  const deadline = Date.now() + minutes * 60_000;
  const rss: { atS: number; mib: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(
    () =>
      rss.push({ atS: Math.round((Date.now() - started) / 1000), mib: rssMiB(server.child.pid) }),
    5_000,
  );

  const perUser = customers.length / users;
  const virtualUser = async (user: number) => {
    const own = customers.slice(user * perUser, (user + 1) * perUser);
    while (Date.now() < deadline) {
      const roll = Math.random();
      const customer = pick(own);
      if (roll < 0.6) {
        await timed('browse list', [200], () => api(base, 'GET', `/products${pick(searches)}`));
        await timed('browse one', [200], () => api(base, 'GET', `/products/${pick(productIds)}`));
      } else if (roll < 0.75) {
        await timed('sign-in', [200], () =>
          api(base, 'POST', '/auth/login', {
            body: { email: customer.email, password: customer.password },
          }),
        );
      } else if (roll < 0.85) {
        await timed('my orders', [200], () =>
          api(base, 'GET', '/orders', { token: customer.token }),
        );
      } else {
        let checkout = '';
        await timed('order', [201], async () => {
          const res = await api<string>(base, 'POST', '/orders/order/create', {
            token: customer.token,
            body: { product: pick(productIds), quantity: 1 },
          });
          checkout = res.status === 201 ? res.body.data : '';
          return res;
        });
        if (!checkout) continue;
        await timed('pay', [303], () => payByCard(base, checkout));
      }
      await sleep(10);
    }
  };
  say(
    `soak: ${String(minutes)} min, ${String(users)} virtual users, ${kind}, 40 bicycles, ${String(customers.length)} customers (${String(perUser)} per user)`,
  );
  await Promise.all(Array.from({ length: users }, (_, user) => virtualUser(user)));
  clearInterval(sampler);

  const errors = samples.filter((s) => !s.ok).length;
  const all = samples.map((s) => s.ms);
  say(
    `requests ${String(samples.length)}, ${(samples.length / (minutes * 60)).toFixed(1)} req/s, errors ${String(errors)} (${((100 * errors) / Math.max(1, samples.length)).toFixed(3)} %)`,
  );
  say(
    `latency ms: p50 ${percentile(all, 50).toFixed(1)}, p95 ${percentile(all, 95).toFixed(1)}, p99 ${percentile(all, 99).toFixed(1)}`,
  );
  for (const label of [...new Set(samples.map((s) => s.kind))]) {
    const ms = samples.filter((s) => s.kind === label).map((s) => s.ms);
    say(
      `  ${label.padEnd(12)} n=${String(ms.length).padStart(6)} p50 ${percentile(ms, 50).toFixed(1).padStart(7)} p95 ${percentile(ms, 95).toFixed(1).padStart(7)}`,
    );
  }
  for (const [what, count] of failures) say(`  failed: ${what} x${String(count)}`);
  const third = Math.max(1, Math.floor(rss.length / 3));
  const mean = (list: { mib: number }[]) =>
    list.reduce((a, b) => a + b.mib, 0) / Math.max(1, list.length);
  say(`RSS MiB samples (every 5 s): ${rss.map((r) => r.mib.toFixed(0)).join(' ')}`);
  say(
    `RSS first third mean ${mean(rss.slice(0, third)).toFixed(1)} MiB, last third mean ${mean(rss.slice(-third)).toFixed(1)} MiB`,
  );
  process.exitCode = errors / Math.max(1, samples.length) < 0.01 ? 0 : 1;
} finally {
  await stopServer(server);
  await store.remove();
}
