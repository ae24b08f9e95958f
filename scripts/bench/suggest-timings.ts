/**
 * One suggestion at a time, nothing cached: how long `GET /products/suggest` spends in the service
 * (and the database) for each term of the suggestion mix, by kind of term. Run against a generated
 * catalog: `node --import tsx scripts/bench/suggest-timings.ts --database-url postgres://...`
 * (or `--data-dir` for PGlite).
 */
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
  },
});

const database = await openDatabase({
  databaseUrl: values['database-url'],
  pgliteDir: values['data-dir'],
});
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

const byKind = new Map<string, { q: string; ms: number }[]>();
const all: number[] = [];
for (const q of terms) {
  const started = performance.now();
  await productSuggestions(database.db, await resolveSearch(database.db, q.trim()), imageUrls);
  const ms = performance.now() - started;
  all.push(ms);
  const list = byKind.get(kindOf(q)) ?? [];
  list.push({ q, ms });
  byKind.set(kindOf(q), list);
}
const line = (label: string, ms: number[], worst: string) => {
  const sorted = [...ms].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(12)} n=${String(sorted.length).padStart(4)} p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms ${worst}`,
  );
};
for (const [kind, list] of byKind) {
  const worst = [...list]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((t) => `"${t.q}" ${t.ms.toFixed(0)}`)
    .join(', ');
  line(kind, list.map((t) => t.ms), worst);
}
line('all', all, '');
await database.close();
