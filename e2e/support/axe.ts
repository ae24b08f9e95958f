import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { sameDeviceContext } from './fresh-browser.ts';

/** axe-core itself, put into the page under test (as @axe-core/playwright does). */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

// Rules axe still calls experimental, off by default, that catch real defects too: a name that
// leaves out the visible label, a paragraph styled as a heading, a data cell without a header.
const EXPERIMENTAL_RULES = Object.fromEntries(
  [
    'css-orientation-lock',
    'focus-order-semantics',
    'label-content-name-mismatch',
    'p-as-heading',
    'table-fake-caption',
    'td-has-header',
  ].map((id) => [id, { enabled: true }]),
);

// Toasts come and go over the page in sonner's own rich colours (dark text on pale): caught
// stacking or leaving, their text is faded and axe reads a contrast nobody sees.
const NOT_CHECKED = ['[data-sonner-toaster]'];

interface FiniteAnimation {
  finished: Promise<unknown>;
  effect: { getComputedTiming(): { iterations?: number } } | null;
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

interface AxeWindow {
  axe?: {
    run(
      context: { include?: string[][]; exclude: string[][] },
      options: { rules: Record<string, { enabled: boolean }>; resultTypes: string[] },
    ): Promise<{ violations: AxeViolation[] }>;
  };
}

/**
 * Waits for the page's finite animations and transitions (a toast sliding in, a dialog fading)
 * to end: half-way through, text is half transparent and axe reads a contrast nobody sees.
 * Endless ones (a spinner) are left running.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const doc = (globalThis as unknown as { document: { getAnimations(): FiniteAnimation[] } })
      .document;
    const finite = doc
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * axe's findings on the page at rest, or in the parts `within` selects, named by rule and element.
 * axe runs in the page itself and reports violations only: the store has no frames for
 * @axe-core/playwright's frame-by-frame run to reach, and that run (a helper page opened for each
 * check, every passing node sent back) took three to four times as long.
 */
export async function axeViolations(
  page: Page,
  within?: string[],
): Promise<{ rule: string; impact: string; elements: string }[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ include, exclude, rules }) => {
      const { axe } = globalThis as unknown as AxeWindow;
      if (!axe) throw new Error('axe-core is not in the page');
      const context = { ...(include && { include: include.map((s) => [s]) }), exclude };
      return (await axe.run(context, { rules, resultTypes: ['violations'] })).violations;
    },
    { include: within, exclude: NOT_CHECKED.map((s) => [s]), rules: EXPERIMENTAL_RULES },
  );
  return violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    elements: v.nodes.map((n) => n.target.join(' ')).join(', '),
  }));
}

/** Serious or critical axe findings on the page at rest, as "rule: elements". */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.rule}: ${v.elements}`);
}

/**
 * Serious axe findings on the page as a browser without scripts shows it. Axe runs as a script, so
 * the same HTML is shown in a context that runs scripts (on the same device, with the shown
 * browser's cookies), with the app's own scripts kept from loading.
 */
export async function seriousViolationsWithoutScripts(
  browser: Browser,
  shown: Page,
  info: TestInfo,
  baseURL: string | undefined,
): Promise<string[]> {
  const html = await shown.content();
  const context = await sameDeviceContext(browser, info, baseURL, {
    javaScriptEnabled: true,
    storageState: await shown.context().storageState(),
  });
  try {
    const scripted = await context.newPage();
    await scripted.route('**/*.js', (route) => route.abort());
    await scripted.route(shown.url(), (route) =>
      route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }),
    );
    await scripted.goto(shown.url());
    return await seriousViolations(scripted);
  } finally {
    await context.close();
  }
}
