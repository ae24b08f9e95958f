import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../global-setup.ts';

/** Fills the sign-in form the visitor has been sent to and waits to leave it. */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/sign-in$/);
}

/** Opens a dashboard screen as the admin: signs in first when the guard asks for it. */
export async function openDashboardAsAdmin(page: Page, path = '/dashboard'): Promise<void> {
  await page.goto(path);
  // The guard decides in the browser, once the dashboard code has loaded.
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await expect(signIn.or(page.getByRole('button', { name: 'Open account menu' }))).toBeVisible();
  if (await signIn.isVisible()) await fillSignIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  // The address changes as the navigation starts; the store's page stays until the dashboard's
  // code has loaded, and its header has search boxes of its own.
  await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toBeVisible();
}

/** Follows a sidebar entry; on a phone the sidebar sits behind the menu button. */
export async function goToSection(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name, exact: true })
    .click();
}

/** Searches the inventory table with its own search box and waits for the table to answer. */
export async function searchInventory(page: Page, term: string): Promise<void> {
  const answered = page.waitForResponse(
    (res) =>
      res.url().includes('/products/inventory') &&
      new URL(res.url()).searchParams.get('searchTerm') === term,
  );
  const box = page.getByRole('searchbox', { name: 'Search bicycles' });
  await box.fill(term);
  await box.press('Enter');
  await answered;
}

/** Types into the top-bar search and waits for the list to answer. */
export async function searchFor(page: Page, term: string): Promise<void> {
  const answered = page.waitForResponse(
    (res) =>
      res.url().includes('searchTerm=') &&
      new URL(res.url()).searchParams.get('searchTerm') === term,
  );
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(term);
  await answered;
}
