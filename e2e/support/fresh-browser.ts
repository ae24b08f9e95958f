import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
  TestInfo,
} from '@playwright/test';

/**
 * A second browser context on the same device as the test's own (its screen, agent and touch),
 * with `options` on top: someone else's browser, or the same browser's next page load.
 */
export function sameDeviceContext(
  browser: Browser,
  testInfo: TestInfo,
  baseURL: string | undefined,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  return browser.newContext({
    baseURL,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    ...options,
  });
}

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
  const context = await sameDeviceContext(browser, testInfo, baseURL);
  try {
    await visit(await context.newPage());
  } finally {
    await context.close();
  }
}
