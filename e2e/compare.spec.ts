import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product } from '../src/shared/contract/product.ts';
import type { ProductGeometry } from '../src/shared/contract/product-geometry.ts';
import { appStarted } from './support/account-journeys.ts';
import { createBicycle } from './support/store-catalog.ts';
import { openDashboardAsAdmin } from './support/dashboard-session.ts';
import { pageWidth } from './support/page-layout.ts';
import { expectTappable } from './support/tap.ts';
import { seriousViolations } from './support/axe.ts';
import { uniqueTag } from './support/unique.ts';

/** A rider the M frames below fit: the store's "Your size" shows for them. */
const RIDER = { riderHeightCm: 171, inseamCm: null };

function geometry(stackMm: number, reachMm: number, headAngleDeg: number): ProductGeometry {
  return { stackMm, reachMm, headAngleDeg, seatAngleDeg: 76.5, chainstayMm: 435 };
}

/** A mountain bike in S, M and L with geometry of its own, made through the admin API. */
async function newGeometryBicycle(
  request: APIRequestContext,
  name: string,
  frameMaterial: string,
  reachM: number,
): Promise<Product> {
  return createBicycle(request, {
    name,
    brand: 'Geoworks',
    category: 'Mountain Bike',
    price: '1499',
    description: 'A trail hardtail of its own for the compare journey.',
    specs: JSON.stringify({ frameMaterial, wheelSize: '29"', gears: 12 }),
    sizes: JSON.stringify([
      {
        label: 'S',
        quantity: 3,
        minHeightCm: 155,
        maxHeightCm: 166,
        geometry: geometry(605, reachM - 25, 65.5),
      },
      {
        label: 'M',
        quantity: 3,
        minHeightCm: 165,
        maxHeightCm: 177,
        geometry: geometry(614, reachM, 65.5),
      },
      {
        label: 'L',
        quantity: 3,
        minHeightCm: 176,
        maxHeightCm: 188,
        geometry: geometry(628, reachM + 25, 65.5),
      },
    ]),
  });
}

async function expectNarrow(page: Page, phone: boolean) {
  if (phone) expect(await pageWidth(page)).toBeLessThanOrEqual(360);
}

const tray = (page: Page) => page.getByRole('complementary', { name: /Compare/ });

