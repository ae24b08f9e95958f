import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverTests = ['src/server/**/*.test.ts'];

const apiProject = (kind: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `api-${kind}`,
    include: serverTests,
    // The embedded store's process-level guarantees (lock, restart) need no PostgreSQL rerun.
    exclude:
      kind === 'postgres'
        ? ['src/server/main.test.ts', '**/node_modules/**']
        : ['**/node_modules/**'],
    environment: 'node',
    env: { TEST_DB: kind },
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
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
