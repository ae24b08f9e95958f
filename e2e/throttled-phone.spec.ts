import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product } from '../src/shared/contract/product.ts';
import { appStarted, newShopper, toast, type Shopper } from './support/account-journeys.ts';
import { card, createBicycle } from './support/store-catalog.ts';
import { uniqueBrand } from './support/unique.ts';

/**
 * A slow phone's first seconds (DESIGN.md sections 1 and 5): the page is on screen long before its
 * scripts have run, and what the shopper does meanwhile must not be lost or done twice.
 */

/** 400 kbit/s each way, in bytes per second. */
const THROUGHPUT = (400 * 1024) / 8;

/** A phone on a slow network with a slow processor, for this page only. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: THROUGHPUT,
    uploadThroughput: THROUGHPUT,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Whether React has taken over the server's HTML (the marker `appStarted` waits for). */
function hasStarted(page: Page): Promise<boolean> {
  return page
    .locator('#root')
    .evaluate((root: object) =>
      Object.keys(root).some((key) => key.startsWith('__reactContainer')),
    );
}

async function registered(request: APIRequestContext): Promise<Shopper> {
  const shopper = newShopper('throttled');
  const res = await request.post('/api/v1/auth/register', { data: shopper });
  expect(res.status()).toBe(201);
  return shopper;
}

interface SavedLine {
  _id: string;
  size?: string | null;
  buyingQuantity: number;
}

/**
 * The cart the app keeps in the browser (`persist:cart`, each field itself JSON), written shortly
 * after each change.
 */
async function savedCart(page: Page): Promise<SavedLine[]> {
  const raw = await page.evaluate(() =>
    (
      globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
    ).localStorage.getItem('persist:cart'),
  );
  if (!raw) return [];
  const outer = JSON.parse(raw) as { cartItems?: string };
  return outer.cartItems ? (JSON.parse(outer.cartItems) as SavedLine[]) : [];
}

test.describe('a throttled phone, before its scripts have run', () => {
  // A slow phone takes seconds over each page and its scripts; the journeys stay well within this.
  test.setTimeout(45_000);

  test.beforeEach(async ({ page }) => {
    await throttle(page);
  });

  test('a sign-in typed and sent as the form shows signs in, once', async ({ page, request }) => {
    const shopper = await registered(request);
    const sent: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      const isSignIn =
        (req.method() === 'POST' && path === '/sign-in') || path === '/api/v1/auth/login';
      if (isSignIn) sent.push(`${req.method()} ${path}`);
    });
    await page.goto('/sign-in', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    expect(await hasStarted(page), 'the scripts had not run when the form was sent').toBe(false);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await appStarted(page);
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    expect(sent).toEqual(['POST /sign-in']);
  });

  test('a size chosen and Add to Cart pressed early put that size in the cart, once', async ({
    page,
    request,
  }) => {
    const bicycle: Product = await createBicycle(request, {
      name: 'Early Climber',
      brand: uniqueBrand(),
      category: 'Mountain Bike',
      price: '1299',
      description: 'A mountain bike of its own for the throttled phone journey.',
      sizes: JSON.stringify([
        { label: 'S', quantity: 3, minHeightCm: 155, maxHeightCm: 166 },
        { label: 'M', quantity: 3, minHeightCm: 165, maxHeightCm: 177 },
        { label: 'L', quantity: 3, minHeightCm: 176, maxHeightCm: 188 },
      ]),
    });
    await page.goto(`/bikes/${bicycle.slug}`, { waitUntil: 'commit' });
    const medium = page.getByRole('radio', { name: 'M', exact: true });
    await medium.check();
    expect(await hasStarted(page), 'the scripts had not run when the button was pressed').toBe(
      false,
    );
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();

    await expect(toast(page, 'Item added to cart!')).toBeVisible();
    // The intent is carried out and leaves the address: a reload has nothing to do again.
    await expect(page).toHaveURL(new RegExp(`/bikes/${bicycle.slug}$`));
    await expect(medium).toBeChecked();
    await expect
      .poll(() => savedCart(page))
      .toEqual([expect.objectContaining({ _id: bicycle._id, size: 'M', buyingQuantity: 1 })]);
    await expect(
      page.getByRole('button', { name: 'Cart', exact: true }),
    ).toHaveAccessibleDescription('1 item');

    await page.reload({ waitUntil: 'commit' });
    await appStarted(page);
    await expect(
      page.getByRole('button', { name: 'Cart', exact: true }),
    ).toHaveAccessibleDescription('1 item');
    await expect
      .poll(() => savedCart(page))
      .toEqual([expect.objectContaining({ _id: bicycle._id, size: 'M', buyingQuantity: 1 })]);
  });

  test('a search typed and sent early is searched', async ({ page, request }) => {
    const brand = uniqueBrand();
    const bicycle = await createBicycle(request, {
      name: 'Early Tourer',
      brand,
      category: 'Hybrid Bicycle',
      price: '640',
      quantity: '4',
      description: 'A hybrid of its own for the throttled phone journey.',
    });
    await page.goto('/', { waitUntil: 'commit' });
    // On a phone the box is behind its icon, a disclosure that opens without scripts.
    await page.locator('summary[aria-label="Search"]').first().click();
    const box = page.getByRole('combobox', { name: 'Search bicycles' });
    await box.fill(brand);
    expect(await hasStarted(page), 'the scripts had not run when the search was sent').toBe(false);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/shop\\?.*searchTerm=${brand}`));
    await expect(card(page, bicycle.name)).toBeVisible();
  });
});
