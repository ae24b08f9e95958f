import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  newShopper,
  orderEntry,
  payWithCard,
  signInInApp,
  toast,
} from './support/account-journeys.ts';
import { placePaidOrder, signUp, type Session } from './support/dashboard-api.ts';
import { seriousViolations } from './support/axe.ts';
import { pageWidth } from './support/page-layout.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { newOneSizeBicycle } from './support/store-catalog.ts';

/** The narrowest phone the store is laid out for. */
const NARROW = { width: 360, height: 780 };

/** The phone project runs these journeys on the narrowest phone. */
test.beforeEach(async ({ page }, info) => {
  if (info.project.name === 'phone') await page.setViewportSize(NARROW);
});

/** axe finds nothing serious, and on the phone nothing reaches past 360 px. */
async function checkPage(page: Page, name: string, projectName: string): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  expect(await seriousViolations(page), `${name}: axe`).toEqual([]);
  await keepScreenshot(page, `order-page-${projectName}-${name}`);
  if (projectName === 'phone') {
    await expect
      .poll(() => pageWidth(page), { message: `${name} at 360 px` })
      .toBeLessThanOrEqual(NARROW.width);
  }
}

async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await signInInApp(page, email, password);
  await expect(toast(page, 'Login successful')).toBeVisible();
}

function timeline(page: Page): Locator {
  return page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
}

const newAddress = {
  name: 'Ada Rider',
  phone: '+1 415 555 0100',
  line1: '1 Market St',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
};

/** An order for delivery to a new address, placed through the API and not paid: its payment page. */
async function unpaidDeliveryOrder(page: Page, customer: Session, productId: string) {
  const res = await page.request.post('/api/v1/orders/order/create', {
    headers: { authorization: customer.token },
    data: {
      product: productId,
      quantity: 1,
      fulfilment: { method: 'delivery', address: newAddress },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: string }).data;
}

test('a shopper leaves the payment page, pays later with Pay now, and follows the order on its page', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const shopper = newShopper('order-page');
  const customer = await signUp(page.request, shopper.name, shopper.email, shopper.password);
  const bicycle = await newOneSizeBicycle(page.request, 2, 'Orderpage');
  const paymentPage = await unpaidDeliveryOrder(page, customer, bicycle._id);

  await signInAs(page, shopper.email, shopper.password);
  // The payment page is left with its Cancel: the order stays payable.
  await page.goto(paymentPage);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/payment-success\?order_id=/);

  await page.goto('/orders');
  const entry = orderEntry(page, bicycle.name);
  await entry.getByRole('button', { name: 'Pay now' }).click();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await page.goto('/orders');
  const number = (await entry.getByRole('link', { name: /^BC-\d{6,}$/ }).textContent()) ?? '';
  await entry.getByRole('link', { name: number }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${number}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(timeline(page).getByText('Placed', { exact: true })).toBeVisible();
  await expect(timeline(page).getByText('Paid', { exact: true })).toBeVisible();
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText('1 Market St');
  await expect(delivery).toContainText('+14155550100');
  const line = page.getByRole('region', { name: 'Bicycle' });
  await expect(line).toContainText(bicycle.name);
  await expect(line).toContainText('$349.00');
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  await checkPage(page, 'order page', info.project.name);
});

