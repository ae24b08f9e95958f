import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Product } from '../src/shared/contract/product.ts';
import { seriousViolationsWithoutScripts } from './support/axe.ts';
import { card, cards, createBicycle } from './support/store-catalog.ts';
import { uniqueBrand } from './support/unique.ts';

// A browser without scripts, or one whose scripts have not arrived: the shop's filters, order,
// chips and pages are a GET form and links the server answers (decision 034).
test.use({ javaScriptEnabled: false });

interface Line {
  name: string;
  category: string;
  price: number;
  frameMaterial: string;
}

/** Four bicycles of a brand no other journey has: two road, a mountain bike and a BMX. */
const LINES: readonly Line[] = [
  { name: 'Aero Carbon', category: 'Road Bicycle', price: 900, frameMaterial: 'Carbon' },
  { name: 'Tempo Alloy', category: 'Road Bicycle', price: 500, frameMaterial: 'Aluminium' },
  { name: 'Ridge Carbon', category: 'Mountain Bike', price: 700, frameMaterial: 'Carbon' },
  { name: 'Pump Steel', category: 'BMX Bike', price: 300, frameMaterial: 'Steel' },
];

async function newBicycle(request: APIRequestContext, brand: string, line: Line): Promise<Product> {
  return createBicycle(request, {
    name: `${brand} ${line.name}`,
    brand,
    category: line.category,
    price: String(line.price),
    description: 'A bicycle of its own for the journey without scripts.',
    specs: JSON.stringify({ frameMaterial: line.frameMaterial, wheelSize: '29"', gears: 11 }),
    sizes: JSON.stringify([
      { label: 'M', quantity: 4, minHeightCm: 165, maxHeightCm: 177 },
      { label: 'L', quantity: 6, minHeightCm: 175, maxHeightCm: 188 },
    ]),
  });
}

/** The shop's filter panel: the sidebar, which "Filters" shows in place on a phone. */
async function openPanel(page: Page, phone: boolean): Promise<Locator> {
  const panel = page.getByRole('complementary', { name: 'Filters' });
  if (phone) {
    // The sheet needs the scripts; "Filters" links to the sidebar, which shows in place.
    await expect(panel.getByRole('button', { name: 'Apply filters' })).toBeHidden();
    await panel.getByRole('link', { name: 'Filters', exact: true }).click();
  }
  await expect(panel.getByRole('button', { name: 'Apply filters' })).toBeVisible();
  return panel;
}

/** The header's search box; on a phone, behind its icon (a disclosure, no script needed). */
async function headerSearch(page: Page): Promise<Locator> {
  const box = page.getByRole('combobox', { name: 'Search bicycles' });
  if (!(await box.isVisible())) await page.locator('summary[aria-label="Search"]').click();
  await expect(box).toBeVisible();
  return box;
}

/** The names on the cards, in the grid's order. */
function cardNames(page: Page): Locator {
  return cards(page).getByRole('heading');
}

