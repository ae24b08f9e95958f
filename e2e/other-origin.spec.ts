import { expect, test } from '@playwright/test';
import { newShopper } from './support/account-journeys.ts';

const otherOrigin = () => {
  const origin = process.env.E2E_OTHER_ORIGIN;
  if (!origin) throw new Error('E2E_OTHER_ORIGIN is not set by the global setup');
  return origin;
};

test('a front end on another origin signs in, shows an image, pays, comes back, cancels and saves the profile', async ({
  page,
  request,
}) => {
  const shopper = newShopper('partner');
  const registered = await request.post('/api/v1/auth/register', {
    data: { name: shopper.name, email: shopper.email, password: shopper.password },
  });
  expect(registered.status()).toBe(201);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });

  await page.goto(`${otherOrigin()}/`);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${shopper.name}`)).toBeVisible();

  // The image comes from the store's origin and is allowed to show here.
  const image = page.locator('#bicycle-image');
  await expect(image).toHaveAttribute('src', /^http:\/\/127\.0\.0\.1:\d+\/uploads\//);
  await expect
    .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Buy it' }).click();
  await expect(page).toHaveURL(/\/api\/v1\/payments\/sandbox\/checkout\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back on the partner's own page, not the store's.
  await expect(page).toHaveURL(new RegExp(`^${otherOrigin()}/return\\.html\\?order_id=`));
  await expect(page.getByText('Payment: Success')).toBeVisible();
  await expect(page.getByText('Order: Pending / Paid')).toBeVisible();

  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Order: Cancelled / Refunded')).toBeVisible();

  await page.getByLabel('Name').fill('Partner Rider');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Saved: Partner Rider')).toBeVisible();
  expect(refused.filter((text) => /CORS|blocked|ERR_/i.test(text))).toEqual([]);
});

test('the API refuses a preflight from an origin it does not list', async ({ request }) => {
  const res = await request.fetch('/api/v1/orders/00000000-0000-4000-8000-000000000000/cancel', {
    method: 'OPTIONS',
    headers: {
      origin: 'http://elsewhere.example',
      'access-control-request-method': 'PATCH',
    },
  });
  expect(res.headers()['access-control-allow-origin']).toBeUndefined();
});
