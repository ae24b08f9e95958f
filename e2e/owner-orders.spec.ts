import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import type { Location } from '../src/shared/contract/location.ts';
import { newShopper, toast } from './support/account-journeys.ts';
import { mailsTo } from './support/mailbox.ts';
import { placePaidOrder, signUp, type Session } from './support/dashboard-api.ts';
import { openDashboardAsAdmin, goToSection } from './support/dashboard-session.ts';
import { readPdf } from './support/pdf-text.ts';
import { newOneSizeBicycle } from './support/store-catalog.ts';
import { seriousViolations } from './support/axe.ts';
import { uniqueTag } from './support/unique.ts';

// As the accessibility journeys do: experimental rules that catch real defects too.
/** The page fits the screen: nothing pushes it sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate<number>(
    'document.documentElement.scrollWidth - window.innerWidth',
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function newCustomer(request: APIRequestContext): Promise<Session> {
  const shopper = newShopper('owner-orders');
  return signUp(request, shopper.name, shopper.email, shopper.password);
}

async function firstShop(request: APIRequestContext): Promise<Location> {
  const res = await request.get('/api/v1/locations');
  expect(res.status()).toBe(200);
  const [shop] = ((await res.json()) as { data: Location[] }).data;
  expect(shop, 'the demo has shops').toBeDefined();
  return shop!;
}

/** The owner's page of one order, found by its number in Manage Orders. */
async function findByNumber(page: Page, number: string): Promise<void> {
  await openDashboardAsAdmin(page, '/dashboard/order-management');
  const answered = page.waitForResponse(
    (res) => new URL(res.url()).searchParams.get('searchTerm') === number,
  );
  await page.getByRole('searchbox', { name: 'Search' }).fill(number);
  await answered;
  await expect(page).toHaveURL(new RegExp(`searchTerm=${number}`));
  const rows = page.getByRole('table', { name: 'Orders' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await rows.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
}

// The narrowest phone the store is made for.
test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 360, height: 780 });
});

const street = () => `${String(100 + Math.floor(Math.random() * 800))} Spoke Street`;

test('the owner finds a delivery order by its number, ships it, and prints its slip on one page', async ({
  page,
  request,
}, testInfo) => {
  const bicycle = await newOneSizeBicycle(request, 2, 'Slipline');
  const customer = await newCustomer(request);
  const line1 = street();
  const order = await placePaidOrder(request, customer, bicycle._id, 1, undefined, {
    method: 'delivery',
    address: {
      name: customer.user.name,
      phone: '+1 503 555 0187',
      line1,
      city: 'Portland',
      region: 'OR',
      postalCode: '97214',
      country: 'US',
    },
  });

  await findByNumber(page, order.number);
  await expect(page.getByRole('region', { name: 'Fulfilment' })).toContainText(line1);
  await expect(page.getByRole('region', { name: 'Customer' })).toContainText(customer.user.email);
  expect(await seriousViolations(page), 'order page: axe').toEqual([]);
  await expectNoSidewaysScroll(page);

  // Required fields are checked before anything is sent.
  const ship = page.getByRole('button', { name: 'Shipped' });
  await ship.click();
  await expect(page.getByText('Carrier is required')).toBeVisible();
  await expect(page.getByText('Tracking number is required')).toBeVisible();

  const tracking = `1Z${uniqueTag().replace(/\W/g, '').slice(-12).toUpperCase()}`;
  await page.getByLabel('Carrier').fill('UPS');
  await page.getByLabel('Tracking number').fill(tracking);
  await page.getByLabel('Tracking link (optional)').fill(`https://track.example/${tracking}`);
  const patches: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PATCH' && req.url().endsWith('/fulfilment')) patches.push(req.url());
  });
  await ship.dblclick();
  await expect(toast(page, 'Order marked Shipped')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delivered' })).toBeVisible();
  expect(patches).toHaveLength(1);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Shipped');
  await expect(page.getByRole('region', { name: 'Fulfilment' })).toContainText(tracking);

  // The customer's mail names the order, the carrier and the tracking number.
  let shipped: ParsedMail | undefined;
  await expect
    .poll(
      async () =>
        (shipped = (await mailsTo(customer.user.email)).find(
          (m) => m.subject?.includes('on its way') ?? false,
        )) !== undefined,
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(shipped?.text).toContain(order.number);
  expect(shipped?.text).toContain(tracking);

  await page.getByRole('link', { name: 'Packing slip' }).click();
  const slip = page.getByRole('article', { name: 'Packing slip' });
  await expect(slip).toContainText(order.number);
  await expect(slip).toContainText(line1);
  await expect(slip).toContainText(bicycle.name);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  expect(await seriousViolations(page), 'packing slip: axe').toEqual([]);
  await expectNoSidewaysScroll(page);

  if (testInfo.project.name === 'desktop') {
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    // Chromium's PDF of the slip, on A4 and on Letter: one page, with the address on it.
    const squeezed = (text: string) => text.replace(/\s+/g, '');
    for (const format of ['A4', 'Letter']) {
      const printed = readPdf(await page.pdf({ format }));
      expect(printed.pages, `${format} pages`).toBe(1);
      expect(squeezed(printed.text)).toContain(squeezed(line1));
      expect(squeezed(printed.text)).toContain(squeezed('97214 Portland OR'));
      expect(printed.text).toContain(order.number);
      // Only the slip is printed: no dashboard, no buttons.
      expect(printed.text).not.toContain('Order Management');
      expect(printed.text).not.toContain('Back to the order');
    }
    await page.emulateMedia({ media: 'screen' });
  }
});

