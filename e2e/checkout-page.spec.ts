import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Address } from '../src/shared/contract/address.ts';
import type { Order } from '../src/shared/contract/order.ts';
import type { Product } from '../src/shared/contract/product.ts';
import {
  appStarted,
  checkoutFromDrawer,
  newShopper,
  onCheckoutPage,
  payWithCard,
  placeOrderForDelivery,
  placeOrderToCollect,
  signInInApp,
  signUpInApp,
  toast,
  type Shopper,
} from './support/account-journeys.ts';
import { signUp } from './support/dashboard-api.ts';
import { seriousViolations } from './support/axe.ts';
import { consoleProblems } from './support/console-problems.ts';
import { pageWidth } from './support/page-layout.ts';
import { newOneSizeBicycle } from './support/store-catalog.ts';
import { expectTappable } from './support/tap.ts';

const API = '/api/v1';

/** The checkout page's address for one unit of a bicycle. */
function checkoutUrl(bicycle: Product): string {
  return `/checkout?product=${encodeURIComponent(bicycle.slug)}&quantity=1`;
}

/** A new sign-in for the shopper, through the API, to read what the store recorded. */
async function tokenOf(request: APIRequestContext, shopper: Shopper): Promise<string> {
  const res = await request.post(`${API}/auth/login`, {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

async function ordersOf(request: APIRequestContext, token: string): Promise<Order[]> {
  const res = await request.get(`${API}/orders`, { headers: { Authorization: token } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Order[] }).data;
}

/** Buy Now on the bicycle's own page, which leads to its checkout page. */
async function buyNow(page: Page, bicycle: Product): Promise<void> {
  await page.goto(`/bikes/${bicycle.slug}`);
  await appStarted(page);
  await page.getByRole('main').getByRole('button', { name: 'Buy Now', exact: true }).click();
  await onCheckoutPage(page);
}

test('a new shopper delivers to a new address and pays by card', async ({ page, request }) => {
  const bicycle = await newOneSizeBicycle(request, 3, 'Doorstep');
  const shopper = newShopper('deliver');
  await signUpInApp(page, shopper);
  await buyNow(page, bicycle);

  const line = page.getByRole('region', { name: 'Your bicycle' });
  await expect(line.getByRole('link', { name: bicycle.name })).toBeVisible();
  await expect(line).toContainText('One size');
  await expect(page.getByText('Delivery:')).toBeVisible();
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('$349.00');

  // A postal code that is not one for the country is refused beside its field.
  await placeOrderForDelivery(page, {
    name: 'Ada Rider',
    phone: '503 555 0123',
    line1: '42 SE Ankeny St',
    city: 'Portland',
    region: 'OR',
    postalCode: 'ABC',
    country: 'United States of America',
  });
  const postal = page.getByLabel('Postal code');
  await expect(postal).toHaveAttribute('aria-invalid', 'true');
  await expect(postal).toHaveAccessibleDescription(/valid postal code for United States/);
  await expect(postal).toBeFocused();
  await expect(page).toHaveURL(/\/checkout\?/);

  await postal.fill('97214');
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  const token = await tokenOf(request, shopper);
  const [order] = (await ordersOf(request, token)).filter((o) => o.product._id === bicycle._id);
  expect(order?.paymentStatus).toBe('Paid');
  expect(order?.fulfilment).toMatchObject({
    method: 'delivery',
    address: { line1: '42 SE Ankeny St', postalCode: '97214', phone: '+15035550123' },
  });
  // The address went to the address book, and the next checkout offers it first.
  const book = await request.get(`${API}/users/me/addresses`, {
    headers: { Authorization: token },
  });
  const saved = ((await book.json()) as { data: Address[] }).data;
  expect(saved.map((a) => [a.line1, a.isDefault])).toEqual([['42 SE Ankeny St', true]]);
  await page.goto(checkoutUrl(bicycle));
  await appStarted(page);
  await expect(page.getByRole('radio', { name: /42 SE Ankeny St/ })).toBeChecked();
});

test('another shopper collects in a shop, and finishes the unpaid order instead of a second one', async ({
  page,
  request,
}) => {
  const bicycle = await newOneSizeBicycle(request, 3, 'Pickup');
  const shopper = newShopper('collect');
  await signUpInApp(page, shopper);
  await page.goto(`/bikes/${bicycle.slug}`);
  await appStarted(page);
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(toast(page, 'Item added to cart!')).toBeVisible();
  await checkoutFromDrawer(page);
  await onCheckoutPage(page);
  await expect(page).toHaveURL(new RegExp(`product=${bicycle._id}`));

  await page.getByRole('radio', { name: 'Collect in store' }).check();
  const amsterdam = page.getByRole('radio', { name: /^Bi-Cycle Store Amsterdam/ });
  const shopLabel = page.locator('label').filter({ has: amsterdam });
  await expect(shopLabel).toContainText('Overtoom 301');
  await expect(shopLabel).toContainText('Opening hours: Tue-Sat 09:30-18:00');
  await expect(shopLabel).toContainText(/Ready from \w{3}, \w{3} \d{1,2}/);
  await placeOrderToCollect(page, /^Bi-Cycle Store Amsterdam/);

  // The shopper leaves the payment page and checks the same bicycle out again: the open order
  // is offered, not a second one.
  await expect(page).toHaveURL(/\/api\/v1\/payments\/sandbox\/checkout\//);
  await page.goBack();
  await placeOrderToCollect(page, /^Bi-Cycle Store Amsterdam/);
  const offer = page.getByRole('alert').filter({ hasText: 'Unpaid order BC-' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Pay now' }).click();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  const orders = (await ordersOf(request, await tokenOf(request, shopper))).filter(
    (o) => o.product._id === bicycle._id,
  );
  expect(orders).toHaveLength(1);
  expect(orders[0]?.paymentStatus).toBe('Paid');
  expect(orders[0]?.fulfilment.method).toBe('collect');
  expect(orders[0]?.fulfilment.location?.name).toBe('Bi-Cycle Store Amsterdam');
  expect(orders[0]?.fulfilment.readyBy).not.toBeNull();
});

test('a visitor signs in from the cart and lands back on the checkout page', async ({
  page,
  request,
}) => {
  const bicycle = await newOneSizeBicycle(request, 2, 'Comeback');
  const shopper = newShopper('comeback');
  await signUp(request, shopper.name, shopper.email, shopper.password);

  await page.goto(`/bikes/${bicycle.slug}`);
  await appStarted(page);
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart', exact: true }).click();
  // The toast shows below the header: Cart is still what a finger there touches.
  await expect(toast(page, 'Item added to cart!')).toBeVisible();
  await expectTappable(page.getByRole('link', { name: 'Cart', exact: true }));
  await checkoutFromDrawer(page);
  await expect(toast(page, 'Please Sign In to Proceed')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fcheckout/);

  await signInInApp(page, shopper.email, shopper.password);
  await expect(toast(page, 'Login successful')).toBeVisible();
  await onCheckoutPage(page);
  await expect(page).toHaveURL(new RegExp(`product=${bicycle._id}&quantity=1`));
  await expect(
    page.getByRole('region', { name: 'Your bicycle' }).getByRole('link', { name: bicycle.name }),
  ).toBeVisible();
});

test('a shared checkout link is served whole, and signing up from it comes back to it', async ({
  page,
  request,
}) => {
  const bicycle = await newOneSizeBicycle(request, 2, 'Shared');
  const html = await (await request.get(checkoutUrl(bicycle))).text();
  expect(html).toContain(bicycle.name);
  expect(html).toContain('Place order and pay');
  expect(html).toContain('name="postalCode"');
  expect(html).toContain('Bi-Cycle Store Portland');
  expect((await request.get('/checkout?product=no-such-bicycle&quantity=1')).status()).toBe(404);

  // The app takes the served page over as it is: no hydration mismatch, nothing logged.
  const problems = consoleProblems(page);
  await page.goto(checkoutUrl(bicycle));
  await appStarted(page);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
  await page.getByRole('link', { name: 'create an account' }).click();
  // The checkout page has a "Full name" field of its own: the sign-up page must be there first.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up\?redirect=%2Fcheckout/);
  const shopper = newShopper('shared');
  await page.getByLabel('Full Name', { exact: true }).fill(shopper.name);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(toast(page, 'Signup successful!')).toBeVisible();
  await onCheckoutPage(page);
  await expect(page).toHaveURL(new RegExp(`product=${bicycle.slug}&quantity=1`));
  await expect(page.getByRole('link', { name: 'create an account' })).toHaveCount(0);
});

test('the checkout page has no serious accessibility fault and fits a 360 px phone', async ({
  page,
  request,
}, info) => {
  const bicycle = await newOneSizeBicycle(request, 2, 'Axe');
  const shopper = newShopper('axe');
  await signUpInApp(page, shopper);
  await page.goto(checkoutUrl(bicycle));
  await appStarted(page);
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page), 'delivery').toEqual([]);

  await page.getByRole('radio', { name: 'Collect in store' }).check();
  await expect(page.getByRole('radio', { name: /^Bi-Cycle Store Portland/ })).toBeVisible();
  await expect(page.getByLabel('Postal code')).toBeHidden();
  expect(await seriousViolations(page), 'collect').toEqual([]);

  if (info.project.name === 'phone') {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByRole('radio', { name: 'Delivery' }).check();
    await expect(page.getByLabel('Postal code')).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await page.getByRole('radio', { name: 'Collect in store' }).check();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  }
});
