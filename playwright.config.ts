import { defineConfig, devices } from '@playwright/test';
import { useWorkerStore } from './e2e/support/worker-store.ts';

/**
 * The system Chromium, or the one `CHROMIUM_PATH` names: CI names Debian's headless shell
 * (package chromium-headless-shell), the same engine in the headless mode Playwright uses by
 * default, in which the journeys took a third less CPU than in the full browser (decision 040).
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// A worker loads this file again with its TEST_PARALLEL_INDEX set: its journeys use its own store.
useWorkerStore(process.env.TEST_PARALLEL_INDEX);

/**
 * One worker unless E2E_WORKERS says otherwise (CI sets two); each worker gets a store of its own
 * (e2e/global-setup.ts). On this 2-core machine two workers run the whole suite in less time than
 * one: a journey waits on Chromium and the server much of its time (docs/performance.md, "Test
 * suites").
 */
const workers = Number(process.env.E2E_WORKERS ?? 1);

/** Journeys in the system Chromium against the real server (started by e2e/global-setup.ts). */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers,
  // A journey that passes only on a second try is a bug to fix, not to hide.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A failed journey keeps its trace (each action with the page's DOM, network and console) and
    // its final screenshot. The trace's film strip is left out: Chromium encoding a frame for every
    // paint of every journey was a fifth of the journeys' CPU time (docs/performance.md, "Fifth
    // pass"), for traces that are thrown away when the journey passes.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      // Journeys that set a phone's width themselves run once, on the phone (touch, phone agent).
      testIgnore: ['**/phone-menu.spec.ts', '**/narrow-cart.spec.ts', '**/throttled-phone.spec.ts'],
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, channel: undefined },
      // What the server answers is the same for any device: the journeys that check the server's
      // pages and mails, the bundle and other clients run once, on the desktop (ssr.spec makes its
      // own phone where the device matters).
      testIgnore: [
        '**/ssr.spec.ts',
        '**/bundle.spec.ts',
        '**/mail.spec.ts',
        '**/other-origin.spec.ts',
        '**/smoke.spec.ts',
        '**/orders-two-accounts.spec.ts',
      ],
    },
  ],
});
