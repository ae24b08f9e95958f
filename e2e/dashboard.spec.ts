import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Product } from '../src/shared/contract/product.ts';
import { formatPrice, formatWholeDollars } from '../src/shared/rules/money.ts';
import {
  placePaidOrder,
  signInAdmin,
  signInStatus,
  signUp,
  summary,
  uniqueEmail,
} from './support/dashboard-api.ts';
import {
  fillSignIn,
  goToSection,
  openDashboardAsAdmin,
  searchFor,
  searchInventory,
} from './support/dashboard-session.ts';
import { E2E_ADMIN } from './global-setup.ts';
import { keepScreenshot } from './support/screenshots.ts';

const PASSWORD = 'customer-pass-123';

interface OrderLine {
  product: Product;
  /** The size to order; undefined for a one-size bicycle. */
  size: string | undefined;
}

/**
 * Bicycles of the demo catalog that can be ordered `units` at a time: a one-size bicycle by its
 * own stock, a sized one in its best-stocked size (the demo catalog sells most bicycles in sizes).
 */
async function linesInStock(
  request: APIRequestContext,
  count: number,
  units: number,
): Promise<OrderLine[]> {
  const res = await request.get('/api/v1/products', {
    params: { stock: 'inStock', limit: 100, sort: 'name' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { data } = (await res.json()) as { data: Product[] };
  const lines = data.flatMap((product): OrderLine[] => {
    const sizes = product.sizes ?? [];
    if (sizes.length === 0)
      return product.quantity >= units + 3 ? [{ product, size: undefined }] : [];
    const best = [...sizes].sort((a, b) => b.quantity - a.quantity)[0];
    return best && best.quantity >= units ? [{ product, size: best.label }] : [];
  });
  expect(lines.length).toBeGreaterThanOrEqual(count);
  // Spread the journeys over the catalog so no bicycle runs out across runs.
  const start = Math.floor(Math.random() * (lines.length - count + 1));
  return lines.slice(start, start + count);
}

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

test('a signed-out visitor is sent to sign in and comes back to the dashboard', async ({
  page,
}) => {
  await page.goto('/dashboard/order-management');
  await expect(page).toHaveURL(/\/sign-in$/);
  await fillSignIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard\/order-management$/);
  await expect(page.getByRole('heading', { name: 'Manage Orders' })).toBeVisible();
});

test('a customer who types /dashboard lands on the home page', async ({ page, request }) => {
  const email = uniqueEmail('shopper');
  await signUp(request, 'Casey Shopper', email, PASSWORD);
  await page.goto('/sign-in');
  await fillSignIn(page, email, PASSWORD);
  await page.goto('/dashboard/user-management');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Manage Users' })).toHaveCount(0);
});

test('the summary shows real figures that change after a paid order', async ({ page, request }) => {
  const admin = await signInAdmin(request);
  await openDashboardAsAdmin(page);
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${E2E_ADMIN.name}!` }),
  ).toBeVisible();
  await expect(page.getByText('Here is how Bi-Cycle Store is doing today.')).toBeVisible();

  const before = await summary(request, admin);
  await expect(card(page, 'Total Sales')).toContainText(formatWholeDollars(before.totalSales));
  await expect(card(page, 'Total Inventory')).toContainText(
    `${String(before.totalInventory)} Bicycles`,
  );
  const chart = page.getByRole('img', { name: /^Revenue by month/ });
  await expect(chart).toBeVisible();
  await expect(page.getByRole('table', { name: 'Revenue by month' }).getByRole('row')).toHaveCount(
    13,
  );

  const [line] = await linesInStock(request, 1, 2);
  const customer = await signUp(request, 'Robin Rider', uniqueEmail('rider'), PASSWORD);
  const order = await placePaidOrder(request, customer, line!.product._id, 2, line!.size);
  expect(order.paymentStatus).toBe('Paid');

  const after = await summary(request, admin);
  expect(after.totalSales).toBeCloseTo(before.totalSales + order.totalPrice, 2);
  expect(after.monthlyRevenue).toBeCloseTo(before.monthlyRevenue + order.totalPrice, 2);
  expect(after.totalInventory).toBe(before.totalInventory - 2);

  await page.reload();
  await expect(card(page, 'Total Sales')).toContainText(formatWholeDollars(after.totalSales));
  await expect(card(page, 'Monthly Revenue')).toContainText(
    formatWholeDollars(after.monthlyRevenue),
  );
  await expect(card(page, 'Total Inventory')).toContainText(
    `${String(after.totalInventory)} Bicycles`,
  );
  const pending = page
    .getByRole('region', { name: 'Orders by status' })
    .getByText('Pending')
    .locator('..');
  await expect(pending).toContainText(String(after.ordersByStatus.Pending));
  const thisMonth = after.revenueByMonth[after.revenueByMonth.length - 1]!;
  await expect(
    page.getByRole('table', { name: 'Revenue by month' }).getByRole('row').last(),
  ).toContainText(formatWholeDollars(thisMonth.revenue));
});

test('an admin adds a bicycle with an image, finds it in the shop, then edits its price and stock', async ({
  page,
}, testInfo) => {
  const name = `Test Trail ${testInfo.project.name} ${Date.now().toString(36)}`;
  const image = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#0f766e' },
  })
    .png()
    .toBuffer();

  await openDashboardAsAdmin(page, '/dashboard/add-bicycle');
  await expect(page.getByRole('heading', { name: 'Add Bicycle' })).toBeVisible();

  // The shared schema's messages show in place of the browser's bubbles.
  await page.getByRole('button', { name: 'Add Bicycle' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Brand').fill('Ridgeline');
  await page.getByLabel('Category').selectOption('Mountain Bike');
  await page.getByLabel('Price').fill('849.50');
  await page.getByLabel('Quantity').fill('7');
  await page
    .getByLabel('Upload Image')
    .setInputFiles({ name: 'trail.png', mimeType: 'image/png', buffer: image });
  await expect(page.getByRole('img', { name: 'Bicycle preview' })).toBeVisible();
  await page.getByLabel('Description').fill('A light trail bike for long days in the hills.');
  await page.getByRole('button', { name: 'Add Bicycle' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();
  // A successful create empties the form for the next bicycle.
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(page.getByRole('img', { name: 'Bicycle preview' })).toHaveCount(0);

  await page.goto('/shop');
  const inShop = page.getByRole('article', { name });
  await expect(inShop).toBeVisible();
  await expect(inShop).toContainText(formatPrice(849.5));
  await expect(inShop.locator('img')).toHaveAttribute('src', /\.webp/);

  await openDashboardAsAdmin(page, '/dashboard/bicycle-management');
  await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
  await searchInventory(page, name);
  const listed = page
    .getByRole('table', { name: 'Inventory' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Ridgeline');
  await expect(listed).toContainText(/In Stock/i);
  await listed.getByRole('link', { name: `Edit ${name}` }).click();

  await expect(page.getByRole('heading', { name: 'Update Bicycle' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByLabel('Category')).toHaveValue('Mountain Bike');
  await expect(page.getByRole('img', { name: 'Bicycle preview' })).toBeVisible();
  await page.getByLabel('Price').fill('799.99');
  await page.getByLabel('Quantity').fill('0');
  await page.getByRole('button', { name: 'Update Bicycle' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();
  // Back on the table as it was left: the same search, the row refreshed.
  await expect(page).toHaveURL(/\/dashboard\/bicycle-management(\?|$)/);
  await expect(listed).toContainText('$799.99');
  await expect(listed).toContainText(/Out Of Stock/i);

  // A direct visit loads the bicycle by its id, image kept.
  const editUrl = await listed.getByRole('link', { name: `Edit ${name}` }).getAttribute('href');
  await page.goto(editUrl!);
  await expect(page.getByLabel('Price')).toHaveValue('799.99');
  await expect(page.getByLabel('Quantity')).toHaveValue('0');
  await expect(page.getByRole('img', { name: 'Bicycle preview' })).toBeVisible();

  await page.goto('/shop');
  await expect(page.getByRole('article', { name })).toContainText(formatPrice(799.99));
  await expect(page.getByRole('article', { name })).toContainText('Out Of Stock');
});

test('the bicycle form shows its own and the server errors on the right fields', async ({
  page,
}) => {
  await openDashboardAsAdmin(page, '/dashboard/add-bicycle');
  await page.getByLabel('Name').fill('Too precise');
  await page.getByLabel('Brand').fill('Ridgeline');
  await page.getByLabel('Category').selectOption('Road Bicycle');
  await page.getByLabel('Price').fill('10.005');
  await page.getByLabel('Quantity').fill('1');
  await page.getByLabel('Description').fill('Three decimals are not a price.');
  await page.getByRole('button', { name: 'Add Bicycle' }).click();
  await expect(page.getByText('Price can have at most 2 decimals')).toBeVisible();
  await expect(page.getByLabel('Price')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Price').fill('10.50');

  // A file that says it is a PNG but is not an image: the server refuses it by its content.
  await page.getByLabel('Upload Image').setInputFiles({
    name: 'not-really.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is plain text, not a picture'),
  });
  await page.getByRole('button', { name: 'Add Bicycle' }).click();
  await expect(page.getByText('Failed to create product')).toBeVisible();
  await expect(page.getByLabel('Upload Image')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name')).toHaveValue('Too precise');

  // The shared schema lets nothing through that the server's own checks would refuse, so the
  // server's field errors are answered here the way the API words them.
  await page.route('**/api/v1/products', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        message: 'Invalid input',
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.brand', message: 'Brand is not allowed here' }],
      }),
    }),
  );
  await page.getByRole('button', { name: 'Remove image' }).click();
  await page.getByRole('button', { name: 'Add Bicycle' }).click();
  await expect(page.getByText('Brand is not allowed here')).toBeVisible();
  await expect(page.getByLabel('Brand')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
});

test('an admin blocks a customer, who then cannot sign in, and unblocks them', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('blocked');
  await signUp(request, 'Jordan Blocked', email, PASSWORD);

  await openDashboardAsAdmin(page, '/dashboard/user-management');
  await expect(page.getByRole('heading', { name: 'Manage Users' })).toBeVisible();
  for (const header of ['User Name', 'User Email', 'Join Date', 'Status', 'Action']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await searchFor(page, email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Jordan Blocked');
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
  const status = row.getByRole('cell').nth(3);
  await expect(status).toHaveText('Active');
  await expect(row.getByRole('cell').nth(1)).toHaveText(`${email}0 orders · $0.00 paid`);

  const action = row.getByRole('combobox', { name: `Action for ${email}` });
  await action.selectOption({ label: 'Block' });
  await expect(page.getByText('User updated Successfully')).toBeVisible();
  await expect(status).toHaveText('Blocked');
  await expect(action).toHaveValue('blocked');
  expect(await signInStatus(request, email, PASSWORD)).toBe(403);

  await action.selectOption({ label: 'Active' });
  await expect(status).toHaveText('Active');
  expect(await signInStatus(request, email, PASSWORD)).toBe(200);

  // Admins cannot be blocked from here.
  await searchFor(page, E2E_ADMIN.email);
  await expect(
    page.getByRole('row').filter({ hasText: E2E_ADMIN.email }).getByRole('combobox'),
  ).toBeDisabled();

  await searchFor(page, 'nobody-by-this-name-xyz');
  await expect(page.getByText('No users found!')).toBeVisible();
});

test('an admin moves an order through Ongoing to Completed and cancels another', async ({
  page,
  request,
}) => {
  const [first, second] = await linesInStock(request, 2, 1);
  const email = uniqueEmail('orders');
  const customer = await signUp(request, 'Sam Orders', email, PASSWORD);
  const kept = await placePaidOrder(request, customer, first!.product._id, 1, first!.size);
  const cancelled = await placePaidOrder(request, customer, second!.product._id, 1, second!.size);

  await openDashboardAsAdmin(page, '/dashboard/order-management');
  // Every column, written as the header line reads.
  const columns =
    'Order Time | Bicycle Details | Customer Info | Order Details | Payment | Order Status | Action';
  for (const header of columns.split(' | ')) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await searchFor(page, email);
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row')).toHaveCount(3);

  const keptRow = page.getByRole('row').filter({ hasText: kept.product.name });
  await expect(keptRow).toContainText(`Brand: ${kept.product.brand}`);
  if (kept.size) await expect(keptRow).toContainText(`Size: ${kept.size}`);
  else await expect(keptRow).not.toContainText('Size:');
  await expect(keptRow).toContainText('Sam Orders');
  await expect(keptRow).toContainText(email);
  await expect(keptRow).toContainText('Quantity: 1');
  await expect(keptRow).toContainText(`Total: ${formatPrice(kept.totalPrice)}`);
  const keptPayment = keptRow.getByRole('cell').nth(4);
  const keptStatus = keptRow.getByRole('cell').nth(5);
  await expect(keptPayment).toHaveText('Paid');
  await expect(keptStatus).toHaveText('Pending');
  await expect(keptRow.getByRole('cell').first()).toHaveText(
    /\d{2}:\d{2} (AM|PM)\d{2} [A-Z][a-z]{2} \d{4}/,
  );

  const keptAction = keptRow.getByRole('combobox');
  await expect(keptAction).toHaveCSS('width', '120px');
  await keptAction.selectOption('Ongoing');
  await expect(page.getByText('Order updated Successfully')).toBeVisible();
  await expect(keptStatus).toHaveText('Ongoing');
  await expect(keptAction).toHaveValue('Ongoing');
  await keptAction.selectOption('Completed');
  await expect(keptStatus).toHaveText('Completed');
  await expect(keptAction).toHaveValue('Completed');
  await expect(keptAction).toBeEnabled();

  const cancelledRow = page.getByRole('row').filter({ hasText: cancelled.product.name });
  const cancelledAction = cancelledRow.getByRole('combobox');
  await cancelledAction.selectOption('Cancelled');
  await expect(cancelledAction).toBeDisabled();
  await expect(cancelledAction).toHaveValue('Cancelled');
  // A paid order that is cancelled is refunded.
  await expect(cancelledRow.getByRole('cell').nth(5)).toHaveText('Cancelled');
  await expect(cancelledRow.getByRole('cell').nth(4)).toHaveText('Refunded');

  // The search stays in the address: the reloaded list is already the customer's.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toHaveValue(email);
  await expect(
    page.getByRole('row').filter({ hasText: kept.product.name }).getByRole('combobox'),
  ).toHaveValue('Completed');
  await expect(
    page.getByRole('row').filter({ hasText: cancelled.product.name }).getByRole('combobox'),
  ).toBeDisabled();

  await searchFor(page, 'no-order-matches-this-xyz');
  await expect(page.getByText('No orders found!')).toBeVisible();
});

test('the sidebar leads to every screen and collapses on a phone', async ({ page }, testInfo) => {
  await openDashboardAsAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const openMenu = page.getByRole('button', { name: 'Open menu' });

  if (testInfo.project.name === 'phone') {
    await expect(nav).toBeHidden();
    await openMenu.click();
    const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
    await expect(drawer.getByText('Bi-Cycle Store')).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Go Home' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
    // Tapping beside the drawer closes it too.
    await openMenu.click();
    await expect(drawer).toBeVisible();
    await page.mouse.click(380, 400);
    await expect(drawer).toBeHidden();
  } else {
    await expect(nav).toBeVisible();
    await expect(openMenu).toBeHidden();
  }

  const screens: [string, string, string][] = [
    ['Order Management', '/dashboard/order-management', 'Manage Orders'],
    ['User Management', '/dashboard/user-management', 'Manage Users'],
    ['Bicycle Management', '/dashboard/bicycle-management', 'All Products'],
    ['Add Bicycle', '/dashboard/add-bicycle', 'Add Bicycle'],
    ['Dashboard', '/dashboard', `Welcome back, ${E2E_ADMIN.name}!`],
  ];
  for (const [entry, path, heading] of screens) {
    await goToSection(page, entry);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  await page.getByRole('button', { name: 'Open account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'View Profile' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);

  await openDashboardAsAdmin(page);
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('every dashboard screen fits the screen width', async ({ page, request }, testInfo) => {
  // Some rows in each list, so the screenshots show real tables.
  const [line] = await linesInStock(request, 1, 1);
  const customer = await signUp(request, 'Alex Screens', uniqueEmail('screens'), PASSWORD);
  await placePaidOrder(request, customer, line!.product._id, 1, line!.size);

  await openDashboardAsAdmin(page, '/dashboard/bicycle-management');
  const editPath = await page
    .getByRole('link', { name: /^Edit / })
    .first()
    .getAttribute('href');
  const screens: [string, string][] = [
    ['summary', '/dashboard'],
    ['orders', '/dashboard/order-management'],
    ['users', '/dashboard/user-management'],
    ['bicycles', '/dashboard/bicycle-management'],
    ['add-bicycle', '/dashboard/add-bicycle'],
    ['update-bicycle', editPath!],
  ];
  const keep = (name: string) => keepScreenshot(page, `dashboard-${testInfo.project.name}-${name}`);
  for (const [name, path] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(page.getByText('Loading...')).toHaveCount(0);
    // Wide tables scroll inside their frame; the page itself never scrolls sideways.
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - window.innerWidth',
    );
    expect(overflow, `${name} overflows`).toBeLessThanOrEqual(0);
    await keep(name);
  }
  if (testInfo.project.name === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Dashboard menu' })).toBeVisible();
    await keep('menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await keep('account-menu');
});
