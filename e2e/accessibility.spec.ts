import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Order } from '../src/shared/contract/order.ts';
import type { Product } from '../src/shared/contract/product.ts';
import { appStarted, newShopper, signInInApp } from './support/account-journeys.ts';
import { seriousViolations } from './support/axe.ts';
import { openDashboardAsAdmin } from './support/dashboard-session.ts';
import { placePaidOrder, signUp, type Session } from './support/dashboard-api.ts';
import { E2E_ADMIN } from './global-setup.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { addFromCard, cards, IN_STOCK_SHOP, newOneSizeBicycle } from './support/store-catalog.ts';

/** The narrowest phone the store is laid out for. */
const NARROW = { width: 360, height: 780 };

interface BrowserElement {
  tagName: string;
  className: unknown;
  textContent: string | null;
  parentElement: BrowserElement | null;
  getBoundingClientRect(): { right: number };
}

interface BrowserWindow {
  innerWidth: number;
  getComputedStyle(element: BrowserElement): { overflowX: string; position: string };
  document: {
    documentElement: { scrollWidth: number; clientWidth: number };
    querySelectorAll(selector: string): ArrayLike<BrowserElement>;
  };
}

/**
 * What reaches past the right edge of the screen: nothing when the page fits, else the elements
 * to blame. A phone browser widens `innerWidth` to take in a page that is too wide, so the root's
 * `clientWidth` (the screen less any scrollbar) is the edge too. Elements inside a scroll box are
 * left out unless positioned, as a positioned one can escape its box.
 */
function pastRightEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const win = globalThis as unknown as BrowserWindow;
    const root = win.document.documentElement;
    const edge = Math.min(win.innerWidth, root.clientWidth);
    if (root.scrollWidth <= edge) return [];
    const inScrollBox = (element: BrowserElement) => {
      for (let up = element.parentElement; up; up = up.parentElement)
        if (win.getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    const blamed = Array.from(win.document.querySelectorAll('body *')).filter(
      (element) =>
        element.getBoundingClientRect().right > edge + 0.5 &&
        (!inScrollBox(element) || win.getComputedStyle(element).position !== 'static'),
    );
    return [
      `the page is ${String(root.scrollWidth)} px wide on a ${String(edge)} px screen`,
      ...blamed.slice(0, 8).map((element) => {
        const classes = typeof element.className === 'string' ? element.className : '';
        const text = (element.textContent ?? '').trim().slice(0, 30);
        return `${element.tagName.toLowerCase()} "${text}" .${classes.slice(0, 60)}`;
      }),
    ];
  });
}

async function expectFitsScreen(page: Page, label: string): Promise<void> {
  await expect.poll(() => pastRightEdge(page), { message: label }).toEqual([]);
}

/**
 * The page as its visitor sees it: axe finds nothing serious at the project's width, and the page
 * is no wider than the screen there nor at 360 px.
 */
async function checkPage(page: Page, name: string, ready: Locator, projectName: string) {
  await expect(ready).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  expect(await seriousViolations(page), `${name}: axe`).toEqual([]);
  await expectFitsScreen(page, `${name} at ${projectName} width`);
  await keepScreenshot(page, `a11y-${projectName}-${name}`, { fullPage: false });

  const original = page.viewportSize();
  await page.setViewportSize(NARROW);
  await expect(ready).toBeVisible();
  await expectFitsScreen(page, `${name} at 360 px`);
  await keepScreenshot(page, `a11y-360-${projectName}-${name}`, { fullPage: false });
  if (original) await page.setViewportSize(original);
}

/** Opens an overlay with `trigger`, checks it with axe, and closes it with Escape. */
async function checkOverlay(page: Page, trigger: Locator, overlay: Locator, name: string) {
  await trigger.click();
  await expect(overlay).toBeVisible();
  expect(await seriousViolations(page), `${name}: axe`).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
}

function h1(page: Page): Locator {
  return page.getByRole('heading', { level: 1 });
}

interface Fixture {
  customer: Session & { password: string };
  order: Order;
  product: Product;
}

let fixture: Promise<Fixture> | undefined;

/** One customer with one paid order, shared by the journeys below. */
function customerWithOrder(request: APIRequestContext): Promise<Fixture> {
  fixture ??= (async () => {
    const shopper = newShopper('a11y');
    const session = await signUp(request, shopper.name, shopper.email, shopper.password);
    const product = await newOneSizeBicycle(request, 5, 'Checkline');
    const order = await placePaidOrder(request, session, product._id, 1);
    return { customer: { ...session, password: shopper.password }, order, product };
  })();
  return fixture;
}