test('a paid order is cancelled through the confirmation, and its page shows the refund', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const shopper = newShopper('order-cancel');
  const customer = await signUp(page.request, shopper.name, shopper.email, shopper.password);
  const bicycle = await newOneSizeBicycle(page.request, 2, 'Orderpage');
  const order = await placePaidOrder(page.request, customer, bicycle._id, 1);

  await signInAs(page, shopper.email, shopper.password);
  await page.goto(`/orders/${order.number}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Order ${order.number}` }),
  ).toBeVisible();
  // Placed without a destination (as another client would): the page asks for one.
  await expect(page.getByRole('region', { name: 'Delivery or collection' })).toContainText(
    'This order has no delivery address or shop yet.',
  );

  const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${order.number}?` });
  await expect(dialog).toContainText('The bicycle goes back on sale');
  await expect(dialog).toContainText('The $349.00 you paid is refunded to the card you paid with.');
  await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeFocused();
  expect(await seriousViolations(page), 'cancel dialog: axe').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();

  await cancel.click();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(page, 'Order cancelled successfully')).toBeVisible();
  await expect(timeline(page).getByText('Cancelled', { exact: true })).toBeVisible();
  const refunded = timeline(page).filter({ hasText: 'Refunded' });
  await expect(refunded).toContainText('$349.00 back to the card you paid with');
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  await checkPage(page, 'cancelled order page', info.project.name);
});

test("another customer's order number is a not-found page", async ({ page }) => {
  const owner = newShopper('order-owner');
  const ownerSession = await signUp(page.request, owner.name, owner.email, owner.password);
  const bicycle = await newOneSizeBicycle(page.request, 1, 'Orderpage');
  await unpaidDeliveryOrder(page, ownerSession, bicycle._id);
  const orders = await page.request.get('/api/v1/orders', {
    headers: { authorization: ownerSession.token },
  });
  const [theirs] = ((await orders.json()) as { data: { number: string }[] }).data;
  expect(theirs).toBeDefined();

  const other = newShopper('order-other');
  await signUp(page.request, other.name, other.email, other.password);
  await signInAs(page, other.email, other.password);
  await page.goto(`/orders/${theirs!.number}`);
  await expect(
    page.getByRole('heading', { name: "OOPS! THAT PAGE CAN'T BE FOUND." }),
  ).toBeVisible();
  await expect(page.getByText('1 Market St')).toHaveCount(0);
  await expect(page.getByText(bicycle.name)).toHaveCount(0);
});

test('a shopper changes where a waiting order goes: from an address to a shop, or keeps it', async ({
  page,
}, info) => {
  const shopper = newShopper('order-change');
  const customer = await signUp(page.request, shopper.name, shopper.email, shopper.password);
  const bicycle = await newOneSizeBicycle(page.request, 1, 'Orderpage');
  await unpaidDeliveryOrder(page, customer, bicycle._id);
  const listed = await page.request.get('/api/v1/orders', {
    headers: { authorization: customer.token },
  });
  const [order] = ((await listed.json()) as { data: { number: string }[] }).data;

  await signInAs(page, shopper.email, shopper.password);
  await page.goto(`/orders/${order!.number}`);
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText('1 Market St');
  const change = delivery.getByRole('button', { name: 'Change the delivery address' });

  // Opened and left as it was: the address stays, focus is back on Change.
  await change.click();
  await delivery.getByRole('button', { name: 'Keep it as it is' }).click();
  await expect(change).toBeFocused();
  await expect(delivery).toContainText('1 Market St');

  await change.click();
  await delivery.getByLabel('Collect in store').check();
  await delivery.getByRole('button', { name: 'Collect here' }).click();
  await expect(toast(page, 'Delivery details saved')).toBeVisible();
  const collect = page.getByRole('region', { name: 'Collect in store' });
  await expect(collect).toContainText('Opening hours:');
  await expect(collect.getByRole('button', { name: 'Change the shop' })).toBeFocused();
  await expect(page.getByText('1 Market St')).toHaveCount(0);
  await checkPage(page, 'order collected instead', info.project.name);
});

test('the address book on /me: add, edit, set the default and delete', async ({ page }, info) => {
  test.setTimeout(120_000);
  const shopper = newShopper('address-book');
  const session = await signUp(page.request, shopper.name, shopper.email, shopper.password);
  await signInAs(page, shopper.email, shopper.password);
  await page.goto('/me');
  const book = page.getByRole('region', { name: 'Address book' });
  await expect(book.getByText('You have no saved addresses yet.')).toBeVisible();
  const entries = book.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');

  const add = async (values: Record<string, string>) => {
    await book.getByRole('button', { name: 'Add address' }).click();
    const form = book.getByRole('form', { name: 'New address' });
    await form.getByLabel('Full name').fill(values.name ?? 'Ada Rider');
    await form.getByLabel('Phone number').fill(values.phone ?? '');
    await form.getByLabel('Country').selectOption(values.country ?? '');
    await form.getByLabel('Address', { exact: true }).fill(values.line1 ?? '');
    await form.getByLabel('City').fill(values.city ?? '');
    await form.getByLabel('Postal code').fill(values.postalCode ?? '');
    await form.getByRole('button', { name: 'Save address' }).click();
    return form;
  };

  // A postal code the country does not use is refused on its field.
  const form = await add({
    phone: '020 7946 0958',
    country: 'GB',
    line1: '10 Downing St',
    city: 'London',
    postalCode: '12345-678',
  });
  await expect(form.getByText('Enter a valid postal code for United Kingdom')).toBeVisible();
  await form.getByLabel('Postal code').fill('SW1A 2AA');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(toast(page, 'Address saved')).toBeVisible();
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('+442079460958');
  await expect(entries.first().getByText('Default', { exact: true })).toBeVisible();

  await add({
    phone: '030 901820',
    country: 'DE',
    line1: 'Unter den Linden 1',
    city: 'Berlin',
    postalCode: '10117',
  });
  // The first address's toast may still be showing: the newest is at the front.
  await expect(toast(page, 'Address saved').first()).toBeVisible();
  await expect(entries).toHaveCount(2);
  const berlin = entries.filter({ hasText: 'Unter den Linden 1' });

  await berlin.getByRole('button', { name: 'Edit' }).click();
  const edit = book.getByRole('form', { name: 'Edit address' });
  await edit.getByLabel('Address line 2 (optional)').fill('Hinterhaus');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Address updated')).toBeVisible();
  await expect(berlin).toContainText('Hinterhaus');

  await berlin.getByRole('button', { name: 'Set as default' }).click();
  await expect(toast(page, 'Default address changed')).toBeVisible();
  await expect(entries.first()).toContainText('Unter den Linden 1');
  await expect(entries.first().getByText('Default', { exact: true })).toBeVisible();
  await checkPage(page, 'profile with addresses', info.project.name);

  await entries
    .filter({ hasText: '10 Downing St' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, 'Address deleted')).toBeVisible();
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Unter den Linden 1');

  // What the store kept: one address, the default, with its second line.
  const saved = await page.request.get('/api/v1/users/me/addresses', {
    headers: { authorization: session.token },
  });
  expect(saved.status()).toBe(200);
  expect(((await saved.json()) as { data: unknown[] }).data).toEqual([
    expect.objectContaining({ country: 'DE', line2: 'Hinterhaus', isDefault: true }),
  ]);
});
