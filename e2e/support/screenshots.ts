import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Keeps a picture of the page for a person to look at, in `E2E_SCREENSHOT_DIR` when it is set
 * (`E2E_SCREENSHOT_DIR=/tmp/shots npm run test:e2e`). Unset, as in CI, nothing is taken: a
 * full-page picture of a phone costs a second or more, and Playwright keeps its own of a failure.
 */
export async function keepScreenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  await page.screenshot({ path: path.join(dir, `${name.replace(/ /g, '-')}.png`), fullPage });
}
