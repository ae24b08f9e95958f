import type { Browser, Page, TestInfo } from '@playwright/test';

/**
 * Runs `visit` in a second browser on the same device as the test's own, which has never seen
 * the store (nothing saved, no session): what a shared address shows to someone else.
 */
export async function inFreshBrowser(
  browser: Browser,
  testInfo: TestInfo,
  baseURL: string | undefined,
  visit: (page: Page) => Promise<void>,
): Promise<void> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
  });
  try {
    await visit(await context.newPage());
  } finally {
    await context.close();
  }
}
