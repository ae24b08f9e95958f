/**
 * Two server instances on one PostgreSQL database, as behind a load balancer: the varied mix split
 * between them, and a product written in the database during the load, timed until both
 * instances' cached hot page shows it (each instance learns of changes through LISTEN/NOTIFY).
 */
import { spawnSync } from 'node:child_process';
import { catalogMix } from './mix.ts';
import { runLoad, startServer, type LoadResult } from './api.ts';
import { sampleRss, stop } from './support.ts';

export interface ScaleOutReport {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  rssMiB: number[];
  /** Milliseconds from the write's commit until each instance served the new price. */
  visibleAfterMs: number[];
}

interface Listed {
  data: { _id: string; price: number }[];
}

const HOT = '/api/v1/products?limit=24';

async function firstOnHotPage(base: string): Promise<{ _id: string; price: number }> {
  const body = (await (await fetch(`${base}${HOT}`)).json()) as Listed;
  const first = body.data[0];
  if (!first) throw new Error('the hot page is empty');
  return first;
}

async function waitForPrice(base: string, id: string, price: number, since: number) {
  for (;;) {
    const body = (await (await fetch(`${base}${HOT}`)).json()) as Listed;
    if (body.data.find((p) => p._id === id)?.price === price) return Date.now() - since;
    if (Date.now() - since > 10_000) return Number.POSITIVE_INFINITY;
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function scaleOutBench(
  databaseUrl: string,
  opts: { connections: number; duration: number },
): Promise<ScaleOutReport> {
  const env = { DATABASE_URL: databaseUrl, SEED_DEMO: 'false' };
  const instances = [await startServer(env), await startServer(env)];
  const peaks = instances.map(({ child }) => sampleRss(child.pid));
  try {
    const paths = catalogMix().paths;
    const half = Math.max(1, Math.floor(opts.connections / 2));
    const loads: Promise<LoadResult>[] = instances.map(({ base }, i) =>
      runLoad({
        url: base,
        connections: half,
        duration: opts.duration,
        // Each instance gets the whole mix, from a different starting point.
        paths: [...paths.slice(i * 600), ...paths.slice(0, i * 600)],
      }),
    );
    // Halfway through the load, one product's price changes in the database.
    await new Promise((r) => setTimeout(r, (opts.duration * 1000) / 2));
    const [first] = instances;
    if (!first) throw new Error('no instance');
    const product = await firstOnHotPage(first.base);
    const newPrice = Math.round((product.price + 1) * 100) / 100;
    const psql = spawnSync(
      'psql',
      [
        databaseUrl,
        '-v',
        'ON_ERROR_STOP=1',
        '-qc',
        `update products set price_cents = ${String(Math.round(newPrice * 100))} where id = '${product._id}'`,
      ],
      { encoding: 'utf8' },
    );
    if (psql.status !== 0) throw new Error(psql.stderr);
    const committed = Date.now();
    const visibleAfterMs = await Promise.all(
      instances.map(({ base }) => waitForPrice(base, product._id, newPrice, committed)),
    );
    const results = await Promise.all(loads);
    return {
      rps: results.reduce((sum, r) => sum + r.rps, 0),
      p50: Math.max(...results.map((r) => r.p50)),
      p99: Math.max(...results.map((r) => r.p99)),
      errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
      rssMiB: peaks.map((peak) => peak()),
      visibleAfterMs,
    };
  } finally {
    await Promise.all(instances.map(({ child }) => stop(child)));
  }
}