test('a collect order is made ready, then collected', async ({ page, request }) => {
  const bicycle = await newOneSizeBicycle(request, 2, 'Pickup');
  const customer = await newCustomer(request);
  const shop = await firstShop(request);
  const order = await placePaidOrder(request, customer, bicycle._id, 1, undefined, {
    method: 'collect',
    locationId: shop._id,
  });

  await findByNumber(page, order.number);
  await expect(page.getByRole('region', { name: 'Fulfilment' })).toContainText(shop.name);
  await page.getByRole('button', { name: 'Ready for collection' }).click();
  await expect(toast(page, 'Order marked Ready for collection')).toBeVisible();
  await page.getByRole('button', { name: 'Collected' }).click();
  await expect(toast(page, 'Order marked Collected')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order' })).toContainText('Completed');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Ready for collection');
  await expect(timeline).toContainText('Collected');
  await expect(page.getByText('Nothing left to do: the order is collected.')).toBeVisible();

  // Filtered to this shop's collect orders ready... now collected, the order is listed.
  await page.goto(
    `/dashboard/order-management?method=collect&state=Collected&locationId=${shop._id}&searchTerm=${order.number}`,
  );
  await expect(page.getByRole('combobox', { name: 'Fulfilment' })).toHaveValue('Collected');
  await expect(page.getByRole('link', { name: order.number })).toBeVisible();
  await page.getByRole('combobox', { name: 'Fulfilment' }).selectOption('Shipped');
  await expect(page.getByText('No orders found!')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('link', { name: order.number })).toBeVisible();
});

test('the owner adds a shop, with the errors of its fields first', async ({ page }) => {
  const name = `Bi-Cycle Store ${uniqueTag()}`;
  await openDashboardAsAdmin(page);
  await goToSection(page, 'Shops');
  await expect(page.getByRole('heading', { level: 1, name: 'Shops' })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Opening hours' }).first(),
  ).toBeVisible();
  expect(await seriousViolations(page), 'shops: axe').toEqual([]);

  await page.getByRole('button', { name: 'Add a shop' }).click();
  const form = page.getByRole('form', { name: 'New shop' });
  await form.getByLabel('Shop name').fill(name);
  await form.getByLabel('Opening hours').fill('Mon-Sat 10:00-18:00');
  await form.getByLabel('Lead days').fill('3');
  await form.getByLabel('Name on the address').fill(name);
  await form.getByLabel('Phone number').fill('+49 30 901820');
  await form.getByLabel('Address', { exact: true }).fill('Torstrasse 1');
  await form.getByLabel('City').fill('Berlin');
  await form.getByLabel('Country').selectOption('DE');
  await form.getByLabel('Postal code').fill('1011');
  await form.getByRole('button', { name: 'Add shop' }).click();
  // The API checks the postal code against the country's rule.
  await expect(form.getByLabel('Postal code')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page), 'shop form: axe').toEqual([]);
  await expectNoSidewaysScroll(page);

  await form.getByLabel('Postal code').fill('10119');
  await form.getByRole('button', { name: 'Add shop' }).click();
  await expect(toast(page, 'Shop saved')).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toContainText('Lead days: 3');
  await expect(card).toContainText('Torstrasse 1');

  // Riders can choose it now; then the owner deletes it again, so the demo keeps its two.
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await card.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(toast(page, 'Shop deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name })).toHaveCount(0);
});
