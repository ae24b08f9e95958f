import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app has taken over the server's HTML (React's root is on #root). Until then a form
 * sent by a click is the browser's own post, which the server answers (decision 031, and
 * no-script.spec.ts): the journeys that use this are about the app's own handling, toasts and all,
 * so they type once it has started.
 */
export async function appStarted(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page
        .locator('#root')
        .evaluate((root: object) =>
          Object.keys(root).some((key) => key.startsWith('__reactContainer')),
        ),
    )
    .toBe(true);
}
