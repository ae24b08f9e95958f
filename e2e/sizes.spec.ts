import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  checkoutFromDrawer,
  newShopper,
  payWithCard,
  placeOrderToCollect,
  signUpInApp,
  toast,
} from './support/account-journeys.ts';
import { pageWidth } from './support/page-layout.ts';
import { listProducts, searchShop, type CatalogProduct } from './support/store-catalog.ts';

/**
 * A demo bicycle with sizes, some sold out and one with stock to spare; `pick` spreads the
 * projects over different bicycles, since they share one store.
 */
/**
 * A demo bicycle with a sold-out size, one with stock and its specs stated (bicycles other journeys
 * make may state none, and the page then has no specifications table).
 */
async function sizedBicycle(request: APIRequestContext, pick: number): Promise<CatalogProduct> {
  // Oldest first: the demo catalog, ahead of the many bicycles the journeys add.
  const { data } = await listProducts(request, { limit: 100, sort: 'createdAt' });
  const candidates = data.filter(
    (p) =>
      (p.sizes ?? []).some((s) => s.quantity === 0) &&
      (p.sizes ?? []).some((s) => s.quantity >= 2) &&
      Object.values(p.specs ?? {}).some((value) => value !== null),
  );
  expect(candidates.length).toBeGreaterThan(1);
  return candidates[pick % candidates.length]!;
}

async function sizeStock(request: APIRequestContext, id: string, label: string): Promise<number> {
  const res = await request.get(`/api/v1/products/${id}`);
  const product = ((await res.json()) as { data: CatalogProduct }).data;
  return product.sizes?.find((s) => s.label === label)?.quantity ?? -1;
}

test('a rider chooses a size, sees it in the cart and buys it', async ({ page, request }, info) => {
  await signUpInApp(page, newShopper('sizes'));
  const bicycle = await sizedBicycle(request, info.project.name === 'desktop' ? 0 : 1);
  const sizes = bicycle.sizes ?? [];
  const soldOut = sizes.find((s) => s.quantity === 0)!;
  const wanted = sizes.find((s) => s.quantity >= 2)!;
  const before = await sizeStock(request, bicycle._id, wanted.label);

  await page.goto('/shop');
  const productCard = await searchShop(page, bicycle.name);
  await productCard.getByRole('button', { name: 'Add To Cart' }).click();

  // The card asks for the size first: sold-out sizes are there but cannot be picked.
  const chooser = page.getByRole('dialog', { name: 'Choose a size' });
  await expect(chooser.getByRole('radio', { name: `${soldOut.label} (Sold out)` })).toBeDisabled();
  await chooser.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(chooser.getByRole('alert')).toHaveText('Choose a size');
  await chooser.getByRole('radio', { name: wanted.label, exact: true }).check();
  await chooser.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Item added to cart!').first()).toBeVisible();
  await expect(chooser).toBeHidden();

  await page.getByRole('link', { name: 'Cart', exact: true }).click();
  const line = page.getByRole('dialog', { name: 'Your Cart' }).getByRole('listitem').filter({
    hasText: bicycle.name,
  });
  await expect(line.getByText(`Size: ${wanted.label}`)).toBeVisible();
  await page.keyboard.press('Escape');

  await checkoutFromDrawer(page);
  await expect(page.getByRole('region', { name: 'Your bicycle' })).toContainText(wanted.label);
  await placeOrderToCollect(page);
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  // The unit came out of that size's stock.
  expect(await sizeStock(request, bicycle._id, wanted.label)).toBe(before - 1);
});

test('the bicycle page shows the size chart and the specs, and Buy Now asks for a size', async ({
  page,
  request,
}) => {
  const bicycle = await sizedBicycle(request, 2);
  // The narrowest phones the store supports: everything fits without sideways panning.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/bikes/${bicycle.slug ?? ''}`);
  const main = page.getByRole('main');
  const chart = main.getByRole('table', { name: 'Size chart' });
  await expect(chart.getByRole('row')).toHaveCount((bicycle.sizes ?? []).length + 1);
  for (const size of bicycle.sizes ?? [])
    await expect(chart.getByRole('row', { name: new RegExp(`^${size.label} `) })).toContainText(
      size.quantity > 0 ? 'In stock' : 'Sold out',
    );
  await expect(main.getByRole('table', { name: 'Specifications' })).toBeVisible();

  await main.getByRole('button', { name: 'Buy Now' }).click();
  await expect(main.getByRole('group', { name: 'Size' }).getByRole('alert')).toHaveText(
    'Choose a size',
  );
  // A sold-out size offers a stock alert for that size.
  const soldOut = (bicycle.sizes ?? []).find((s) => s.quantity === 0)!;
  await main.getByRole('button', { name: `Notify me: ${soldOut.label}` }).click();
  await expect(main.getByRole('form', { name: 'Notify me when back in stock' })).toContainText(
    `Size ${soldOut.label} is sold out.`,
  );
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
});
