/**
 * Forgot-password timing: does the answer take longer for an address that has an account? Asks
 * for a reset link for an existing account and for an unknown address, in interleaved pairs (the
 * order inside each pair alternates), against a real server, and prints the median of each side.
 * Each existing account is asked once, so every request for one does the whole work of a link
 * (the hourly limit of links per address never makes it cheaper).
 *
 *   npx tsx scripts/security/forgot-password-timing.ts [--pairs 50] [--db pglite|postgres] [--gap 50]
 *
 * `--gap` is the pause in ms after each answer, so one request's work done after its answer is
 * not counted in the next one's time. Exits 1 when the medians are more than 5 ms apart.
 */
import { randomBytes } from 'node:crypto';
import {
  arg,
  freshStore,
  percentile,
  registerCustomer,
  say,
  sleep,
  startServer,
  stopServer,
  type StoreKind,
} from './support.ts';

const pairs = Number(arg('pairs', '50'));
const gapMs = Number(arg('gap', '50'));
const kind = arg('db', 'pglite') as StoreKind;
const WARM_UP = 5;
const MAX_GAP_MS = 5;

/** One forgot-password request; its time from sending to the end of the answer, in ms. */
async function timeForgot(base: string, email: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`forgot-password answered ${String(res.status)}`);
  return ms;
}

const unknownAddress = () => `nobody-${randomBytes(6).toString('hex')}@example.com`;
const median = (values: number[]) => percentile(values, 50);
const fmt = (ms: number) => ms.toFixed(1);

const store = await freshStore(kind, 'timing');
// The mail worker's timer is part of a real server; its passes hit both sides alike.
const server = await startServer(store.env);
let failed = false;
try {
  say(`server ${server.url} on ${kind}; ${String(pairs)} pairs, ${String(gapMs)} ms apart`);
  const accounts: string[] = [];
  for (let i = 0; i < pairs + WARM_UP; i += 1) {
    accounts.push((await registerCustomer(server.url, `timing${String(i)}`)).email);
  }
  for (let i = 0; i < WARM_UP; i += 1) {
    await timeForgot(server.url, accounts.pop() ?? '');
    await timeForgot(server.url, unknownAddress());
    await sleep(gapMs);
  }

  const existing: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < pairs; i += 1) {
    const email = accounts[i] ?? '';
    const sides = [
      async () => existing.push(await timeForgot(server.url, email)),
      async () => unknown.push(await timeForgot(server.url, unknownAddress())),
    ];
    if (i % 2 === 1) sides.reverse();
    for (const side of sides) {
      await side();
      await sleep(gapMs);
    }
  }

  const gap = Math.abs(median(existing) - median(unknown));
  say('');
  say('address   requests  median ms  p10 ms  p90 ms');
  for (const [label, values] of [
    ['existing', existing],
    ['unknown ', unknown],
  ] as const) {
    say(
      `${label}  ${String(values.length).padStart(8)}  ${fmt(median(values)).padStart(9)}  ${fmt(percentile(values, 10)).padStart(6)}  ${fmt(percentile(values, 90)).padStart(6)}`,
    );
  }
  failed = gap > MAX_GAP_MS;
  say(
    `${failed ? 'FAIL' : 'PASS'}  medians ${fmt(gap)} ms apart (at most ${String(MAX_GAP_MS)} ms)`,
  );
} finally {
  await stopServer(server);
  await store.remove();
}
process.exit(failed ? 1 : 0);
