import { expect, test, type Locator, type Page } from '@playwright/test';
import { appStarted } from './support/app-started.ts';
import { openFilters } from './support/store-catalog.ts';

/**
 * Presses Enter on `control` once the app has started: before, the Cart link opens the cart page
 * and the dialogs' buttons do nothing yet.
 */
async function openWithKeyboard(page: Page, control: Locator, dialog: Locator): Promise<void> {
  await appStarted(page);
  await control.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
}

test('closing the cart drawer with Escape gives focus back to the Cart button', async ({
  page,
}) => {
  await page.goto('/shop');
  const cart = page.getByRole('link', { name: 'Cart', exact: true });
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await openWithKeyboard(page, cart, drawer);
  await expect(drawer.getByRole('button', { name: 'Close cart' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(cart).toBeFocused();
});

test('the size finder opens on the height and gives focus back after "Save my size"', async ({
  page,
}) => {
  await page.goto('/shop');
  await openFilters(page);
  const open = page.getByRole('button', { name: 'Find my size' });
  const finder = page.getByRole('dialog', { name: 'Find my size' });
  await openWithKeyboard(page, open, finder);
  const height = finder.getByLabel('Height (cm)');
  await expect(height).toBeFocused();
  await page.keyboard.type('175');
  await finder.getByRole('button', { name: 'Save my size' }).press('Enter');
  await expect(finder).toBeHidden();
  await expect(page.getByText('Your height: 175 cm')).toBeVisible();
  await expect(open).toBeFocused();
});
