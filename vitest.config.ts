import { readFileSync } from 'node:fs';
import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverTests = ['src/server/**/*.test.ts'];
/**
 * Processes on the embedded database: the server's lock and restart, and the admin script as an
 * operator runs it (it starts from the run's migrated snapshot). None needs a PostgreSQL rerun.
 */
const embeddedOnly = ['src/server/main.test.ts', 'scripts/create-admin.test.ts'];
/**
 * Server files that never open the suite's database, so the database kind changes nothing they
 * run: pure functions, the configuration, Redis, and the migration tests, which take a PGlite
 * scratch database of their own from an older schema to the current one whatever the suite uses.
 * They run once, in the PGlite project. A file that builds an app or a database through
 * `src/server/test/test-app.ts` (or a helper over it) must not be listed here.
 */
const databaseKindFree = [
  'src/server/config.test.ts',
  'src/server/db/data-dir-lock.test.ts',
  'src/server/db/seed/size-geometry.test.ts',
  'src/server/db/sizes-migration.test.ts',
  'src/server/lib/background.test.ts',
  'src/server/lib/log-redaction.test.ts',
  'src/server/lib/response-cache.test.ts',
  'src/server/modules/auth/login-throttle.test.ts',
  'src/server/modules/mail/review-invitation.test.ts',
  'src/server/modules/mail/stock-alerts-migration.test.ts',
  'src/server/modules/products/product-images-migration.test.ts',
  'src/server/modules/products/products-slug-migration.test.ts',
  'src/server/modules/products/suggestion-index.test.ts',
  'src/server/modules/products/typo-distance.test.ts',
  'src/server/plugins/page-cache.test.ts',
];
for (const file of databaseKindFree) {
  if (
    /test-app|#server\/test\/(?!migration-helpers)/.test(
      readFileSync(new URL(file, import.meta.url), 'utf8'),
    )
  )
    throw new Error(`${file} opens the suite's database: it belongs in both API projects`);
}

/**
 * Client files that check which modules a page loads, and when: they need a module graph of their
 * own. Every other client file shares its worker's modules and document with the files before it
 * (importing React, the store and the routes again for each of 60 files, each with a new jsdom,
 * was two thirds of the project's CPU); `src/client/test/shared-document.ts` puts back what a
 * test may change: globals, spies, timers, storage, toasts and the address.
 */
const clientFreshModules = ['src/client/app/app-root.test.tsx'];

function clientProject(
  name: string,
  files: { include?: string[]; exclude?: string[]; isolate: boolean },
): TestProjectInlineConfiguration {
  return {
    plugins: [react()],
    test: {
      name,
      include: files.include ?? ['src/client/**/*.test.{ts,tsx}'],
      exclude: [...(files.exclude ?? []), '**/node_modules/**'],
      environment: 'jsdom',
      isolate: files.isolate,
      setupFiles: [
        'src/client/test/setup.ts',
        ...(files.isolate ? [] : ['src/client/test/shared-document.ts']),
      ],
      unstubGlobals: true,
      restoreMocks: true,
      // Typing into whole forms in jsdom shares two cores with the API projects' databases.
      testTimeout: 30_000,
    },
  };
}

const apiProject = (kind: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `api-${kind}`,
    include: kind === 'pglite' ? [...serverTests, ...embeddedOnly] : serverTests,
    exclude:
      kind === 'postgres'
        ? [...embeddedOnly, ...databaseKindFree, '**/node_modules/**']
        : ['**/node_modules/**'],
    environment: 'node',
    env: { TEST_DB: kind },
    // A worker keeps the server's modules loaded from one file to the next instead of importing
    // them again for each file. No file relies on a fresh module: every file builds its own app and
    // database (test-app.ts), and what modules keep (a password hash, a serial for test data) is
    // the same for any file.
    isolate: false,
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll returns once its condition holds; the bound (as src/server/test/eventually.ts)
    // only ends a failing test.
    expect: { poll: { timeout: 10_000 } },
  },
});

export default defineConfig({
  test: {
    // Vitest's default leaves a core to itself (one worker on two cores), but the API files spend
    // much of their time waiting on PostgreSQL, so one worker per core keeps both busy.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'shared',
          include: ['src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['scripts/create-admin.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      clientProject('client', { exclude: clientFreshModules, isolate: false }),
      clientProject('client-fresh', { include: clientFreshModules, isolate: true }),
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
