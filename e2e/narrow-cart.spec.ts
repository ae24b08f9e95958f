import { expect, test, type Page } from '@playwright/test';
import { appStarted } from './support/app-started.ts';
import { newOneSizeBicycle } from './support/store-catalog.ts';
import { expectTappable, tapAtCentre, type BrowserElement } from './support/tap.ts';

/** The narrowest phone the store is laid out for. */
test.use({ viewport: { width: 360, height: 780 } });

/** Whether the page is drawn no wider than the screen (no sideways panning). */
function fitsScreen(page: Page): Promise<boolean> {
  return page.getByRole('banner').evaluate((element: BrowserElement) => {
    const doc = element.ownerDocument;
    return doc.documentElement.scrollWidth <= (doc.defaultView?.innerWidth ?? 0);
  });
}

test('at 360 px every control of the cart is on screen and tappable, and the page fits', async ({
  page,
  request,
}, testInfo) => {
  // Bicycles of its own, with stock to add one more of (a shop's first cards may have one left).
  for (const [index, name] of ['Narrowcart', 'Slimcart'].entries()) {
    const bicycle = await newOneSizeBicycle(request, 5, name);
    await page.goto(`/bikes/${bicycle.slug}`);
    await appStarted(page);
    await page.getByRole('main').getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Cart', exact: true })).toHaveAccessibleDescription(
      index === 0 ? /^1 item/ : '2 items',
    );
  }

  await page.goto('/cart');
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  // Laid out as a grid on a phone, it is still a table with its four column headings.
  await expect(table.getByRole('columnheader')).toHaveText([
    'Product',
    'Quantity',
    'Total Price',
    'Actions',
  ]);
  const lines = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(lines).toHaveCount(2);
  expect(await fitsScreen(page)).toBe(true);

  for (const line of await lines.all()) {
    for (const name of ['Decrease quantity', 'Increase quantity', 'Remove item']) {
      const control = line.getByRole('button', { name });
      await control.scrollIntoViewIfNeeded();
      await expectTappable(control);
    }
  }
  for (const name of ['Checkout', 'Clear Cart']) {
    const control = page.getByRole('main').getByRole('button', { name });
    await control.scrollIntoViewIfNeeded();
    await expectTappable(control);
  }

  const first = lines.first();
  await first.scrollIntoViewIfNeeded();
  await tapAtCentre(first.getByRole('button', { name: 'Increase quantity' }), testInfo);
  await expect(first.getByLabel('Quantity', { exact: true })).toHaveText('2');
  await tapAtCentre(first.getByRole('button', { name: 'Remove item' }), testInfo);
  await expect(lines).toHaveCount(1);
  expect(await fitsScreen(page)).toBe(true);
});
