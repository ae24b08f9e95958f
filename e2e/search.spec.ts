import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product } from '../src/shared/contract/product.ts';
import { pageWidth } from './support/page-layout.ts';
import { uniqueBrand } from './support/unique.ts';
import { seriousViolations } from './support/axe.ts';
import { card, cards, closeFilters, createBicycle, openFilters } from './support/store-catalog.ts';

async function newBicycle(
  request: APIRequestContext,
  brand: string,
  name: string,
  price: number,
): Promise<Product> {
  return createBicycle(request, {
    name,
    brand,
    category: 'Hybrid Bicycle',
    price: String(price),
    quantity: '3',
    description: 'A bicycle of its own for the search journey.',
  });
}

/** The header's search box; on a phone, behind its icon. */
async function headerSearch(page: Page) {
  const phoneIcon = page.locator('summary[aria-label="Search"]');
  const box = page.getByRole('combobox', { name: 'Search bicycles' });
  if (!(await box.isVisible())) {
    // The disclosure opens before the app starts; the box is focused once it has.
    await phoneIcon.first().click();
  }
  await expect(box).toBeVisible();
  return box;
}

test.describe('finding a bicycle', () => {
  let brand: string;
  let cheap: Product;
  let dear: Product;

  test.beforeEach(async ({ request }) => {
    brand = uniqueBrand();
    cheap = await newBicycle(request, brand, 'Tourer Seven', 567);
    dear = await newBicycle(request, brand, 'Granfondo Nine', 1234);
  });

  test('from the header: a brand with a typo, the suggestions by keyboard', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const box = await headerSearch(page);
    // One letter dropped from the brand.
    const typo = brand.slice(0, 5) + brand.slice(6);
    await box.fill(typo);
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(list.getByRole('option')).toHaveCount(3);
    await expect(
      list.getByRole('option', { name: new RegExp(`${brand} Granfondo Nine`) }),
    ).toBeVisible();
    await expect(
      list.getByRole('option', { name: new RegExp(`^${brand}\\b.*Brand`) }),
    ).toBeVisible();
    await expect(page.getByText('3 suggestions, use up and down arrows to review')).toBeAttached();

    await box.press('ArrowDown');
    const first = list.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await box.press('ArrowDown');
    await box.press('ArrowUp');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    expect(await seriousViolations(page)).toEqual([]);
    await box.press('Escape');
    await expect(list).toBeHidden();

    // Enter with no suggestion chosen searches the shop.
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/shop\\?searchTerm=${typo}$`));
    await expect(cards(page)).toHaveCount(2);
    await expect(card(page, cheap.name)).toBeVisible();

    // Choosing a bicycle from the list opens its page.
    const again = await headerSearch(page);
    await again.fill('');
    await again.fill(typo);
    await expect(list.getByRole('option')).toHaveCount(3);
    await again.press('ArrowDown');
    await again.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/bikes/${dear.slug}$`));
  });

  test('a term that finds nothing offers the closest real one', async ({ page }) => {
    // Three letters changed: too far to be forgiven, near enough to be suggested.
    // Each of the last three letters becomes another one (a brand may have a q there).
    const far = brand.slice(0, 9) + brand.slice(9).replace(/./g, (c) => (c === 'q' ? 'x' : 'q'));
    await page.goto(`/shop?searchTerm=${far}`);
    const results = page.getByRole('region', { name: 'Bicycles' });
    await expect(results.getByText('No products found!')).toBeVisible();
    const suggestion = page.getByRole('link', { name: brand, exact: true });
    await expect(page.getByText(`Did you mean ${brand}?`)).toBeVisible();
    await suggestion.click();
    await expect(page).toHaveURL(new RegExp(`searchTerm=${brand}`));
    await expect(cards(page)).toHaveCount(2);
  });

  test('sort by price, type a price, share a URL with only a maximum', async ({ page }) => {
    await page.goto(`/shop?searchTerm=${brand}`);
    await expect(cards(page)).toHaveCount(2);
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sort).toHaveValue('relevance');
    await sort.selectOption('-price');
    await expect(page).toHaveURL(/sort=-price/);
    await expect(cards(page).first()).toHaveAccessibleName(dear.name);
    await sort.selectOption('price');
    await expect(page).toHaveURL(/sort=price/);
    await expect(cards(page).first()).toHaveAccessibleName(cheap.name);

    // The server renders the same sorted page for the same address.
    const shared = page.url();
    await page.goto(shared);
    await expect(cards(page).first()).toHaveAccessibleName(cheap.name);

    await page.goto(`/shop?searchTerm=${brand}&maxPrice=800`);
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, cheap.name)).toBeVisible();
    await openFilters(page);
    await expect(page.getByLabel('Max price')).toHaveValue('800');
    await expect(page.getByLabel('Min price')).toHaveValue('');
    // Blank the maximum (the filter goes off), then a typed minimum alone.
    await page.getByLabel('Max price').fill('');
    await page.getByLabel('Min price').fill('1000');
    await expect(page).toHaveURL(/minPrice=1000/);
    await closeFilters(page);
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, dear.name)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a sort picked before the app has started is applied once it has', async ({ page }) => {
    // The app's code is held back; the order picked meanwhile is the select's own, read once it runs.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      if (!/\/(index|preload-helper)-[^/]+\.js$/.test(route.request().url())) await held;
      await route.continue();
    });
    await page.goto(`/shop?searchTerm=${brand}`, { waitUntil: 'commit' });
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(cards(page)).toHaveCount(2);
    await sort.selectOption('-price');
    await expect(page).not.toHaveURL(/sort=/);
    release();
    await expect(page).toHaveURL(/sort=-price/);
    await expect(sort).toHaveValue('-price');
    await expect(cards(page).first()).toHaveAccessibleName(dear.name);
  });

  test('no page is wider than a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    for (const address of ['/', `/shop?searchTerm=${brand}&sort=price`]) {
      await page.goto(address);
      await page.waitForLoadState('networkidle');
      expect(await pageWidth(page), address).toBeLessThanOrEqual(360);
    }
    const box = await headerSearch(page);
    await box.fill(brand.slice(0, 6));
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  });
});
