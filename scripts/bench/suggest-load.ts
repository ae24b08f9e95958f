/**
 * The suggestion mix (and, for comparison, the typo and varied mixes) against one server on an
 * existing generated PostgreSQL catalog, at 1 and 50 connections, the way api.ts runs them (a
 * 2-second warm-up, then the measured run). `--server` names another build of the server, so two
 * versions can be measured on the same database in one sitting:
 *   node --import tsx scripts/bench/suggest-load.ts --database-url postgres://.../db [--server dist/server/main.js]
 */
import { parseArgs } from 'node:util';
import { runLoad, startServer } from './api.ts';
import { catalogMix, suggestMix, typoMix } from './mix.ts';
import { sampleRss, stop } from './support.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    server: { type: 'string', default: 'dist/server/main.js' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '1,50' },
    mixes: { type: 'string', default: 'suggest,typo,varied,two-letter' },
  },
});
if (!values['database-url']) throw new Error('--database-url is required');

/** Two-letter terms of the catalog's words in relevance order, the shop's first page. */
function twoLetterRelevance(): string[] {
  const terms = new Set<string>();
  for (const path of suggestMix()) {
    const q = new URLSearchParams(path.slice(path.indexOf('?') + 1)).get('q') ?? '';
    terms.add(q.slice(0, 2).toLowerCase());
  }
  return [...terms].map(
    (t) =>
      `/api/v1/products?${new URLSearchParams({ searchTerm: t, sort: 'relevance', limit: '24' }).toString()}`,
  );
}

const MIXES: Record<string, () => string[]> = {
  suggest: () => suggestMix(),
  typo: () => typoMix(),
  varied: () => catalogMix().paths,
  'two-letter': twoLetterRelevance,
};

/** A fresh server for each run, so no run is served from an earlier run's cache. */
function freshServer() {
  return startServer(
    { DATABASE_URL: values['database-url'] ?? '', SEED_DEMO: 'false' },
    [],
    values.server,
  );
}

for (const connections of values.connections.split(',').map(Number)) {
  for (const mix of values.mixes.split(',')) {
    const make = MIXES[mix];
    if (!make) throw new Error(`no mix ${mix}`);
    const paths = make();
    const { child, base } = await freshServer();
    try {
      await runLoad({ url: base, connections, duration: 2, paths });
      const peak = sampleRss(child.pid);
      const result = await runLoad({
        url: base,
        connections,
        duration: Number(values.duration),
        paths,
      });
      process.stdout.write(
        `${JSON.stringify({ mix, connections, paths: paths.length, ...result, rssMiB: peak() })}\n`,
      );
    } finally {
      await stop(child);
    }
  }
}
