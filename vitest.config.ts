import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverTests = ['src/server/**/*.test.ts'];
/**
 * Processes on the embedded database: the server's lock and restart, and the admin script as an
 * operator runs it (it starts from the run's migrated snapshot). None needs a PostgreSQL rerun.
 */
const embeddedOnly = ['src/server/main.test.ts', 'scripts/create-admin.test.ts'];

const apiProject = (kind: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `api-${kind}`,
    include: kind === 'pglite' ? [...serverTests, ...embeddedOnly] : serverTests,
    exclude: kind === 'postgres' ? [...embeddedOnly, '**/node_modules/**'] : ['**/node_modules/**'],
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
      {
        plugins: [react()],
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/client/test/setup.ts'],
          // Typing into whole forms in jsdom shares two cores with the API projects' databases.
          testTimeout: 30_000,
        },
      },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