test.describe('the shop without scripts', () => {
  let brand: string;

  test.beforeEach(async ({ request }) => {
    brand = uniqueBrand();
    for (const line of LINES) await newBicycle(request, brand, line);
  });

  test('pages through the shop by its links', async ({ page }) => {
    await page.goto('/shop');
    await expect(cards(page)).toHaveCount(24);
    const pages = page.getByRole('navigation', { name: 'Product pages' });
    await pages.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/shop\?page=2$/);
    await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(cards(page).first()).toBeVisible();
    await pages.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(cards(page)).toHaveCount(24);
  });

  test('searches from the header, filters by category and frame, and takes filters away', async ({
    page,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    await page.goto('/shop');
    const box = await headerSearch(page);
    await box.fill(brand);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/shop\\?searchTerm=${brand}$`));
    await expect(cards(page)).toHaveCount(4);
    await expect(page.getByText('4 results')).toBeVisible();

    // A category's button sends the form with it.
    let panel = await openPanel(page, phone);
    await panel.getByRole('button', { name: 'Road Bicycle', exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`/shop\\?searchTerm=${brand}&category=Road\\+Bicycle$`),
    );
    await expect(cards(page)).toHaveCount(2);
    await expect(card(page, `${brand} Aero Carbon`)).toBeVisible();
    await expect(card(page, `${brand} Tempo Alloy`)).toBeVisible();
    await expect(page.getByText('2 results')).toBeVisible();

    // A facet's box is ticked, and "Apply filters" sends it.
    panel = await openPanel(page, phone);
    await expect(panel.getByRole('button', { name: 'Road Bicycle', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await panel
      .getByRole('group', { name: 'Frame material' })
      .getByRole('checkbox', { name: 'Carbon' })
      .check();
    await panel.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/&category=Road\+Bicycle&frameMaterial=Carbon$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, `${brand} Aero Carbon`)).toBeVisible();
    await expect(page.getByText('1 result', { exact: true })).toBeVisible();

    // Each chip links to the shop without its filter; "Clear all" to the shop without any.
    const chips = page.getByRole('list', { name: 'Active filters' });
    await chips.getByRole('link', { name: 'Remove Road Bicycle' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop\\?searchTerm=${brand}&frameMaterial=Carbon$`));
    // By relevance, both carbon bicycles.
    await expect(cards(page)).toHaveCount(2);
    await expect(card(page, `${brand} Ridge Carbon`)).toBeVisible();
    await expect(card(page, `${brand} Aero Carbon`)).toBeVisible();
    await chips.getByRole('link', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(chips).toBeHidden();
    await expect(cards(page)).toHaveCount(24);
  });

  test('sets a price range and sorts by price', async ({ page }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    await page.goto(`/shop?searchTerm=${brand}`);
    await expect(cards(page)).toHaveCount(4);

    const panel = await openPanel(page, phone);
    await panel.getByLabel('Min price').fill('400');
    await panel.getByLabel('Max price').fill('800');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Price: low to high');
    await panel.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/shop\\?searchTerm=${brand}&minPrice=400&maxPrice=800&sort=price$`),
    );
    await expect(cardNames(page)).toHaveText([`${brand} Tempo Alloy`, `${brand} Ridge Carbon`], {
      useInnerText: true,
    });
    await expect(
      page.getByRole('list', { name: 'Active filters' }).getByRole('link', {
        name: 'Remove $400 to $800',
      }),
    ).toBeVisible();

    // The order alone, by the button beside it.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Price: high to low');
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await expect(page).toHaveURL(/minPrice=400&maxPrice=800&sort=-price$/);
    await expect(cardNames(page)).toHaveText([`${brand} Ridge Carbon`, `${brand} Tempo Alloy`], {
      useInnerText: true,
    });
  });

  test('opens a bicycle page from its card, with its sizes and specs; axe finds nothing serious', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    await page.goto(`/shop?searchTerm=${brand}&category=Mountain+Bike`);
    await expect(cards(page)).toHaveCount(1);
    expect(await seriousViolationsWithoutScripts(browser, page, testInfo, baseURL)).toEqual([]);

    const name = `${brand} Ridge Carbon`;
    await card(page, name).getByRole('link', { name }).first().click();
    await expect(page).toHaveURL(/\/bikes\/[a-z0-9-]+$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(main.getByText(/^\$700(\.00)?$/).first()).toBeVisible();
    const sizes = main.getByRole('group', { name: 'Size' });
    await expect(sizes.getByRole('radio')).toHaveCount(2);
    await expect(sizes.getByText('M', { exact: true }).first()).toBeVisible();
    const specs = main.getByRole('table', { name: 'Specifications' });
    await expect(specs.getByRole('row', { name: /Frame material\s*Carbon/ })).toBeVisible();
    await expect(specs.getByRole('row', { name: /Gears\s*11/ })).toBeVisible();
    await expect(main.getByRole('img', { name: /Ridge Carbon/ }).first()).toBeVisible();
    expect(await seriousViolationsWithoutScripts(browser, page, testInfo, baseURL)).toEqual([]);
  });
});
