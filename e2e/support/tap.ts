import { expect, type Locator, type TestInfo } from '@playwright/test';

/** What the checks read in the browser (the journeys are typed without the DOM's types). */
export interface BrowserElement {
  contains(other: BrowserElement | null): boolean;
  ownerDocument: {
    elementFromPoint(x: number, y: number): BrowserElement | null;
    documentElement: { style: { overflow: string }; scrollWidth: number };
    defaultView: { innerWidth: number } | null;
  };
}

/**
 * Checks that a control is wholly on screen and is what a finger at its centre would touch: the
 * top element at that point is the control or inside it, not something covering or clipping it.
 * Answers that centre.
 */
export async function expectTappable(control: Locator): Promise<{ x: number; y: number }> {
  await expect(control).toBeInViewport({ ratio: 1 });
  const box = await control.boundingBox();
  expect(box, 'the control has a box').not.toBeNull();
  const centre = { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
  const onTop = await control.evaluate((element: BrowserElement, point) => {
    return element.contains(element.ownerDocument.elementFromPoint(point.x, point.y));
  }, centre);
  expect(onTop, 'the control is the top element at its centre').toBe(true);
  return centre;
}

/** Taps a tappable control at its centre, as a finger would (a click where there is no touch). */
export async function tapAtCentre(control: Locator, testInfo: TestInfo): Promise<void> {
  const { x, y } = await expectTappable(control);
  const page = control.page();
  if (testInfo.project.use.hasTouch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}
