import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Product } from '#shared/contract/product.ts';
import { appStarted } from './app-started.ts';
import { keepScreenshot } from './screenshots.ts';
import { addFromCard, IN_STOCK_SHOP } from './store-catalog.ts';
import { uniqueTag } from './unique.ts';

const API = '/api/v1';

export interface Shopper {
  name: string;
  email: string;
  password: string;
}

/** A shopper no other test, project or run has used. */
export function newShopper(prefix: string): Shopper {
  const tag = uniqueTag();
  return {
    name: `Rider ${tag.slice(-6)}`,
    email: `${prefix}-${tag}@example.test`,
    password: `pass-${tag}`,
  };
}

/** A toast, wherever sonner puts it. */
export function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

export { appStarted } from './app-started.ts';

export async function signUpInApp(page: Page, shopper: Shopper): Promise<void> {
  await page.goto('/sign-up');
  await appStarted(page);
  await page.getByLabel('Full Name').fill(shopper.name);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(toast(page, 'Signup successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

export async function signInInApp(page: Page, email: string, password: string): Promise<void> {
  await appStarted(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
}

/** Bicycles on the shop's first page with stock to spare, by name. */
async function orderableNames(request: APIRequestContext): Promise<Set<string>> {
  const res = await request.get(`${API}/products`, { params: { limit: 100 } });
  expect(res.ok()).toBe(true);
  const products = ((await res.json()) as { data: Product[] }).data;
  return new Set(products.filter((p) => p.quantity >= 5).map((p) => p.name));
}

/**
 * Opens the shop and returns the card of an orderable bicycle; `pick` spreads journeys over
 * different bicycles.
 */
export async function findBicycle(
  page: Page,
  pick: number,
): Promise<{ card: Locator; name: string }> {
  const names = await orderableNames(page.request);
  await page.goto(IN_STOCK_SHOP);
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const headings = await cards.getByRole('heading').allTextContents();
  const candidates = headings.map((h) => h.trim()).filter((h) => names.has(h));
  expect(candidates.length).toBeGreaterThan(0);
  const name = candidates[pick % candidates.length]!;
  const card = cards.filter({ has: page.getByRole('heading', { name, exact: true }) }).first();
  return { card, name };
}

export async function addBicycleToCart(page: Page, pick: number): Promise<string> {
  const { card, name } = await findBicycle(page, pick);
  // A bicycle with sizes asks for one first: the first in stock.
  await addFromCard(page, card);
  await expect(toast(page, 'Item added to cart!').first()).toBeVisible();
  return name;
}

export async function checkoutFromDrawer(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Cart', exact: true }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('button', { name: 'Checkout' }).click();
}

/** A delivery address the store's rules accept (a US postal code and phone number). */
export interface DeliveryAddress {
  name: string;
  phone: string;
  line1: string;
  city: string;
  region: string;
  postalCode: string;
  /** The country's name as the form lists it. */
  country: string;
}

export const PORTLAND_ADDRESS: DeliveryAddress = {
  name: 'Ada Rider',
  phone: '503 555 0123',
  line1: '42 SE Ankeny St',
  city: 'Portland',
  region: 'OR',
  postalCode: '97214',
  country: 'United States of America',
};

/** The checkout page, once the app runs it (its Place order button is the app's). */
export async function onCheckoutPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/checkout\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await appStarted(page);
}

/** On the checkout page: collection in the first shop listed, then Place order and pay. */
export async function placeOrderToCollect(
  page: Page,
  shop: RegExp = /^Bi-Cycle Store /,
): Promise<void> {
  await onCheckoutPage(page);
  await page.getByRole('radio', { name: 'Collect in store' }).check();
  await page.getByRole('radio', { name: shop }).first().check();
  await page.getByRole('button', { name: 'Place order and pay' }).click();
}

/** On the checkout page: delivery to a new address typed into the form, then Place order and pay. */
export async function placeOrderForDelivery(
  page: Page,
  address: DeliveryAddress = PORTLAND_ADDRESS,
): Promise<void> {
  await onCheckoutPage(page);
  await page.getByRole('radio', { name: 'Delivery' }).check();
  const newAddress = page.getByRole('radio', { name: 'A new address' });
  if ((await newAddress.count()) > 0) await newAddress.check();
  await page.getByLabel('Country').selectOption({ label: address.country });
  await page.getByLabel('Full name').fill(address.name);
  await page.getByLabel('Phone number').fill(address.phone);
  await page.getByLabel('Address', { exact: true }).fill(address.line1);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('State or region (optional)').fill(address.region);
  await page.getByLabel('Postal code').fill(address.postalCode);
  await page.getByRole('button', { name: 'Place order and pay' }).click();
}

/** Fills the sandbox provider's card form and submits it. */
/** Fills the sandbox payment page and presses Pay, without waiting for where that leads. */
export async function submitCard(page: Page, cardNumber: string): Promise<void> {
  await expect(page).toHaveURL(/\/api\/v1\/payments\/sandbox\/checkout\//);
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
}

export async function payWithCard(page: Page, cardNumber: string): Promise<void> {
  await submitCard(page, cardNumber);
  await expect(page).toHaveURL(/\/payment-success\?order_id=/);
}

/** The row (wide screens) or card (phones) of an order in My Orders. */
export function orderEntry(page: Page, productName: string): Locator {
  return page
    .getByRole('row')
    .or(page.getByRole('listitem'))
    .filter({ hasText: productName })
    .filter({ visible: true })
    .first();
}

export async function shot(page: Page, name: string, projectName: string): Promise<void> {
  await keepScreenshot(page, `accounts-${name}-${projectName}`);
}

interface BrowserStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The persisted session (`persist:auth`) as stored in the browser. */
export function storedSession(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.getItem(
        'persist:auth',
      ) ?? '',
  );
}

/** Swaps the stored access token, as if it had expired while the tab was closed. */
export async function replaceStoredToken(page: Page, token: string): Promise<void> {
  await page.evaluate((next) => {
    const storage = (globalThis as unknown as { localStorage: BrowserStorage }).localStorage;
    const raw = storage.getItem('persist:auth');
    if (!raw) throw new Error('no stored session');
    const session = JSON.parse(raw) as Record<string, string>;
    session.token = JSON.stringify(next);
    storage.setItem('persist:auth', JSON.stringify(session));
  }, token);
}

export function imageLoaded(image: Locator): Promise<boolean> {
  return image.evaluate((img) => {
    const el = img as unknown as { complete: boolean; naturalWidth: number };
    return el.complete && el.naturalWidth > 0;
  });
}
