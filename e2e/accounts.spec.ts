import { expect, test } from '@playwright/test';
import {
  appStarted,
  imageLoaded,
  newShopper,
  replaceStoredToken,
  storedSession,
  openAccountMenu,
  shot,
  signInInApp,
  signUpInApp,
  toast,
} from './support/account-journeys.ts';

// 64 x 64 orange square.
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDDKqJiT2zErIh7hIFCBKSh4etpohuwAdUrsgv1LtEN2IDqFdmFepfoBmxA9YrsQr1LdAM2oHpFdqHeJboBG1C9IrtQ7xLdgA2oXpFdqHeJbsAGVK/ILtS7RDdgA6pXZBfqXaIbsAHVK7IL9S7RDdiA6hXZhXqX6AZsQPWK7EK9S3QDNqB6RXah3iW6ARtQveIfHoEEgUulLgHcAAAAAElFTkSuQmCC',
  'base64',
);

test('sign-in forms show the spec messages', async ({ page }, info) => {
  await page.goto('/sign-in');
  // A click before the page has hydrated posts the empty form, and the server answers with the
  // same messages (decision 031): click until they show, whoever checked.
  await expect(async () => {
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(page.getByText('Password is required')).toBeVisible();
  await shot(page, 'sign-in', info.project.name);
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Full Name is required')).toBeVisible();
  await shot(page, 'sign-up', info.project.name);
});

test('sign in sends the visitor back to the page that required it', async ({ page }) => {
  const shopper = newShopper('back');
  await signUpInApp(page, shopper);
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(toast(page, 'Logout Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);

  // The server sends a visitor without a session to sign in, with the way back (decision 032).
  await page.goto('/orders?page=1');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Forders%3Fpage%3D1$/);
  await signInInApp(page, shopper.email, 'wrong-password');
  await expect(toast(page, 'Login successful')).toHaveCount(0);
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible();
  await signInInApp(page, shopper.email, shopper.password);
  await expect(toast(page, 'Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\?page=1$/);
  await expect(
    page.getByText('Your orders will appear here once you make a purchase!'),
  ).toBeVisible();
});

test('an expired access token is refreshed silently', async ({ page }) => {
  await signUpInApp(page, newShopper('refresh'));
  expect(await storedSession(page)).toBeTruthy();
  // Replace the access token with one the server cannot accept, as after its 15 minutes.
  await replaceStoredToken(page, 'expired.access.token');
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh-token'));
  await page.reload();
  // My Orders, opened in the app, asks for the orders with the refused token, then refreshes it.
  await appStarted(page);
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'View Orders' }).click();
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await expect(
    page.getByText('Your orders will appear here once you make a purchase!'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  await expect.poll(() => storedSession(page)).not.toContain('expired.access.token');
});

test('a refused refresh signs the visitor out', async ({ page, context }) => {
  await signUpInApp(page, newShopper('refused'));
  await context.clearCookies();
  await replaceStoredToken(page, 'expired.access.token');
  // My Orders opened in the app, whose data needs the session: the refresh is refused. (Asked of
  // the server, an account's page sends a visitor without cookies to sign in: decision 032.)
  await page.reload();
  await appStarted(page);
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'View Orders' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(
    page.getByRole('link', { name: 'Sign In', exact: true }).filter({ visible: true }),
  ).toBeVisible();
});

test('profile name and avatar change and survive a reload', async ({ page }, info) => {
  const shopper = newShopper('profile');
  await signUpInApp(page, shopper);
  await page.goto('/me');
  const update = page.getByRole('button', { name: 'Update' });
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await expect(page.getByLabel('Full Name')).toHaveValue(shopper.name);
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Remove' })).toBeDisabled();
  await expect(update).toBeDisabled();
  await expect(cancel).toBeDisabled();

  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page
    .getByLabel('Change', { exact: true })
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: AVATAR_PNG });
  await expect(page.getByRole('img', { name: 'Avatar preview' })).toBeVisible();
  await expect(update).toBeEnabled();
  await update.click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(update).toBeDisabled();
  await shot(page, 'profile', info.project.name);

  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Ada Lovelace');
  const avatar = page.getByRole('img', { name: 'Avatar preview' });
  await expect(avatar).toHaveAttribute(
    'src',
    /^http:\/\/.+\/uploads\/[a-f0-9]{32}(-thumb)?\.webp$/,
  );
  await expect.poll(() => imageLoaded(avatar)).toBe(true);

  // Remove, then Cancel restores the saved avatar.
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(avatar).toHaveCount(0);
  await cancel.click();
  await expect(page.getByRole('img', { name: 'Avatar preview' })).toBeVisible();
  await expect(update).toBeDisabled();

  await openAccountMenu(page);
  await expect(page.getByRole('menu').getByText('Ada Lovelace')).toBeVisible();
});

test('a password change works and the old password stops working', async ({ page }) => {
  const shopper = newShopper('password');
  await signUpInApp(page, shopper);
  await page.goto('/me');
  const form = page.getByRole('region', { name: 'Change Password' });
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText('Current password is required')).toBeVisible();
  await expect(form.getByText('New password must be at least 6 characters long')).toBeVisible();
  await expect(form.getByText('Confirmation password is required')).toBeVisible();

  const newPassword = `${shopper.password}-new`;
  await form.getByLabel('Current Password').fill(shopper.password);
  await form.getByLabel('New Password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm New Password').fill(`${newPassword}x`);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText('Passwords must match')).toBeVisible();

  await form.getByLabel('Confirm New Password').fill(newPassword);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Password changed successfully')).toBeVisible();
  await expect(form.getByLabel('Current Password')).toHaveValue('');

  await page.goto('/');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await signInInApp(page, shopper.email, shopper.password);
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  await signInInApp(page, shopper.email, newPassword);
  await expect(toast(page, 'Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
