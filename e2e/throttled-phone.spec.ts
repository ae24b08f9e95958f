import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product } from '../src/shared/contract/product.ts';
import { appStarted, newShopper, toast, type Shopper } from './support/account-journeys.ts';
import { card, cards, createBicycle } from './support/store-catalog.ts';
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

/** A one-size bicycle of the journey's own, in stock, found by its `brand`. */
function ownBicycle(
  request: APIRequestContext,
  brand: string,
  name: string,
  price: string,
  more: Record<string, string> = {},
): Promise<Product> {
  return createBicycle(request, {
    name,
    brand,
    category: 'Hybrid Bicycle',
    price,
    quantity: '4',
    description: 'A bicycle of its own for the throttled phone journey.',
    ...more,
  });
}

/** The wishlist the app keeps in the browser (`persist:wishlist`, each field itself JSON). */
async function savedWishlist(page: Page): Promise<{ _id: string }[]> {
  const raw = await page.evaluate(() =>
    (
      globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
    ).localStorage.getItem('persist:wishlist'),
  );
  if (!raw) return [];
  const outer = JSON.parse(raw) as { items?: string };
  return outer.items ? (JSON.parse(outer.items) as { _id: string }[]) : [];
}

/** Taps Add To Cart on a card of the shop narrowed to `brand`, before the scripts have run. */
async function tapAddOnCardEarly(page: Page, brand: string, name: string): Promise<void> {
  await page.goto(`/shop?searchTerm=${brand}`, { waitUntil: 'commit' });
  const add = card(page, name).getByRole('button', { name: 'Add To Cart' });
  await expect(add).toBeVisible();
  expect(await hasStarted(page), 'the scripts had not run when the button was tapped').toBe(false);
  await add.click();
}

