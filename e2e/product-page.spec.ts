import { expect, test } from '@playwright/test';
import { inFreshBrowser } from './support/fresh-browser.ts';
import {
  newShopper,
  payWithCard,
  placeOrderToCollect,
  signUpInApp,
  toast,
} from './support/account-journeys.ts';
import {
  chooseFirstSize,
  cards,
  closeFilters,
  listProducts,
  openFilters,
} from './support/store-catalog.ts';

test('a shopper opens a bicycle page from the shop and buys it', async ({ page, request }) => {
  await signUpInApp(page, newShopper('product-page'));
  const { data } = await listProducts(request, { stock: 'inStock', sort: 'name', limit: 1 });
  const bicycle = data[0]!;

  await page.goto(`/shop?stock=inStock&sort=name`);
  const card = page.getByRole('article', { name: bicycle.name, exact: true });
  await card.getByRole('link', { name: bicycle.name }).click();
  await expect(page).toHaveURL(/\/bikes\/[a-z0-9-]+$/);

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(bicycle.name);
  await expect(main.getByText(`Brand: ${bicycle.brand}`)).toBeVisible();
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  const [product] = JSON.parse(ld ?? '[]') as [
    { name: string; sku: string; offers: { price: number; priceCurrency: string } },
  ];
  expect(product).toMatchObject({
    name: bicycle.name,
    sku: bicycle._id,
    offers: { price: bicycle.price, priceCurrency: 'USD' },
  });

  // A bicycle with sizes is added and bought in the size picked.
  const sizes = main.getByRole('group', { name: 'Size' });
  if ((bicycle.sizes ?? []).length > 0) await chooseFirstSize(sizes);
  await main.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(toast(page, 'Item added to cart!')).toBeVisible();

  await main.getByRole('button', { name: 'Buy Now', exact: true }).click();
  await placeOrderToCollect(page);
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});

test('a filtered shop comes back with Back after a bicycle page', async ({ page, request }) => {
  const road = await listProducts(request, { category: 'Road Bicycle', limit: 24 });
  expect(road.data.length).toBeGreaterThan(1);

  await page.goto('/shop');
  await openFilters(page);
  await page.getByRole('button', { name: 'Road Bicycle', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\?category=Road\+Bicycle$/);
  await closeFilters(page);
  await expect(cards(page).getByRole('heading', { level: 3 })).toHaveText(
    road.data.map((p) => p.name),
  );

  const chosen = road.data[1]!;
  await page
    .getByRole('article', { name: chosen.name, exact: true })
    .getByRole('link', { name: chosen.name })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen.name);

  await page.goBack();
  await expect(page).toHaveURL(/\/shop\?category=Road\+Bicycle$/);
  await openFilters(page);
  await expect(page.getByRole('button', { name: 'Road Bicycle', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await closeFilters(page);
  await expect(cards(page).getByRole('heading', { level: 3 })).toHaveText(
    road.data.map((p) => p.name),
  );

  // Reloading the filtered address shows the same bicycles.
  await page.reload();
  await expect(cards(page).getByRole('heading', { level: 3 })).toHaveText(
    road.data.map((p) => p.name),
  );
});

test('a filtered shop address shows the same filters and bicycles in another browser', async ({
  page,
  browser,
  baseURL,
  request,
}, testInfo) => {
  const address = '/shop?category=Mountain%20Bike&sort=price';
  const expected = await listProducts(request, {
    category: 'Mountain Bike',
    sort: 'price',
    limit: 24,
  });
  expect(expected.data.length).toBeGreaterThan(1);

  await page.goto(address);
  const names = cards(page).getByRole('heading', { level: 3 });
  await expect(names).toHaveText(expected.data.map((p) => p.name));
  const listed = await names.allTextContents();

  // A browser that has never seen the store: nothing saved, only the address.
  await inFreshBrowser(browser, testInfo, baseURL, async (elsewhere) => {
    await elsewhere.goto(address);
    await openFilters(elsewhere);
    await expect(
      elsewhere.getByRole('button', { name: 'Mountain Bike', exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    for (const category of ['Road Bicycle', 'Kids Bicycles', 'Electric Bikes'])
      await expect(elsewhere.getByRole('button', { name: category, exact: true })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    await expect(
      elsewhere.getByText(`${String(expected.meta.total)} results`, { exact: true }),
    ).toBeVisible();
    await closeFilters(elsewhere);
    await expect(cards(elsewhere).getByRole('heading', { level: 3 })).toHaveText(listed);
    await expect(elsewhere).toHaveURL(/\/shop\?category=Mountain(%20|\+)Bike&sort=price$/);
  });
});
