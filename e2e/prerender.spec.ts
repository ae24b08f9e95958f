import { expect, test, type Page } from '@playwright/test';
import { cards } from './support/store-catalog.ts';

/** Hydration problems reach the console as errors; a test page must have none. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('prerendered store front', () => {
  test('/ and /shop arrive with their first screen in the HTML; other pages do not', async ({
    request,
  }) => {
    const home = await (await request.get('/')).text();
    expect(home).toContain('Ride the open road');
    expect(home).toMatch(/<link rel="preload" as="image"[^>]*hero-road-800\.webp/);
    const shop = await (await request.get('/shop')).text();
    expect(shop).toContain('Shop Now</h1>');
    const cart = await (await request.get('/cart')).text();
    expect(cart).toContain('<div id="root"></div>');
  });

  test('the app adopts the served markup instead of drawing it again', async ({ page }) => {
    const errors = consoleErrors(page);
    // Marks the hero picture the HTML parser creates, and only that element.
    // (A string: the e2e code is typed for Node, without the DOM.)
    await page.addInitScript(`
      const observer = new MutationObserver(() => {
        const img = document.querySelector('#root img');
        if (!img) return;
        img.dataset.served = 'yes';
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    `);
    await page.goto('/');
    // Interactive: the pause button of the slideshow answers.
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await expect(page.locator('#root img[data-served="yes"]')).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('a returning shopper sees the saved cart on a prerendered page', async ({ page }) => {
    const errors = consoleErrors(page);
    await page.goto('/shop');
    // Other journeys sell bicycles in the same store: pick one that is surely in stock.
    const inStock = cards(page).filter({ hasText: 'In Stock' }).first();
    await inStock.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(
      page.getByRole('button', { name: 'Cart', exact: true }),
    ).toHaveAccessibleDescription('1 item');
    // The HTML says "0 items" for everyone; the saved cart applies right after the first render.
    await page.reload();
    await expect(
      page.getByRole('button', { name: 'Cart', exact: true }),
    ).toHaveAccessibleDescription('1 item');
    await page.goto('/');
    await expect(
      page.getByRole('button', { name: 'Cart', exact: true }),
    ).toHaveAccessibleDescription('1 item');
    expect(errors).toEqual([]);
  });
});
