import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

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

interface FiniteAnimation {
  finished: Promise<unknown>;
  effect: { getComputedTiming(): { iterations?: number } } | null;
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

/** Serious or critical axe findings on the page at rest, named by rule and element. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  // Toasts come and go over the page in sonner's own rich colours (dark text on pale): caught
  // stacking or leaving, their text is faded and axe reads a contrast nobody sees.
  const results = await new AxeBuilder({ page })
    .exclude('[data-sonner-toaster]')
    .options({ rules: EXPERIMENTAL_RULES })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