test('a rider compares three bicycles side by side, shares the page and buys from it', async ({
  page,
  request,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  if (phone) await page.setViewportSize({ width: 360, height: 780 });
  const tag = uniqueTag();
  const bikes = [
    await newGeometryBicycle(request, `Comparo Alu ${tag}`, 'Aluminium', 450),
    await newGeometryBicycle(request, `Comparo Carbon ${tag}`, 'Carbon', 460),
    await newGeometryBicycle(request, `Comparo Steel ${tag}`, 'Steel', 470),
  ];
  await page.goto('/');
  await page.evaluate(
    `localStorage.setItem('rider-fit', ${JSON.stringify(JSON.stringify(RIDER))})`,
  );

  // The product page's geometry: sizes in columns, the rider's size marked.
  await page.goto(`/bikes/${bikes[0]!.slug}`);
  await appStarted(page);
  const geometryTable = page.getByRole('table', { name: 'Frame geometry by size' });
  await expect(geometryTable.getByRole('columnheader')).toHaveText([
    'Size',
    'S',
    /^M\s*Your size$/,
    'L',
  ]);
  await expect(geometryTable.getByRole('row', { name: /Reach \(mm\)/ })).toContainText('425450475');
  await expect(geometryTable.getByRole('columnheader', { name: /^M/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expectNarrow(page, phone);
  expect(await seriousViolations(page)).toEqual([]);

  for (const bike of bikes) {
    if (bike !== bikes[0]) {
      await page.goto(`/bikes/${bike.slug}`);
      await appStarted(page);
    }
    const compare = page
      .getByRole('main')
      .getByRole('button', { name: 'Compare', exact: true })
      .first();
    await compare.click();
    await expect(compare).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: `${bike.name} added to compare` }),
    ).toBeVisible();
  }
  await expect(tray(page).getByRole('listitem')).toHaveCount(3);

  // The tray leaves the header's cart button and the phone menu reachable (once the toasts that
  // said each was added, shown over the header, are gone).
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectTappable(page.getByRole('link', { name: 'Cart', exact: true }));
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expectTappable(menu.getByRole('link').last());
    await page.getByRole('button', { name: 'Close menu' }).click();
  }
  await expectNarrow(page, phone);
  expect(await seriousViolations(page)).toEqual([]);

  await tray(page).getByRole('link', { name: 'Compare 3 bicycles' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/compare\\?bikes=${bikes.map((b) => b.slug).join(',')}$`),
  );
  const table = page.getByRole('region', { name: 'Bicycles side by side' });
  for (const bike of bikes)
    await expect(table.getByRole('link', { name: bike.name, exact: true })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Frame material (differs)' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Reach (differs)' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Price', exact: true })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Stack', exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: /Your size/ })).toContainText('Your size: M');
  await expect(table.getByRole('row', { name: /^Reach/ })).toContainText('450 mm460 mm470 mm');
  await expectNarrow(page, phone);
  expect(await seriousViolations(page)).toEqual([]);

  // The address alone is the page: the server renders it for whoever opens it.
  const html = await (await request.get(page.url())).text();
  for (const bike of bikes) expect(html).toContain(bike.name);
  await page.reload();
  await appStarted(page);
  await expect(table.getByRole('rowheader', { name: 'Frame material (differs)' })).toBeVisible();

  // From the comparison to the cart, in the rider's size.
  await table.getByRole('button', { name: `Add To Cart: ${bikes[1]!.name}` }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Item added to cart!' }),
  ).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('main')).toContainText(bikes[1]!.name);
  await expect(page.getByRole('main')).toContainText('M');
});

test('a fifth bicycle asks which one to replace, and unknown ones are left out', async ({
  page,
  request,
}, testInfo) => {
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 360, height: 780 });
  const fifth = await newGeometryBicycle(request, `Comparo Fifth ${uniqueTag()}`, 'Titanium', 455);
  await page.goto('/');
  const four = ['one', 'two', 'three', 'four'].map((slug) => ({
    slug: `missing-${slug}`,
    name: `Pick ${slug}`,
    brand: 'Nobody',
    thumbnailUrl: null,
  }));
  await page.evaluate(`localStorage.setItem('compare', ${JSON.stringify(JSON.stringify(four))})`);
  await page.goto(`/bikes/${fifth.slug}`);
  await appStarted(page);
  await expect(tray(page).getByRole('listitem')).toHaveCount(4);
  // The page's own button comes before those of the related bicycles' cards.
  await page
    .getByRole('main')
    .getByRole('button', { name: 'Compare', exact: true })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Replace a bicycle?' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Replace Pick two' }).click();
  await expect(dialog).toBeHidden();
  await expect(tray(page).getByRole('listitem')).toHaveText([
    /Pick one/,
    new RegExp(fifth.name),
    /Pick three/,
    /Pick four/,
  ]);

  await tray(page).getByRole('link', { name: 'Compare 4 bicycles' }).click();
  await expect(page.getByRole('note').filter({ hasText: 'We could not find' })).toContainText(
    '“missing-one”, “missing-three”, “missing-four”',
  );
  await expect(page.getByRole('region', { name: 'Bicycles side by side' })).toContainText(
    fifth.name,
  );

  await page.goto(`/compare?bikes=a,b,c,d,${fifth.slug}`);
  await expect(page.getByText('Only the first 4 bicycles are compared.')).toBeVisible();
});

test('an admin edits a size’s geometry in the sizes table', async ({ page, request }, testInfo) => {
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 360, height: 780 });
  const bike = await newGeometryBicycle(request, `Comparo Admin ${uniqueTag()}`, 'Aluminium', 450);
  await openDashboardAsAdmin(page, `/dashboard/bicycle-management/${bike._id}`);
  await expect(page.getByLabel('Size 2 Label')).toHaveValue('M');
  await expect(page.getByLabel('Size 2 Reach (mm)')).toHaveValue('450');
  await expectNarrow(page, testInfo.project.name === 'phone');
  await page.getByLabel('Size 2 Head angle (degrees)').fill('59');
  await page.getByRole('button', { name: 'Update Bicycle' }).click();
  await expect(page.getByText('Head angle must be between 60 and 80°')).toBeVisible();
  await page.getByLabel('Size 2 Head angle (degrees)').fill('64.5');
  await page.getByLabel('Size 2 Wheelbase (mm)').fill('1195');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Update Bicycle' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();

  const res = await request.get(`/api/v1/products/${bike._id}`);
  const saved = ((await res.json()) as { data: Product }).data;
  expect(saved.sizes?.[1]?.geometry).toMatchObject({
    headAngleDeg: 64.5,
    wheelbaseMm: 1195,
    reachMm: 450,
  });
  expect(saved.sizes?.[0]?.geometry?.reachMm).toBe(425);
});
