import type { Page } from '@playwright/test';

/** How wide the page is drawn: wider than the screen means sideways panning. */
export function pageWidth(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement.scrollWidth,
  );
}

interface Box {
  getBoundingClientRect(): { top: number };
}
interface Scroller {
  scrollTop: number;
  scrollHeight: number;
}
interface Window_ {
  scrollY: number;
  scrollTo(options: { top: number; behavior: 'instant' }): void;
  document: { getElementById(id: string): Box | null; querySelector(s: string): Scroller | null };
}

/** How far the page is scrolled down. */
export function pageScrollY(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as Window_).scrollY);
}

/** Scrolls the page, at once, so the element with `id` sits `offset` px below the top. */
export function scrollPageToElement(page: Page, id: string, offset: number): Promise<void> {
  return page.evaluate(
    ([target, gap]) => {
      const win = globalThis as unknown as Window_;
      const top = win.document.getElementById(target)?.getBoundingClientRect().top ?? 0;
      win.scrollTo({ top: top + win.scrollY - gap, behavior: 'instant' });
    },
    [id, offset] as const,
  );
}

/** Scrolls the element `selector` names to the end of its own scroll. */
export function scrollToEnd(page: Page, selector: string): Promise<void> {
  return page.evaluate((target) => {
    const box = (globalThis as unknown as Window_).document.querySelector(target);
    if (box) box.scrollTop = box.scrollHeight;
  }, selector);
}
