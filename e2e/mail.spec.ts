import { expect, test } from '@playwright/test';
import type { Product } from '../src/shared/contract/product.ts';
import { appStarted, newShopper, signInInApp, toast } from './support/account-journeys.ts';
import { signInAdmin, signUp } from './support/dashboard-api.ts';
import type { ParsedMail } from 'mailparser';
import { openDashboardAsAdmin } from './support/dashboard-session.ts';
import { mailedLink, mailsTo, resetLinkFor } from './support/mailbox.ts';

test('forgot password: the mailed link sets a new password that signs in', async ({ page }) => {
  const shopper = newShopper('reset');
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { name: shopper.name, email: shopper.email, password: shopper.password },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await appStarted(page);
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

/** A header field of a mail as it was sent (mailparser reshapes the List-* fields). */
function rawHeader(mail: ParsedMail | undefined, name: string): string | undefined {
  const line = mail?.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

test('notify me on a sold-out bicycle: a visitor confirms from the mail, the restock mails a link to its page', async ({
  page,
  request,
}) => {
  const admin = await signInAdmin(request);
  const auth = { Authorization: admin.token };
  const fields = {
    name: `Notify Roadster ${Date.now().toString(36)}`,
    brand: 'Alertline',
    category: 'Road Bicycle',
    price: '1299',
    description: 'A sold-out road bicycle that riders wait for.',
  };
  const created = await request.post('/api/v1/products', {
    headers: auth,
    multipart: { ...fields, quantity: '0' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = ((await created.json()) as { data: Product }).data;

  await page.goto(`/bikes/${product.slug}`);
  const form = page.getByRole('form', { name: 'Notify me when back in stock' });
  await expect(form).toContainText('This bicycle is sold out.');
  const rider = newShopper('notify');
  await appStarted(page);
  await form.getByLabel('Email').fill(rider.email);
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(form.getByRole('status')).toHaveText('Check your inbox to confirm the alert.');

  // The mail's link opens a page whose button confirms: following the link alone does nothing.
  let confirmLink: string | undefined;
  await expect
    .poll(
      async () =>
        (confirmLink = await mailedLink(
          rider.email,
          /https?:\/\/\S+\/stock-alerts\/confirm\?token=[\w-]+/,
        )),
      { timeout: 20_000 },
    )
    .toBeDefined();
  const confirmUrl = new URL(confirmLink ?? '');
  await page.goto(`${confirmUrl.pathname}${confirmUrl.search}`);
  await expect(
    page.getByRole('heading', { name: 'Confirm your back-in-stock alert' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your alert is confirmed: we will email you once when the bicycle is back in stock.',
  );

  // The owner sees who waits, and restocks.
  await openDashboardAsAdmin(page, '/dashboard');
  const waiting = page.getByRole('region', { name: 'Riders waiting for a restock' });
  await expect(
    waiting.getByRole('row').filter({ hasText: `${fields.brand} ${fields.name}` }),
  ).toContainText('1');

  const restocked = await request.put(`/api/v1/products/${product._id}`, {
    headers: auth,
    multipart: { ...fields, quantity: '4', imageUrl: '' },
  });
  expect(restocked.status(), await restocked.text()).toBe(200);

  const pageLink = new RegExp(`https?://\\S+/bikes/${product.slug}\\b`);
  let link: string | undefined;
  await expect
    .poll(async () => (link = await mailedLink(rider.email, pageLink)), { timeout: 20_000 })
    .toBeDefined();
  const url = new URL(link ?? '');
  await page.goto(url.pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);

  // Both mails carry one-click unsubscribe (RFC 8058).
  const mails = await mailsTo(rider.email);
  expect(mails).toHaveLength(2);
  for (const mail of mails) {
    expect(rawHeader(mail, 'List-Unsubscribe')).toMatch(
      /^<https?:\/\/\S+\/api\/v1\/stock-alerts\/unsubscribe\?token=[\w-]+>$/,
    );
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  }
});

test('notify me on a sold-out size: a signed-in rider is taken at once, and restocking that size mails them, naming the size', async ({
  page,
  browser,
  request,
}) => {
  const admin = await signInAdmin(request);
  const auth = { Authorization: admin.token };
  const fields = {
    name: `Notify Trail ${Date.now().toString(36)}`,
    brand: 'Alertline',
    category: 'Mountain Bike',
    price: '1899',
    description: 'A trail bicycle sold out in one size.',
  };
  const sizes = (m: number) => [
    { label: 'S', quantity: 2, minHeightCm: 155, maxHeightCm: 167 },
    { label: 'M', quantity: m, minHeightCm: 165, maxHeightCm: 177 },
  ];
  const created = await request.post('/api/v1/products', {
    headers: auth,
    multipart: { ...fields, sizes: JSON.stringify(sizes(0)) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = ((await created.json()) as { data: Product }).data;

  // The rider in a browser of their own: the owner's session below is another one.
  const rider = newShopper('notify-size');
  await signUp(request, rider.name, rider.email, rider.password);
  const riderContext = await browser.newContext();
  const riderPage = await riderContext.newPage();
  await riderPage.goto('/sign-in');
  await signInInApp(riderPage, rider.email, rider.password);
  await expect(toast(riderPage, 'Login successful')).toBeVisible();

  await riderPage.goto(`/bikes/${product.slug}`);
  const main = riderPage.getByRole('main');
  const form = main.getByRole('form', { name: 'Notify me when back in stock' });
  // The alert's form opens from the app: before it has started the button does nothing yet.
  await appStarted(riderPage);
  await main.getByRole('button', { name: 'Notify me: M' }).click();
  await expect(form).toContainText('Size M is sold out.');
  // The field holds the rider's own address: no confirmation needed.
  await expect(form.getByLabel('Email')).toHaveValue(rider.email);
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'We will email you when this bicycle is back in stock.',
  );
  await riderContext.close();

  // The owner sees who waits for which size, and restocks that size.
  await openDashboardAsAdmin(page, '/dashboard');
  const waiting = page.getByRole('region', { name: 'Riders waiting for a restock' });
  await expect(
    waiting.getByRole('row').filter({ hasText: `${fields.brand} ${fields.name}` }),
  ).toContainText('M');
  const restocked = await request.put(`/api/v1/products/${product._id}`, {
    headers: auth,
    multipart: { ...fields, sizes: JSON.stringify(sizes(3)), imageUrl: '' },
  });
  expect(restocked.status(), await restocked.text()).toBe(200);

  // One mail, naming the size, with a link to the bicycle's page.
  await expect
    .poll(async () => (await mailsTo(rider.email)).map((m) => m.subject), { timeout: 20_000 })
    .toEqual([`Back in stock: ${fields.brand} ${fields.name} in size M · Bi-Cycle Store`]);
  const [mail] = await mailsTo(rider.email);
  expect(mail?.text).toMatch(new RegExp(`https?://\\S+/bikes/${product.slug}\\b`));
});
