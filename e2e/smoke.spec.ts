import { expect, test } from '@playwright/test';

test('the store front renders at /', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Explore Now' }).first()).toBeVisible();
  await expect(page).toHaveTitle(/Bi-Cycle Store/);
  expect(errors).toEqual([]);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(
    page.getByRole('heading', { name: "OOPS! THAT PAGE CAN'T BE FOUND." }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