async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await signInInApp(page, email, password);
  await expect(page).not.toHaveURL(/\/sign-in$/);
}

test.describe('signed out', () => {
  const PAGES: [name: string, path: string, ready: (page: Page) => Locator][] = [
    ['home', '/', (page) => page.getByRole('region', { name: 'Featured Products' })],
    ['shop', '/shop', (page) => cards(page).first()],
    ['shop-road', '/shop?category=Road%20Bicycle', (page) => cards(page).first()],
    ['about', '/about', h1],
    ['contact', '/contact', h1],
    ['sign-in', '/sign-in', h1],
    ['sign-up', '/sign-up', h1],
    ['forgot-password', '/forgot-password', h1],
    ['not-found', '/no-such-page', h1],
  ];

  for (const [name, path, ready] of PAGES) {
    test(`${name}: no serious axe violation, no wider than the screen`, async ({
      page,
    }, testInfo) => {
      await page.goto(path);
      await checkPage(page, name, ready(page), testInfo.project.name);
    });
  }

  test('a bicycle page: no serious axe violation, no wider than the screen', async ({
    page,
    request,
  }, testInfo) => {
    const { product } = await customerWithOrder(request);
    await page.goto(`/bikes/${product.slug}`);
    await checkPage(page, 'bicycle', h1(page), testInfo.project.name);
  });

  test('a sold-out bicycle page: no serious axe violation, no wider than the screen', async ({
    page,
    request,
  }, testInfo) => {
    const res = await request.get('/api/v1/products', {
      params: { stock: 'outOfStock', limit: 1 },
    });
    expect(res.ok()).toBe(true);
    const [soldOut] = ((await res.json()) as { data: Product[] }).data;
    expect(soldOut, 'a sold-out bicycle').toBeDefined();
    await page.goto(`/bikes/${soldOut!.slug}`);
    await checkPage(page, 'bicycle-sold-out', h1(page), testInfo.project.name);
  });

  test('the cart and the wishlist with a bicycle in each: no serious axe violation, no wider than the screen', async ({
    page,
  }, testInfo) => {
    await page.goto(IN_STOCK_SHOP);
    // This journey checks the cart's and the wishlist's pages; taps made before the app has
    // started are the ssr and throttled-phone journeys' subject.
    await appStarted(page);
    const first = cards(page).first();
    await addFromCard(page, first);
    await first.hover();
    await first.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page.getByRole('link', { name: 'Cart', exact: true })).toHaveAccessibleDescription(
      '1 item',
    );

    await page.goto('/cart');
    await checkPage(page, 'cart', page.getByRole('table'), testInfo.project.name);
    await page.goto('/wish-list');
    await checkPage(page, 'wish-list', page.getByRole('table'), testInfo.project.name);
  });

  test('the empty cart and wishlist: no serious axe violation, no wider than the screen', async ({
    page,
  }, testInfo) => {
    await page.goto('/cart');
    await checkPage(page, 'cart-empty', page.getByText('No items in cart'), testInfo.project.name);
    await page.goto('/wish-list');
    await checkPage(
      page,
      'wish-list-empty',
      page.getByText('No items in wishlist'),
      testInfo.project.name,
    );
  });

  test('the payment result, asking to sign in: no serious axe violation, no wider than the screen', async ({
    page,
    request,
  }, testInfo) => {
    const { order } = await customerWithOrder(request);
    await page.goto(`/payment-success?order_id=${order._id}`);
    await checkPage(
      page,
      'payment-signed-out',
      page.getByRole('heading', { name: 'Sign in to see your payment' }),
      testInfo.project.name,
    );
  });
});

