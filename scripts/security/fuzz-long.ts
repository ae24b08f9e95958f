/**
 * The long fuzzing run: the CI fuzz suite (src/server/security/fuzz.test.ts) with many more
 * generated requests per route, on PGlite, or on PostgreSQL as well with --postgres.
 *
 *   npx tsx scripts/security/fuzz-long.ts [--runs 5000] [--seed 42] [--postgres]
 */
import { spawnSync } from 'node:child_process';
import { root } from '../bench/support.ts';
import { arg, PG_BASE, say } from './support.ts';

const runs = arg('runs', '5000');
const seed = arg('seed', '');
const postgres = process.argv.includes('--postgres');

const env: NodeJS.ProcessEnv = { ...process.env, FUZZ_RUNS: runs };
if (seed) env.FUZZ_SEED = seed;
if (postgres) env.TEST_DATABASE_URL = PG_BASE;
else delete env.TEST_DATABASE_URL;

say(
  `fuzzing every API route with ${runs} generated requests each${seed ? ` (seed ${seed})` : ''}${postgres ? ' on PGlite and PostgreSQL' : ' on PGlite'}`,
);
const started = Date.now();
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'api-pglite',
    ...(postgres ? ['--project', 'api-postgres'] : []),
    '--testTimeout',
    '0',
    '-t',
    'generated requests',
    'src/server/security/fuzz.test.ts',
  ],
  { cwd: root, env, stdio: 'inherit' },
);
say(
  `finished in ${((Date.now() - started) / 1000).toFixed(0)} s with exit code ${String(result.status)}`,
);
process.exit(result.status ?? 1);
