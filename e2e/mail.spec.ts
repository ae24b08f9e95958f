import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { newShopper, signInInApp, toast } from './support/account-journeys.ts';

/**
 * The server runs without SMTP_URL, so its mail worker writes each mail as an .eml file under
 * DATA_DIR/mail: read the reset link from there, as a newcomer would.
 */
async function resetLinkFor(email: string): Promise<string | undefined> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const files = await readdir(dir).catch(() => [] as string[]);
  for (const file of files.filter((f) => f.endsWith('.eml'))) {
    const mail = await simpleParser(await readFile(path.join(dir, file)));
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    if (!to.some((a) => a.value.some((v) => v.address === email))) continue;
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    if (link) return link;
  }
  return undefined;
}

test('forgot password: the mailed link sets a new password that signs in', async ({ page }) => {
  const shopper = newShopper('reset');
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { name: shopper.name, email: shopper.email, password: shopper.password },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const answer = 'If an account exists for this email, a reset link is on its way.';
  await expect(page.getByRole('status')).toHaveText(answer);
  await expect(toast(page, answer)).toBeVisible();

  let link: string | undefined;
  await expect
    .poll(async () => (link = await resetLinkFor(shopper.email)), { timeout: 20_000 })
    .toBeDefined();
  const url = new URL(link ?? '');
  await page.goto(`${url.pathname}${url.search}`);

  const newPassword = `${shopper.password}-new`;
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(
    toast(page, 'Your password has been reset. Sign in with your new password.'),
  ).toBeVisible();

  await signInInApp(page, shopper.email, shopper.password);
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible();
  await signInInApp(page, shopper.email, newPassword);
  await expect(toast(page, 'Login successful')).toBeVisible();
});
