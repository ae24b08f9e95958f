import { expect, test, type Locator, type Page } from '@playwright/test';
import { pageWidth } from './support/page-layout.ts';
import { cards, closeFilters, listProducts, openFilters } from './support/store-catalog.ts';

/** The "N results" line above the grid, as a number. */
async function resultCount(page: Page): Promise<number> {
  const text = page.getByText(/^\d+ results?$/);
  await expect(text).toBeVisible();
  return Number((await text.textContent())?.split(' ')[0]);
}

/** The count shown beside a facet value. */
async function countOf(checkbox: Locator): Promise<number> {
  const id = await checkbox.getAttribute('aria-describedby');
  return Number(
    await checkbox
      .page()
      .locator(`[id="${id ?? ''}"]`)
      .textContent(),
  );
}

test('Find my size, then "Fits me" narrows the shop and the cards show "Your size"', async ({
  page,
  request,
}) => {
  await page.goto('/shop');
  await openFilters(page);
  const all = await resultCount(page);

  await page.getByRole('button', { name: 'Find my size' }).click();
  const finder = page.getByRole('dialog', { name: 'Find my size' });
  await finder.getByLabel('Height (cm)').fill('175');
  await finder.getByLabel('Inseam (optional) (cm)').fill('81');
  await finder.getByRole('button', { name: 'Save my size' }).click();
  await expect(finder).toBeHidden();
  await expect(page.getByText('Your height: 175 cm, inseam 81 cm')).toBeVisible();

  await page.getByRole('switch', { name: 'Fits me' }).check();
  await expect(page).toHaveURL(/riderHeightCm=175&inseamCm=81/);
  const expected = await listProducts(request, { riderHeightCm: 175, inseamCm: 81, limit: 24 });
  await expect(page.getByText(/^\d+ results?$/)).toHaveText(
    `${String(expected.meta.total)} ${expected.meta.total === 1 ? 'result' : 'results'}`,
  );
  expect(expected.meta.total).toBeLessThan(all);
  expect(expected.meta.total).toBeGreaterThan(0);
  await closeFilters(page);
  // Every bicycle left fits: each card names the rider's size.
  const shown = cards(page);
  await expect(shown).toHaveCount(Math.min(expected.meta.total, 24));
  for (const productCard of await shown.all())
    await expect(productCard.getByText(/^Your size: /)).toBeVisible();

  // The measurements are remembered on the next visit.
  await page.goto('/shop');
  await openFilters(page);
  await expect(page.getByText('Your height: 175 cm, inseam 81 cm')).toBeVisible();
});

test('facets narrow the results, and their counts match the results shown', async ({ page }) => {
  // The narrowest phones the store supports: the open filter panel fits without sideways panning.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/shop');
  await openFilters(page);

  const material = page.getByRole('group', { name: 'Frame material' });
  const aluminium = material.getByRole('checkbox', { name: 'Aluminium' });
  const predicted = await countOf(aluminium);
  expect(predicted).toBeGreaterThan(0);
  await aluminium.check();
  await expect(page).toHaveURL(/frameMaterial=Aluminium/);
  await expect.poll(() => resultCount(page)).toBe(predicted);

  // Several values of one facet: any of them matches.
  const brakes = page.getByRole('group', { name: 'Brakes' });
  const enabled = brakes.getByRole('checkbox', { disabled: false });
  await expect(enabled.first()).toBeVisible();
  const first = enabled.nth(0);
  const second = enabled.nth(1);
  const both = (await countOf(first)) + ((await second.count()) ? await countOf(second) : 0);
  await first.check();
  if ((await second.count()) > 0) await second.check();
  await expect.poll(() => resultCount(page)).toBe(both);

  // A value with no match is listed but cannot be picked.
  const sizes = page.getByRole('group', { name: 'Size' });
  await expect(sizes.getByRole('checkbox').first()).toBeVisible();
  for (const box of await sizes.getByRole('checkbox').all())
    if ((await countOf(box)) === 0) await expect(box).toBeDisabled();

  // The size facet keeps the bicycles with that size in stock.
  const size = sizes.getByRole('checkbox', { disabled: false }).first();
  const sizeCount = await countOf(size);
  await size.check();
  await expect.poll(() => resultCount(page)).toBe(sizeCount);
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  await closeFilters(page);
  await expect(cards(page)).toHaveCount(Math.min(sizeCount, 24));
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
});
