import type { Page } from '@playwright/test';

/** How wide the page is drawn: wider than the screen means sideways panning. */
export function pageWidth(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement.scrollWidth,
  );
}