/** The header's Cart, whose description counts the cart's lines. */
function cartLink(page: Page) {
  return page.getByRole('link', { name: 'Cart', exact: true });
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
    await expect(cartLink(page)).toHaveAccessibleDescription('1 item');

    await page.reload({ waitUntil: 'commit' });
    await appStarted(page);
    await expect(cartLink(page)).toHaveAccessibleDescription('1 item');
    await expect
      .poll(() => savedCart(page))
      .toEqual([expect.objectContaining({ _id: bicycle._id, size: 'M', buyingQuantity: 1 })]);
  });

  test('a search typed and sent early is searched', async ({ page, request }) => {
    const brand = uniqueBrand();
    const bicycle = await ownBicycle(request, brand, 'Early Tourer', '640');
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

  test("a card's Add To Cart tapped early adds the bicycle once, on its page", async ({
    page,
    request,
  }) => {
    const brand = uniqueBrand();
    const bicycle = await ownBicycle(request, brand, 'Early Roadster', '890');
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST') posts.push(new URL(req.url()).pathname);
    });
    await tapAddOnCardEarly(page, brand, bicycle.name);

    // The browser posted the card to the bicycle's page, which carries the press out once.
    await expect(toast(page, 'Item added to cart!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/bikes/${bicycle.slug}$`));
    await expect
      .poll(() => savedCart(page))
      .toEqual([expect.objectContaining({ _id: bicycle._id, buyingQuantity: 1 })]);
    await expect(cartLink(page)).toHaveAccessibleDescription('1 item');
    expect(posts).toEqual([`/bikes/${bicycle.slug}`]);

    await page.reload({ waitUntil: 'commit' });
    await appStarted(page);
    await expect(cartLink(page)).toHaveAccessibleDescription('1 item');
    expect(await savedCart(page)).toEqual([
      expect.objectContaining({ _id: bicycle._id, buyingQuantity: 1 }),
    ]);
  });

  test("a card's heart tapped early puts the bicycle in the wishlist once, on its page", async ({
    page,
    request,
  }) => {
    const brand = uniqueBrand();
    const bicycle = await ownBicycle(request, brand, 'Early Wanderer', '720');
    await page.goto(`/shop?searchTerm=${brand}`, { waitUntil: 'commit' });
    const heart = card(page, bicycle.name).getByRole('button', { name: 'Add to wishlist' });
    await expect(heart).toBeVisible();
    expect(await hasStarted(page), 'the scripts had not run when the heart was tapped').toBe(false);
    await heart.click();

    await expect(toast(page, 'Added to your wishlist!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/bikes/${bicycle.slug}$`));
    await expect
      .poll(() => savedWishlist(page))
      .toEqual([expect.objectContaining({ _id: bicycle._id })]);
    await page.reload({ waitUntil: 'commit' });
    await appStarted(page);
    await expect(page.getByRole('button', { name: 'Added to Wishlist' })).toBeVisible();
    expect(await savedWishlist(page)).toEqual([expect.objectContaining({ _id: bicycle._id })]);
  });

  test("a sized bicycle's card tapped early leads to its page's size choice", async ({
    page,
    request,
  }) => {
    const brand = uniqueBrand();
    const bicycle = await createBicycle(request, {
      name: 'Early Trailhead',
      brand,
      category: 'Mountain Bike',
      price: '1490',
      description: 'A sized mountain bike of its own for the throttled phone journey.',
      sizes: JSON.stringify([
        { label: 'S', quantity: 0, minHeightCm: 155, maxHeightCm: 166 },
        { label: 'M', quantity: 2, minHeightCm: 165, maxHeightCm: 177 },
      ]),
    });
    await tapAddOnCardEarly(page, brand, bicycle.name);

    // The card has no sizes to offer: the page asks for one, at its first size in stock.
    await expect(page).toHaveURL(new RegExp(`/bikes/${bicycle.slug}$`));
    await expect(toast(page, 'Choose a size')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'M', exact: true })).toBeFocused();
    await expect(cartLink(page)).toHaveAccessibleDescription('0 items');
    expect(await savedCart(page)).toEqual([]);
  });

  test('the menu opened early lets the shopper tap Shop', async ({ page }) => {
    await page.goto('/about', { waitUntil: 'commit' });
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(open).toBeVisible();
    expect(await hasStarted(page), 'the scripts had not run when the menu was opened').toBe(false);
    await open.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Shop', exact: true }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shop Now' })).toBeVisible();
    await expect(menu).toBeHidden();
  });

  test('a sort picked early sorts once the scripts have run', async ({ page, request }) => {
    const brand = uniqueBrand();
    for (const [name, price] of [
      ['Early Commuter', '480'],
      ['Early Randonneur', '1680'],
    ] as const) {
      await ownBicycle(request, brand, name, price);
    }
    await page.goto(`/shop?searchTerm=${brand}`, { waitUntil: 'commit' });
    await expect(cards(page)).toHaveCount(2);
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    expect(await hasStarted(page), 'the scripts had not run when the order was picked').toBe(false);
    await sort.selectOption('-price');

    await expect(page).toHaveURL(/sort=-price/);
    await expect(sort).toHaveValue('-price');
    await expect(cards(page).first()).toHaveAccessibleName('Early Randonneur');
    await expect(cards(page).last()).toHaveAccessibleName('Early Commuter');
  });

  test('a box ticked and a price typed early filter once the scripts have run', async ({
    page,
    request,
  }) => {
    const brand = uniqueBrand();
    for (const [name, frameMaterial, price] of [
      ['Early Alloy', 'Aluminium', '520'],
      ['Early Carbon', 'Carbon', '1450'],
      ['Early Steel', 'Steel', '610'],
    ] as const) {
      await ownBicycle(request, brand, name, price, { specs: JSON.stringify({ frameMaterial }) });
    }
    await page.goto(`/shop?searchTerm=${brand}`, { waitUntil: 'commit' });
    await expect(cards(page)).toHaveCount(3);
    // On a phone without scripts the filters open in place, from their link.
    await page.getByRole('link', { name: 'Filters' }).click();
    const filters = page.locator('#shop-filters');
    await filters.getByRole('checkbox', { name: 'Aluminium' }).check();
    await filters.getByRole('checkbox', { name: 'Carbon' }).check();
    await filters.getByLabel('Max price').fill('1000');
    expect(await hasStarted(page), 'the scripts had not run when the filters were set').toBe(false);

    await expect(page).toHaveURL(/frameMaterial=Aluminium/);
    await expect(page).toHaveURL(/frameMaterial=Carbon/);
    await expect(page).toHaveURL(/maxPrice=1000/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toHaveAccessibleName('Early Alloy');
  });
});
