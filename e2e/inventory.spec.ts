import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Product } from '../src/shared/contract/product.ts';
import { signInAdmin } from './support/dashboard-api.ts';
import { openDashboardAsAdmin } from './support/dashboard-session.ts';
import { expectToast } from './support/store-catalog.ts';
import { seriousViolations } from './support/axe.ts';
import { uniqueTag } from './support/unique.ts';

/** Picks a CSV for the import box, checks it (dry run) and waits for the answer. */
async function checkFile(page: Page, text: string) {
  await page
    .getByLabel('CSV file to import (up to 5 MB)')
    .setInputFiles({ name: 'catalog.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  const answered = page.waitForResponse((res) =>
    res.url().includes('/products/import?dryRun=true'),
  );
  await page.getByRole('button', { name: 'Check file' }).click();
  await answered;
}

test('the owner edits a size’s stock in place, reads its history, and re-imports the catalog with a change', async ({
  page,
  request,
}, testInfo) => {
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  // A bicycle of this journey's own: the demo catalog's stock belongs to the buying journeys.
  const admin = await signInAdmin(request);
  const name = `Ledger Tourer ${uniqueTag()}`;
  const created = await request.post('/api/v1/products', {
    headers: { Authorization: admin.token },
    multipart: {
      name,
      brand: 'Stockworks',
      category: 'Hybrid Bicycle',
      price: '640',
      description: 'A touring bicycle in two sizes.',
      sizes: JSON.stringify([
        { label: 'S', quantity: 3, minHeightCm: 150, maxHeightCm: 168 },
        { label: 'M', quantity: 4, minHeightCm: 168, maxHeightCm: 185 },
      ]),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bicycle = ((await created.json()) as { data: Product }).data;

  await openDashboardAsAdmin(page, '/dashboard/bicycle-management');
  await page.getByLabel('Search bicycles').fill(name);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByLabel('Category').selectOption('Hybrid Bicycle');
  await expect(page).toHaveURL(/category=Hybrid\+Bicycle/);
  await expect(page).toHaveURL(/searchTerm=Ledger/);
  const table = page.getByRole('table', { name: 'Inventory' });
  await expect(table.getByRole('row')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);

  // The stock of size M, changed in place.
  const stockM = table.getByLabel(`Stock of ${name}, size M`);
  await expect(stockM).toHaveValue('4');
  await stockM.fill('9');
  await table.getByRole('button', { name: `Save stock of ${name}, size M` }).click();
  await expectToast(page, `${name} M: stock 9`);
  await expect(table.getByText('12 in all')).toBeVisible();

  // ...and the line it wrote in the bicycle's stock history.
  await table.getByRole('button', { name: `Stock history of ${name}` }).click();
  const history = page.getByRole('dialog', { name: `Stock history: Stockworks ${name}` });
  const newest = history.getByRole('row').nth(1);
  await expect(newest).toContainText('+5');
  await expect(newest).toContainText('Set by admin');
  await expect(newest).toContainText('9');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // Export, keep this bicycle's row, change its price: first with a mistake the check catches.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const rows: string[][] = parse(await readFile(path), { bom: true });
  const header = rows[0] ?? [];
  const row = rows.find((r) => r[header.indexOf('slug')] === bicycle.slug);
  expect(row, 'the export has the bicycle').toBeDefined();
  expect(row?.[header.indexOf('sizes')]).toBe('S:3:150-168|M:9:168-185');
  const withPrice = (price: string) => {
    const changed = [...(row ?? [])];
    changed[header.indexOf('price')] = price;
    return stringify([header, changed]);
  };

  await checkFile(page, withPrice('seven hundred'));
  const status = page.getByRole('status').filter({ hasText: 'nothing was imported' });
  await expect(status).toContainText('1 problem: nothing was imported.');
  await expect(status).toContainText('Row 2, price: Price must be a number');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  await checkFile(page, withPrice('700.00'));
  await expect(page.getByRole('status').filter({ hasText: 'Ready to import' })).toHaveText(
    'Ready to import: 0 new, 1 changed, 0 unchanged.',
  );
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expectToast(page, 'Imported: 0 new, 1 changed, 0 unchanged.');
  await expect(table.getByText('$700.00')).toBeVisible();

  // The shop shows the new price.
  const shop = await request.get(`/api/v1/products/slug/${bicycle.slug}`);
  expect(((await shop.json()) as { data: Product }).data.price).toBe(700);
  await page.goto(`/bikes/${bicycle.slug}`);
  await expect(page.getByText('$700.00').first()).toBeVisible();
});
