import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product } from '../src/shared/contract/product.ts';
import { signUp, uniqueEmail } from './support/dashboard-api.ts';
import { seriousViolations } from './support/axe.ts';
import {
  fillSignIn,
  openDashboardAsAdmin,
  searchFor,
  searchInventory,
} from './support/dashboard-session.ts';

const PASSWORD = 'customer-pass-123';

/** The bicycle as the shop's API answers it, found by its (unique) name. */
async function productNamed(request: APIRequestContext, name: string): Promise<Product> {
  const res = await request.get('/api/v1/products', { params: { searchTerm: name, limit: 5 } });
  expect(res.status(), await res.text()).toBe(200);
  const found = ((await res.json()) as { data: Product[] }).data.find((p) => p.name === name);
  expect(found, `${name} is in the shop`).toBeDefined();
  return found!;
}

async function fillSize(page: Page, n: number, values: [string, string, string, string]) {
  const [label, stock, smallest, tallest] = values;
  await page.getByLabel(`Size ${String(n)} Label`).fill(label);
  await page.getByLabel(`Size ${String(n)} Stock`).fill(stock);
  await page.getByLabel(`Size ${String(n)} Smallest rider (cm)`).fill(smallest);
  await page.getByLabel(`Size ${String(n)} Tallest rider (cm)`).fill(tallest);
}

/** The page never scrolls sideways: wide content scrolls or wraps inside its own frame. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate<number>(
    'document.documentElement.scrollWidth - window.innerWidth',
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an admin gives a bicycle sizes and specs, edits them, and the shop shows them', async ({
  page,
  request,
}, testInfo) => {
  const name = `Sized Road ${testInfo.project.name} ${Date.now().toString(36)}`;
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 360, height: 780 });
  await openDashboardAsAdmin(page, '/dashboard/add-bicycle');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Brand').fill('Ridgeline');
  await page.getByLabel('Category').selectOption('Road Bicycle');
  await page.getByLabel('Price').fill('1299');
  await page.getByLabel('Description').fill('A carbon road bike in three frame sizes.');

  // The table is worked from the keyboard: the new row's label takes the focus.
  await page.getByRole('button', { name: 'Add size' }).click();
  await expect(page.getByLabel('Size 1 Label')).toBeFocused();
  await page.keyboard.type('52 cm');
  await page.keyboard.press('Tab');
  await page.keyboard.type('3');
  await page.getByLabel('Size 1 Smallest rider (cm)').fill('160');
  await page.getByLabel('Size 1 Tallest rider (cm)').fill('172');
  await page.getByRole('button', { name: 'Add size' }).click();
  await fillSize(page, 2, ['56 cm', '0', '170', '183']);
  await expect(page.getByLabel('Quantity')).toHaveJSProperty('readOnly', true);
  await expect(page.getByLabel('Quantity')).toHaveValue('3');

  await page.getByLabel('Frame material').selectOption('Carbon');
  await page.getByLabel('Wheel size').selectOption('700c');
  await page.getByLabel('Brakes').selectOption('Hydraulic disc');
  await page.getByLabel('Suspension', { exact: true }).selectOption('Rigid');
  await page.getByLabel('Gears').fill('24');
  await page.getByLabel('Weight (kg)').fill('8.2');
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add Bicycle' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();

  const created = await productNamed(request, name);
  expect(created.sizes).toEqual([
    { label: '52 cm', quantity: 3, minHeightCm: 160, maxHeightCm: 172 },
    { label: '56 cm', quantity: 0, minHeightCm: 170, maxHeightCm: 183 },
  ]);
  expect(created.quantity).toBe(3);
  expect(created.specs).toMatchObject({
    frameMaterial: 'Carbon',
    wheelSize: '700c',
    brakes: 'Hydraulic disc',
    suspension: 'Rigid',
    gears: 24,
    weightKg: 8.2,
  });

  await page.goto(`/bikes/${created.slug}`);
  const main = page.getByRole('main');
  for (const text of ['52 cm', '56 cm', 'Carbon', '700c', 'Hydraulic disc', '8.2 kg'])
    await expect(main).toContainText(text);

  // The list says how many of each size are left, then the edit adds a size and changes specs.
  await openDashboardAsAdmin(page, '/dashboard/bicycle-management');
  await searchInventory(page, name);
  const listed = page
    .getByRole('table', { name: 'Inventory' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(listed.getByRole('textbox', { name: `Stock of ${name}, size 52 cm` })).toHaveValue(
    '3',
  );
  await expect(listed.getByRole('textbox', { name: `Stock of ${name}, size 56 cm` })).toHaveValue(
    '0',
  );
  await listed.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByLabel('Size 2 Label')).toHaveValue('56 cm');
  await expect(page.getByLabel('Weight (kg)')).toHaveValue('8.2');
  await page.getByLabel('Size 2 Stock').fill('4');
  await page.getByRole('button', { name: 'Add size' }).click();
  await fillSize(page, 3, ['58 cm', '2', '180', '192']);
  await expect(page.getByLabel('Quantity')).toHaveValue('9');
  await page.getByLabel('Frame material').selectOption('Aluminium');
  await page.getByLabel('Weight (kg)').fill('9.1');
  await page.getByLabel('Gears').fill('');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Update Bicycle' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();
  // Back on the table as it was left: the same search, the row refreshed.
  for (const [label, stock] of [
    ['52 cm', '3'],
    ['56 cm', '4'],
    ['58 cm', '2'],
  ] as const)
    await expect(
      listed.getByRole('textbox', { name: `Stock of ${name}, size ${label}` }),
    ).toHaveValue(stock);

  const edited = await productNamed(request, name);
  expect(edited.quantity).toBe(9);
  expect(edited.specs?.frameMaterial).toBe('Aluminium');
  expect(edited.specs?.weightKg).toBe(9.1);
  expect(edited.specs?.gears).toBeUndefined();
  await page.goto(`/bikes/${edited.slug}`);
  for (const text of ['58 cm', 'Aluminium', '9.1 kg'])
    await expect(page.getByRole('main')).toContainText(text);
});

test('a size bought shows in My Orders and in Manage Orders', async ({ page, request }) => {
  const res = await request.get('/api/v1/products', {
    params: { stock: 'inStock', limit: 100, sort: 'name' },
  });
  const { data } = (await res.json()) as { data: Product[] };
  const sized = data.filter((p) => (p.sizes ?? []).some((s) => s.quantity > 0));
  expect(sized.length, 'the demo catalog sells bicycles in sizes').toBeGreaterThan(0);
  const product = sized[Math.floor(Math.random() * sized.length)]!;
  const size = product.sizes!.find((s) => s.quantity > 0)!.label;

  const email = uniqueEmail('sized');
  const customer = await signUp(request, 'Kim Sized', email, PASSWORD);
  const created = await request.post('/api/v1/orders/order/create', {
    headers: { authorization: customer.token },
    data: { product: product._id, quantity: 1, size },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/sign-in');
  await fillSignIn(page, email, PASSWORD);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  // The table on a wide screen, a card on a phone: whichever shows, it names the size.
  await expect(page.getByText(`Size: ${size}`).filter({ visible: true })).toHaveCount(1);

  // Sign the customer out (refresh cookie and saved session) and come back as the admin.
  await page.context().clearCookies();
  await page.evaluate('localStorage.clear()');
  await openDashboardAsAdmin(page, '/dashboard/order-management');
  await searchFor(page, email);
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Size: ${size}`);
});
