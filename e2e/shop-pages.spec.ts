import { expect, test } from '@playwright/test';
import { listProducts } from './support/store-catalog.ts';

/** The shop's page size, as its own requests ask for it. */
const SHOP_PAGE = 24;

test.describe('a page past the last', () => {
  // The server's HTML says it, before any script runs.
  test.use({ javaScriptEnabled: false });

  test('says which page is empty and links to the last page', async ({ page, request }) => {
    const { meta } = await listProducts(request, { limit: SHOP_PAGE });
    expect(meta.total).toBeGreaterThan(0);
    await page.goto('/shop?page=99');
    const results = page.getByRole('region', { name: 'Bicycles' });
    await expect(results.getByText('Page 99 is empty.')).toBeVisible();
    await expect(results.getByText('No products found!')).toHaveCount(0);
    const last = results.getByRole('link', {
      name: `Go to the last page (${String(meta.totalPages)})`,
    });
    await expect(last).toHaveAttribute('href', `/shop?page=${String(meta.totalPages)}`);
    await last.click();
    await expect(page).toHaveURL(new RegExp(`/shop\\?page=${String(meta.totalPages)}$`));
    await expect(results.getByRole('article').first()).toBeVisible();
  });
});

test('a search that matches nothing still says "No products found!"', async ({ page }) => {
  await page.goto('/shop?searchTerm=no-such-bicycle-anywhere');
  const results = page.getByRole('region', { name: 'Bicycles' });
  await expect(results.getByText('No products found!')).toBeVisible();
  await expect(results.getByText(/is empty/)).toHaveCount(0);
});
