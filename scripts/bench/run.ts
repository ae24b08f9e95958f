/**
 * npm run bench [-- --only api-postgres,plans,profile,scale-out,api-pglite,orders,csv-import,bundle,lighthouse] [--duration 10] [--count 100000]
 * Runs the benchmarks, prints a table and rewrites the generated part of docs/performance.md.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiBench, preparePostgres, startServer, type ApiRow } from './api.ts';
import { bundleReport, type BundleReport } from './bundle.ts';
import { catalogMix, describeMix } from './mix.ts';
import { scaleOutBench, type ScaleOutReport } from './scale-out.ts';
import { lighthouse, type LighthouseReport } from './lighthouse.ts';
import { storefrontBench } from './storefront.ts';
import { ordersBench, type OrdersReport } from './orders.ts';
import { plansBench, PLAN_BUDGET_MS, type PlanRow } from './plans.ts';
import { csvImportBench, type CsvImportRow } from './csv-import.ts';
import { profileVaried, type ProfileReport } from './profile.ts';
import { root, stop } from './support.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    count: { type: 'string', default: '100000' },
    'admin-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const parts = new Set(
  (
    values.only ??
    'api-postgres,plans,profile,scale-out,api-pglite,orders,csv-import,bundle,lighthouse'
  ).split(','),
);
const opts = { connections: Number(values.connections), duration: Number(values.duration) };
const count = Number(values.count);

const results: {
  api: ApiRow[];
  orders?: OrdersReport;
  scaleOut?: ScaleOutReport;
  bundle?: BundleReport[];
  lighthouse: LighthouseReport[];
  plans?: PlanRow[];
  profile?: { varied: ProfileReport; facets: ProfileReport };
  csvImport?: CsvImportRow[];
} = { api: [], lighthouse: [] };

function log(message: string) {
  process.stdout.write(`[bench] ${message}\n`);
}

// The API parts run the compiled server, the app parts read the built client: build both.
log('building the app and the server');
execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
const clientDir = path.join(root, 'dist/client');

if (
  parts.has('api-postgres') ||
  parts.has('plans') ||
  parts.has('profile') ||
  parts.has('scale-out') ||
  parts.has('orders')
) {
  log(`PostgreSQL: generating ${String(count)} products`);
  const url = preparePostgres(values['admin-url'], 'bicycle_bench', count);
  if (parts.has('api-postgres')) {
    log('PostgreSQL: API load');
    results.api.push(
      ...(await apiBench('PostgreSQL 15', { DATABASE_URL: url, SEED_DEMO: 'false' }, opts)),
    );
  }
  if (parts.has('plans')) {
    log('PostgreSQL: query plans and their times');
    results.plans = await plansBench(url);
  }
  if (parts.has('profile')) {
    log('PostgreSQL: where a varied request spends its time');
    results.profile = {
      varied: await profileVaried(url, catalogMix().paths, opts),
      facets: await profileVaried(url, catalogMix(1200, true).paths, opts),
    };
  }
  if (parts.has('scale-out')) {
    log('PostgreSQL: two instances');
    results.scaleOut = await scaleOutBench(url, opts);
  }
  if (parts.has('orders')) {
    log('PostgreSQL: orders');
    results.orders = await ordersBench(url, opts);
  }
}

if (parts.has('api-pglite')) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
  log(`PGlite: generating ${String(count)} products`);
  const gen = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/generate-catalog.ts', '--count', String(count)],
    { cwd: root, stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
  );
  if (gen.status !== 0) throw new Error('PGlite catalog generation failed');
  log('PGlite: API load');
  results.api.push(
    ...(await apiBench('PGlite (embedded)', { DATA_DIR: dataDir, SEED_DEMO: 'false' }, opts)),
  );
  rmSync(dataDir, { recursive: true, force: true });
}

if (parts.has('csv-import')) {
  log('Catalog import: 10,000 rows on PGlite and PostgreSQL');
  results.csvImport = await csvImportBench(values['admin-url']);
}

if (parts.has('bundle') || parts.has('lighthouse')) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lh-'));
  const { child, base } = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
  try {
    const first = (await (await fetch(`${base}/api/v1/products?limit=1`)).json()) as {
      data: { slug: string }[];
    };
    const productPage = `/bikes/${first.data[0]?.slug ?? ''}`;
    if (parts.has('bundle')) {
      log('JavaScript a phone downloads per page, until the network is idle');
      results.bundle = await bundleReport(clientDir, base, [
        ['/', '/'],
        ['/shop', '/shop'],
        ['/bikes/:slug', productPage],
        ['/dashboard', '/dashboard'],
      ]);
    }
    if (parts.has('lighthouse')) {
      for (const throttling of ['simulate', 'devtools'] as const) {
        for (const page of ['/', '/shop', productPage]) {
          log(`Lighthouse ${page} (${throttling})`);
          results.lighthouse.push(lighthouse(`${base}${page}`, throttling));
        }
      }
      log('Store front: hot server-rendered /shop');
      results.api.push(
        ...(await storefrontBench({ child, base }, 'PGlite (embedded), demo catalog', opts)),
      );
    }
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const lines: string[] = [];
const table = (head: string[], rows: (string | number)[][]) => {
  lines.push(`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`);
  for (const r of rows) lines.push(`| ${r.join(' | ')} |`);
  lines.push('');
};
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
lines.push(
  `Run ${new Date().toISOString()} on ${String(os.cpus().length)} x ${cpu}, ${String(Math.round(os.totalmem() / 2 ** 30))} GiB, Node ${process.version}; ` +
    `${String(opts.connections)} connections, ${String(opts.duration)} s per scenario, ${String(count)} products; server and load generator pinned to different cores.`,
  '',
);
if (results.api.length) {
  lines.push('### API: GET /products, and the server-rendered shop');
  table(
    [
      'database',
      'scenario',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'ratio to bare',
      'server RSS MiB',
    ],
    results.api.map((r) => [
      r.database,
      r.scenario,
      r.rps,
      r.p50,
      r.p99,
      r.errors,
      r.ratio ?? '',
      r.rssMiB || '',
    ]),
  );
}
if (results.api.length || results.scaleOut) {
  lines.push(
    `Varied mix (${String(catalogMix().paths.length)} pages): ${describeMix(catalogMix())}.`,
    '',
    `Facets mix (${String(catalogMix(1200, true).paths.length)} requests): ${describeMix(catalogMix(1200, true))}.`,
    '',
  );
}
if (results.scaleOut) {
  const s = results.scaleOut;
  lines.push('### Two instances on one PostgreSQL (varied mix split between them)');
  table(
    [
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'server RSS MiB',
      'a write visible on each instance after',
    ],
    [
      [
        s.rps,
        s.p50,
        s.p99,
        s.errors,
        s.rssMiB.join(' / '),
        s.visibleAfterMs.map((ms) => `${String(ms)} ms`).join(' / '),
      ],
    ],
  );
  lines.push(
    'Both instances run on the server core, so this shows that two work side by side and stay right, not that two cores double the throughput; docs/scaling.md does that arithmetic.',
    '',
  );
}
if (results.plans) {
  lines.push(
    `### Query plans of GET /products at ${String(count)} products (PostgreSQL, best of five; budget ${String(PLAN_BUDGET_MS)} ms)`,
  );
  table(
    ['check', 'found', 'holds'],
    results.plans.map((p) => [p.check, p.found.replaceAll('|', '\\|'), p.ok ? 'yes' : '**no**']),
  );
}
if (results.profile) {
  const { varied, facets } = results.profile;
  lines.push('### Where a varied request spends its time (PostgreSQL, one instance)');
  table(
    ['mix', 'req/s', 'p99 ms', 'server CPU ms per request', 'PostgreSQL CPU ms per request'],
    [
      [
        'varied pages',
        varied.rps,
        varied.p99,
        varied.nodeMsPerRequest,
        varied.postgresMsPerRequest,
      ],
      [
        'varied facets',
        facets.rps,
        facets.p99,
        facets.nodeMsPerRequest,
        facets.postgresMsPerRequest,
      ],
    ],
  );
  lines.push(
    "The server's own time on the varied pages, from its CPU profile (share of samples):",
    '',
  );
  table(
    ['part', 'share %'],
    varied.parts.filter((p) => p.share >= 0.5).map((p) => [p.part, p.share]),
  );
}
if (results.orders) {
  const o = results.orders;
  lines.push('### Orders (PostgreSQL)');
  table(
    ['scenario', 'result'],
    [
      [
        '200 concurrent orders on 10 in stock',
        `${String(o.race.succeeded)} succeeded, ${String(o.race.conflicts)} refused (409), stock left ${String(o.race.stockLeft)}`,
      ],
      [
        'sustained order creation (sandbox checkout; 40 customers, 8 bicycles)',
        `${String(o.sustained.rps)} orders/s, p50 ${String(o.sustained.p50)} ms, p99 ${String(o.sustained.p99)} ms, errors ${String(o.sustained.errors)}`,
      ],
    ],
  );
}
if (results.csvImport) {
  lines.push('### Catalog import (POST /products/import, in process)');
  table(
    ['database', 'rows', 'file KiB', 'dry run ms', 'create all ms', 'update all ms'],
    results.csvImport.map((r) => [
      r.database,
      r.rows,
      Math.round(r.bytes / 1024),
      r.dryRunMs,
      r.createMs,
      r.updateMs,
    ]),
  );
}
if (results.bundle) {
  lines.push('### JavaScript a phone downloads, until the network is idle (gzip -9)');
  table(
    [
      'route',
      'JavaScript KiB',
      'as sent (br) KiB',
      'scripts',
      'CSS KiB',
      'dashboard code included',
    ],
    results.bundle.map((b) => [
      b.route,
      b.jsKiB,
      b.jsWireKiB,
      b.chunks,
      b.cssKiB,
      b.dashboardCodeIncluded ? 'yes' : 'no',
    ]),
  );
}
if (results.lighthouse.length) {
  lines.push('### Lighthouse 12, mobile (median of 3)');
  table(
    ['page', 'throttling', 'performance', 'LCP ms', 'TBT ms', 'CLS', 'machine (benchmark index)'],
    results.lighthouse.map((l) => [
      new URL(l.url).pathname,
      l.throttling,
      l.performance,
      l.lcpMs,
      l.tbtMs,
      l.cls,
      l.benchmarkIndex,
    ]),
  );
}
const report = lines.join('\n');
process.stdout.write(`\n${report}\n`);

const doc = path.join(root, 'docs/performance.md');
const start = '<!-- bench:start -->';
const end = '<!-- bench:end -->';
const current = existsSync(doc) ? readFileSync(doc, 'utf8') : `# Performance\n\n${start}\n${end}\n`;
const [before, rest] = current.split(start);
const after = rest?.split(end)[1] ?? '\n';
writeFileSync(doc, `${before ?? ''}${start}\n${report}\n${end}${after}`);
log('docs/performance.md updated');
const broken = results.plans?.filter((p) => !p.ok) ?? [];
if (broken.length > 0) {
  log(`query plans outside their rule: ${broken.map((p) => p.check).join('; ')}`);
  process.exitCode = 1;
}