test.describe('as a customer', () => {
  test('home, my orders, my profile and the payment result: no serious axe violation, no wider than the screen', async ({
    page,
    request,
  }, testInfo) => {
    const { customer, order } = await customerWithOrder(request);
    await signInAs(page, customer.user.email, customer.password);
    const project = testInfo.project.name;

    await page.goto('/');
    await checkPage(
      page,
      'customer-home',
      page.getByRole('button', { name: 'Account menu' }),
      project,
    );

    await page.goto('/orders');
    await checkPage(
      page,
      'orders',
      page.getByText(order.product.name).filter({ visible: true }).first(),
      project,
    );

    await page.goto('/me');
    await checkPage(
      page,
      'me',
      page.getByRole('heading', { name: 'Account Preferences' }),
      project,
    );

    await page.goto(`/payment-success?order_id=${order._id}`);
    await checkPage(
      page,
      'payment-success',
      page.getByRole('heading', { name: 'Payment Successful!' }),
      project,
    );
  });

  test('the open bicycle details, cart drawer, menu and account menu: no serious axe violation', async ({
    page,
    request,
  }) => {
    const { customer } = await customerWithOrder(request);
    await signInAs(page, customer.user.email, customer.password);
    await page.goto('/shop');
    await checkOverlay(
      page,
      cards(page).first().getByRole('link', { name: 'View Details' }),
      page.getByRole('dialog'),
      'details dialog',
    );
    await checkOverlay(
      page,
      page.getByRole('link', { name: 'Cart', exact: true }),
      page.getByRole('dialog', { name: 'Your Cart' }),
      'cart drawer',
    );
    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible())
      await checkOverlay(
        page,
        menu,
        page.getByRole('navigation', { name: 'Mobile' }),
        'mobile menu',
      );

    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await seriousViolations(page), 'account menu: axe').toEqual([]);
  });
});

test.describe('as an admin', () => {
  const SCREENS: [name: string, path: string, ready: (page: Page) => Locator][] = [
    ['dashboard', '/dashboard', (page) => page.getByRole('region', { name: 'Total Sales' })],
    ['order-management', '/dashboard/order-management', (page) => page.getByRole('table')],
    ['user-management', '/dashboard/user-management', (page) => page.getByRole('table')],
    [
      'bicycle-management',
      '/dashboard/bicycle-management',
      (page) => page.getByRole('table', { name: 'Inventory' }),
    ],
    [
      'add-bicycle',
      '/dashboard/add-bicycle',
      (page) => page.getByRole('button', { name: 'Add Bicycle' }),
    ],
  ];

  for (const [name, path, ready] of SCREENS) {
    test(`${name}: no serious axe violation, no wider than the screen`, async ({
      page,
      request,
    }, testInfo) => {
      // A paid order, so the orders table and the figures are not empty.
      await customerWithOrder(request);
      await openDashboardAsAdmin(page, path);
      await checkPage(page, name, ready(page), testInfo.project.name);
    });
  }

  test('update-bicycle: no serious axe violation, no wider than the screen', async ({
    page,
    request,
  }, testInfo) => {
    const { product } = await customerWithOrder(request);
    await openDashboardAsAdmin(page, `/dashboard/bicycle-management/${product._id}`);
    await checkPage(
      page,
      'update-bicycle',
      page.getByRole('heading', { name: 'Update Bicycle' }),
      testInfo.project.name,
    );
  });

  test('the store front signed in as the admin: no serious axe violation', async ({
    page,
  }, testInfo) => {
    await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/me');
    await checkPage(
      page,
      'admin-me',
      page.getByRole('heading', { name: 'Account Preferences' }),
      testInfo.project.name,
    );
  });

  test('the open sidebar drawer and account menu: no serious axe violation', async ({ page }) => {
    await openDashboardAsAdmin(page, '/dashboard');
    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible())
      await checkOverlay(
        page,
        menu,
        page.getByRole('dialog', { name: 'Dashboard menu' }),
        'sidebar drawer',
      );
    // On a phone the sign-in toast sits over the header's right end, and a pointer resting on it
    // (the menu button's tap left it there) pauses it: the pointer moves off, the toast goes by
    // itself.
    await page.mouse.move(1, (page.viewportSize()?.height ?? 800) - 1);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Open account menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await seriousViolations(page), 'account menu: axe').toEqual([]);
  });

  test('at 1280 px the dashboard tables show every column, the row actions without scrolling', async ({
    page,
    request,
  }) => {
    await customerWithOrder(request);
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const [path, action] of [
      ['/dashboard/order-management', /^Action for the order of /],
      ['/dashboard/user-management', /^Action for /],
    ] as const) {
      await openDashboardAsAdmin(page, path);
      const table = page.getByRole('table');
      const firstRow = table.getByRole('row').nth(1);
      // In view with nothing scrolled: not cut off by the table's sideways scroll box either.
      await expect(firstRow.getByRole('combobox', { name: action })).toBeInViewport({ ratio: 1 });
      for (const header of await table.getByRole('columnheader').all())
        await expect(header).toBeInViewport({ ratio: 1 });
    }
  });
});
