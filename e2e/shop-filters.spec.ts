import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { inFreshBrowser } from './support/fresh-browser.ts';
import { pageScrollY, pageWidth, scrollPageToElement, scrollToEnd } from './support/page-layout.ts';
import {
  cards,
  closeFilters,
  createBicycle,
  filterSheet,
  openFilters,
} from './support/store-catalog.ts';
import { uniqueBrand } from './support/unique.ts';

/**
 * A bicycle of the journey's own brand, so every count below is the journey's own; its name ends
 * in the brand too, so a journey that searches a bicycle's name finds this one alone.
 */
async function newBicycle(
  request: APIRequestContext,
  brand: string,
  name: string,
  category: string,
  frameMaterial: string,
): Promise<void> {
  await createBicycle(request, {
    name: `${name} ${brand}`,
    brand,
    category,
    price: '1299',
    quantity: '6',
    description: 'A bicycle of its own for the shop filters journey.',
    specs: JSON.stringify({ frameMaterial, suspension: 'Rigid' }),
  });
}

const chips = (page: Page) => page.getByRole('list', { name: 'Active filters' });

/** The names on the cards shown, in order. */
const shownNames = (page: Page) => cards(page).getByRole('heading', { level: 3 });

test.describe('the shop filters', () => {
  let brand: string;

  test.beforeEach(async ({ request }) => {
    brand = uniqueBrand();
    await newBicycle(request, brand, 'Carbon Road One', 'Road Bicycle', 'Carbon');
    await newBicycle(request, brand, 'Carbon Road Two', 'Road Bicycle', 'Carbon');
    await newBicycle(request, brand, 'Alloy Road', 'Road Bicycle', 'Aluminium');
    await newBicycle(request, brand, 'Carbon Trail', 'Mountain Bike', 'Carbon');
  });

  test('pick two facets, see their count, remove a chip, clear all, share the address', async ({
    page,
    browser,
    baseURL,
    request,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    if (phone) await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`/shop?searchTerm=${brand}&sort=name`);
    await expect(cards(page)).toHaveCount(4);
    await expect(chips(page).getByRole('link', { name: `Remove Search: ${brand}` })).toBeVisible();

    await openFilters(page);
    const sheet = filterSheet(page);
    if (phone) await expect(sheet.getByRole('button', { name: 'Show 4 results' })).toBeVisible();
    await page.getByRole('button', { name: 'Road Bicycle', exact: true }).click();
    await expect(page).toHaveURL(/category=Road\+Bicycle/);
    await page
      .getByRole('group', { name: 'Frame material' })
      .getByRole('checkbox', { name: 'Carbon' })
      .check();
    await expect(page).toHaveURL(/frameMaterial=Carbon/);
    if (phone) {
      const show = sheet.getByRole('button', { name: 'Show 2 results' });
      await expect(show).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(360);
      await closeFilters(page);
      // Closing gives focus back to the button that opened the sheet.
      await expect(page.getByRole('link', { name: 'Filters', exact: true })).toBeFocused();
    }
    // The count the sheet named is the page's.
    await expect(shownNames(page)).toHaveText([
      `Carbon Road One ${brand}`,
      `Carbon Road Two ${brand}`,
    ]);
    await expect(page.getByText('2 results', { exact: true })).toBeVisible();
    for (const name of [`Search: ${brand}`, 'Road Bicycle', 'Frame material: Carbon'])
      await expect(chips(page).getByRole('link', { name: `Remove ${name}` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    if (phone) expect(await pageWidth(page)).toBeLessThanOrEqual(360);

    // The address is the page: the server draws the chips, and another browser sees the same.
    const shared = page.url();
    const html = await (await request.get(shared)).text();
    expect(html).toContain('aria-label="Remove Frame material: Carbon"');
    await inFreshBrowser(browser, testInfo, baseURL, async (elsewhere) => {
      await elsewhere.goto(shared);
      await expect(shownNames(elsewhere)).toHaveText([
        `Carbon Road One ${brand}`,
        `Carbon Road Two ${brand}`,
      ]);
      await expect(chips(elsewhere).getByRole('link')).toHaveText([
        `Search: ${brand}`,
        'Road Bicycle',
        'Frame material: Carbon',
        'Clear all',
      ]);
    });

    // A chip takes its own filter away.
    await chips(page).getByRole('link', { name: 'Remove Frame material: Carbon' }).click();
    await expect(page).not.toHaveURL(/frameMaterial/);
    await expect(cards(page)).toHaveCount(3);
    await expect(chips(page).getByRole('link', { name: /^Remove / })).toHaveCount(2);

    // Clear all takes every one away, the search term too; the order picked stays.
    await chips(page).getByRole('link', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(/\/shop\?sort=name$/);
    await expect(chips(page)).toHaveCount(0);
  });

  test('the sections fold; on a desktop a choice low in the sidebar keeps the results in view', async ({
    page,
  }, testInfo) => {
    await page.goto(`/shop?searchTerm=${brand}`);
    await expect(cards(page)).toHaveCount(4);
    await openFilters(page);
    const phone = testInfo.project.name === 'phone';
    const panel = phone ? filterSheet(page) : page.getByRole('complementary', { name: 'Filters' });
    const material = panel.locator('summary', { hasText: 'Frame material' });
    const carbon = panel.getByRole('checkbox', { name: 'Carbon' });
    await expect(carbon).toBeVisible();
    await material.click();
    await expect(carbon).toBeHidden();
    await material.click();
    await expect(carbon).toBeVisible();

    // A rider scrolls the page to the results, then the sidebar (which scrolls on its own) to its
    // last section, and picks from it: the page stays where it was, on the results.
    const heading = page.getByRole('heading', { name: 'Bicycles', exact: true });
    const rigid = panel.getByRole('checkbox', { name: 'Rigid' });
    if (!phone) {
      // The header is 4 rem high; the sidebar sticks 6 rem from the top.
      await scrollPageToElement(page, 'shop-results', 96);
      await scrollToEnd(page, 'aside[aria-label="Filters"] > div');
      await expect(rigid).toBeInViewport({ ratio: 1 });
      await expect(heading).toBeInViewport();
    }
    const before = await pageScrollY(page);
    await rigid.check();
    await expect(page).toHaveURL(/suspension=Rigid/);
    if (!phone) {
      await expect(heading).toBeInViewport();
      expect(await pageScrollY(page)).toBe(before);
    }
    await closeFilters(page);
    await expect(cards(page)).toHaveCount(4);
  });
});
