/**
 * One suggestion at a time, nothing cached: how long `GET /products/suggest` spends in the service
 * (and the database) for each term of the suggestion mix, by kind of term, and the CPU it costs
 * (this process and its one PostgreSQL backend, from /proc, so a busy machine's waiting is left
 * out). Run against a generated
 * catalog: `node --import tsx scripts/bench/suggest-timings.ts --database-url postgres://...`
 * (or `--data-dir` for PGlite).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/db/client.ts';
import { ImageUrls } from '#server/modules/uploads/images.ts';
import { productSuggestions } from '#server/modules/products/products.suggest.ts';
import { resolveSearch } from '#server/modules/products/products.search.ts';
import { suggestMix } from './mix.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    count: { type: 'string', default: '400' },
    terms: { type: 'string' },
    /** Each term this many times, its fastest run kept: other work on the machine only adds time. */
    repeat: { type: 'string', default: '1' },
  },
});

const database = await openDatabase({
  databaseUrl: values['database-url'],
  pgliteDir: values['data-dir'],
  poolSize: 1,
});
const backend = database.pool
  ? ((await database.pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ??
    null)
  : null;
/** CPU milliseconds of this process and of the PostgreSQL backend serving it (clock ticks of 10 ms). */
const cpuMs = () => {
  const own = process.cpuUsage();
  let db = 0;
  if (backend !== null) {
    const fields = readFileSync(`/proc/${String(backend)}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ');
    db = (Number(fields?.[11]) + Number(fields?.[12])) * 10;
  }
  return { node: (own.user + own.system) / 1000, db };
};

const imageUrls = new ImageUrls('http://127.0.0.1');
const terms = values.terms
  ? values.terms.split(',')
  : suggestMix()
      .slice(0, Number(values.count))
      .map((path) => new URLSearchParams(path.slice(path.indexOf('?') + 1)).get('q') ?? '');

const kindOf = (q: string) => {
  const words = q.trim().split(/\s+/);
  if (words.length > 1) return 'two words';
  return q.length <= 2 ? 'two letters' : 'one word';
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

const byKind = new Map<string, { q: string; ms: number; cpu: number }[]>();
const all: number[] = [];
let nodeCpu = 0;
let dbCpu = 0;
for (const q of terms) {
  const cpu0 = cpuMs();
  let ms = Infinity;
  for (let run = 0; run < Number(values.repeat); run += 1) {
    const started = performance.now();
    await productSuggestions(database.db, await resolveSearch(database.db, q.trim()), imageUrls);
    ms = Math.min(ms, performance.now() - started);
  }
  const cpu1 = cpuMs();
  all.push(ms);
  const list = byKind.get(kindOf(q)) ?? [];
  const runs = Number(values.repeat);
  list.push({ q, ms, cpu: (cpu1.node - cpu0.node + cpu1.db - cpu0.db) / runs });
  nodeCpu += (cpu1.node - cpu0.node) / runs;
  dbCpu += (cpu1.db - cpu0.db) / runs;
  byKind.set(kindOf(q), list);
}
const line = (label: string, ms: number[], cpu: number, worst: string) => {
  const sorted = [...ms].sort((a, b) => a - b);
  process.stdout.write(
    `${label.padEnd(12)} n=${String(sorted.length).padStart(4)} p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms, CPU ${(cpu / sorted.length).toFixed(2)} ms a request; worst ${worst}\n`,
  );
};
for (const [kind, list] of byKind) {
  const worst = [...list]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((t) => `"${t.q}" ${t.ms.toFixed(0)}`)
    .join(', ');
  line(
    kind,
    list.map((t) => t.ms),
    list.reduce((sum, t) => sum + t.cpu, 0),
    worst,
  );
}
line(
  'all',
  all,
  [...byKind.values()].flat().reduce((sum, t) => sum + t.cpu, 0),
  '',
);
await database.close();
process.stdout.write(
  `CPU a request: ${(nodeCpu / all.length).toFixed(2)} ms in Node, ${(dbCpu / all.length).toFixed(2)} ms in PostgreSQL\n`,
);
