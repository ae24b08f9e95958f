import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Product } from '#shared/contract/product.ts';
import { appStarted } from './app-started.ts';
import { signInAdmin } from './dashboard-api.ts';
import { uniqueTag } from './unique.ts';

export interface CatalogProduct {
  _id: string;
  name: string;
  brand: string;
  category: string;
  price: number;
  quantity: number;
  description: string;
  slug?: string;
  /** Empty for a one-size bicycle. */
  sizes?: { label: string; quantity: number; minHeightCm: number; maxHeightCm: number }[];
  /** What the maker states; absent when nothing is. */
  specs?: Record<string, string | number | null>;
}

interface Page_<T> {
  data: T[];
  meta: { total: number; totalPages: number };
}

/** GET /products with the given query, as the shop would send it. */
export async function listProducts(
  request: APIRequestContext,
  query: Record<string, string | number> = {},
): Promise<Page_<CatalogProduct>> {
  const res = await request.get('/api/v1/products', { params: { limit: 100, ...query } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Page_<CatalogProduct>;
}

/**
 * A one-size demo bicycle in the spec's "In Stock" class (5 or more), whatever other journeys
 * have bought from it meanwhile.
 */
export async function productInStock(request: APIRequestContext): Promise<CatalogProduct> {
  const { data } = await listProducts(request);
  const found = data.find((p) => p.quantity >= 5 && (p.sizes ?? []).length === 0);
  expect(found, 'a one-size product in stock').toBeDefined();
  return found!;
}

/**
 * A new one-size bicycle with `quantity` in stock, made through the admin API, for a journey that
 * buys: the demo catalog's stock is shared by every journey of both projects.
 */
export async function newOneSizeBicycle(
  request: APIRequestContext,
  quantity: number,
  name = 'Cartline',
): Promise<Product> {
  return createBicycle(request, {
    name: `${name} ${uniqueTag()}`,
    brand: 'Limitworks',
    category: 'BMX Bike',
    price: '349',
    quantity: String(quantity),
    description: 'A one-size bicycle of its own for one journey.',
  });
}

/** A bicycle made through the admin API from the dashboard form's fields. */
export async function createBicycle(
  request: APIRequestContext,
  fields: Record<string, string>,
): Promise<Product> {
  const admin = await signInAdmin(request);
  const res = await request.post('/api/v1/products', {
    headers: { Authorization: admin.token },
    multipart: fields,
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Product }).data;
}

/**
 * The toast with this text, then closed, so the next step cannot pass on a stale one (identical
 * notices replace each other) and the header's buttons stay clear. Behind an open dialog a pointer
 * on the close button would close the dialog instead, so there the button is pressed from the page's
 * script rather than by waiting out sonner's four seconds.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast.first()).toBeVisible();
  const close = toast.first().getByRole('button', { name: 'Close toast' });
  if ((await page.getByRole('dialog').count()) === 0) await close.click();
  else
    await close.evaluate((button: { click(): void }) => {
      button.click();
    });
  await expect(toast).toHaveCount(0);
}

/** The product cards of the grid. */
export function cards(page: Page): Locator {
  return page.getByRole('main').getByRole('article');
}

/**
 * The shop's bicycles in stock. The newest come first, and in a store the journeys share those are
 * often their sold-out and low-stock test bicycles.
 */
export const IN_STOCK_SHOP = '/shop?stock=inStock';

export function card(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

/** The filter sheet of a phone (on a desktop the sidebar holds the filters). */
export function filterSheet(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Filters' });
}

/** On a phone the filters are in a sheet: opens it. On a desktop the sidebar is always there. */
export async function openFilters(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Shop Now' })).toBeVisible();
  // Before the app has started the link shows the sidebar in place instead of the sheet, and what
  // is typed into the panel waits for "Apply filters".
  await appStarted(page);
  const link = page.getByRole('link', { name: 'Filters', exact: true });
  if (!(await link.isVisible())) return;
  await link.click();
  await expect(filterSheet(page)).toBeVisible();
}

/**
 * Closes the phone's filter sheet with its "Show N results" button, back to the results (which
 * the sheet hides from the accessibility tree while open). Nothing to do on a desktop.
 */
export async function closeFilters(page: Page): Promise<void> {
  const sheet = filterSheet(page);
  if (!(await sheet.isVisible())) return;
  await sheet.getByRole('button', { name: /^Show / }).click();
  await expect(sheet).toBeHidden();
}

/** Narrows the shop to one bicycle by its name and waits for its card. */
export async function searchShop(page: Page, name: string): Promise<Locator> {
  // Text typed into the shop's own search box before the app has started is not searched yet.
  await appStarted(page);
  await openFilters(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await closeFilters(page);
  await expect(cards(page)).toHaveCount(1);
  return card(page, name);
}

/** Picks the first size that is in stock in a size chooser (the chips are a radio group). */
export async function chooseFirstSize(scope: Locator): Promise<string> {
  const radio = scope.getByRole('radio', { disabled: false }).first();
  const label = (await radio.getAttribute('aria-label')) ?? '';
  await radio.check();
  return label.replace(/ \(Your size\)$/, '');
}

/**
 * Add To Cart on a card: a bicycle with sizes asks for the size first (the first one in stock is
 * taken). Answers the size chosen, or null for a one-size bicycle.
 */
export async function addFromCard(page: Page, productCard: Locator): Promise<string | null> {
  // Before the app has started the button posts to the bicycle's page (throttled-phone.spec.ts).
  await appStarted(page);
  await productCard.getByRole('button', { name: 'Add To Cart' }).click();
  const sizeDialog = page.getByRole('dialog', { name: 'Choose a size' });
  const toast = page.getByRole('listitem').filter({ hasText: /Item added to cart!|stock/ });
  await expect(sizeDialog.or(toast).first()).toBeVisible();
  if (!(await sizeDialog.isVisible())) return null;
  const size = await chooseFirstSize(sizeDialog);
  await sizeDialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(sizeDialog).toBeHidden();
  return size;
}
