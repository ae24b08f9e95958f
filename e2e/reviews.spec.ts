import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Order } from '../src/shared/contract/order.ts';
import type { Product } from '../src/shared/contract/product.ts';
import { newShopper, signInInApp } from './support/account-journeys.ts';
import { placePaidOrder, signInAdmin, signUp, type Session } from './support/dashboard-api.ts';
import { pageWidth } from './support/page-layout.ts';
import { seriousViolations } from './support/axe.ts';
import { uniqueTag } from './support/unique.ts';

const API = '/api/v1';

/** A sized bicycle of this journey's own, made through the admin API. */
async function newSizedBicycle(request: APIRequestContext, admin: Session): Promise<Product> {
  const res = await request.post(`${API}/products`, {
    headers: { Authorization: admin.token },
    multipart: {
      name: `Fitline ${uniqueTag()}`,
      brand: 'Reviewworks',
      category: 'Mountain Bike',
      price: '899',
      quantity: '',
      description: 'A sized bicycle of its own for the reviews journey.',
      sizes: JSON.stringify([
        { label: 'M', quantity: 10, minHeightCm: 165, maxHeightCm: 180 },
        { label: 'L', quantity: 10, minHeightCm: 177, maxHeightCm: 192 },
      ]),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Product }).data;
}

/** A customer's paid order of the bicycle in size M, completed by the owner. */
async function completedOrder(
  request: APIRequestContext,
  admin: Session,
  customer: Session,
  productId: string,
): Promise<Order> {
  const order = await placePaidOrder(request, customer, productId, 1, 'M');
  const res = await request.patch(`${API}/orders/${order._id}/status`, {
    headers: { authorization: admin.token },
    data: { status: 'Completed' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return order;
}

test('a rider reviews a completed order and sees the review, the average and the size advice', async ({
  page,
  request,
  isMobile,
}) => {
  test.setTimeout(120_000);
  const admin = await signInAdmin(request);
  const bike = await newSizedBicycle(request, admin);

  // Two earlier riders of about the same height have reviewed it already.
  for (const heightCm of [176, 179]) {
    const other = newShopper('reviewer');
    const session = await signUp(request, other.name, other.email, other.password);
    const order = await completedOrder(request, admin, session, bike._id);
    const res = await request.post(`${API}/products/${bike._id}/reviews`, {
      headers: { authorization: session.token },
      data: {
        orderId: order._id,
        rating: 5,
        title: `Fits at ${String(heightCm)} cm`,
        body: 'Comfortable from the first ride.',
        fit: 'true',
        riderHeightCm: heightCm,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  const rider = newShopper('rider');
  const session = await signUp(request, rider.name, rider.email, rider.password);
  const saved = await request.put(`${API}/users/me/fit`, {
    headers: { authorization: session.token },
    data: { riderHeightCm: 177, inseamCm: null },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const order = await completedOrder(request, admin, session, bike._id);

  await page.goto('/sign-in');
  await signInInApp(page, rider.email, rider.password);
  await expect(page).not.toHaveURL(/sign-in/);

  // The link the Completed mail and My Orders lead to.
  await page.goto(`/orders/${order.number}/review`);
  await expect(page.getByRole('heading', { name: 'Write a review' })).toBeVisible();
  await expect(page.getByText(`Order ${order.number}`)).toBeVisible();
  // The saved height is offered; the form says what is missing before anything is sent.
  await expect(page.getByLabel('Your height (cm, optional)')).toHaveValue('177');
  await page.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('radio', { name: '4 ★' }).check();
  await page.getByLabel('Title').fill('Light and <b>quick</b>');
  await page.getByLabel('Your review').fill('Climbs well; the M is right for me.');
  await page.getByRole('radio', { name: 'True to size' }).check();
  await page.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByText('Thank you for your review')).toBeVisible();

  await page.getByRole('link', { name: `See it on the ${bike.name} page` }).click();
  await expect(page.getByRole('heading', { level: 1, name: bike.name })).toBeVisible();
  const reviews = page.getByRole('region', { name: 'Reviews' });
  // 5, 5 and 4.
  await expect(reviews.getByText('4.7 out of 5')).toBeVisible();
  await expect(reviews.getByText(/3 reviews from verified buyers/)).toBeVisible();
  await expect(
    page.getByText('Riders 176-179 cm: 3 chose M; 3 of 3 say true to size'),
  ).toBeVisible();

  await reviews.scrollIntoViewIfNeeded();
  const mine = reviews.getByRole('article', { name: 'Light and <b>quick</b>' });
  await expect(mine).toBeVisible();
  await expect(mine.getByText('Verified purchase')).toBeVisible();
  await expect(mine.getByText('Size M')).toBeVisible();
  await expect(mine.getByText('177 cm')).toBeVisible();

  await page.getByLabel('Sort reviews').selectOption('-rating');
  await expect(reviews.getByRole('article').first()).not.toHaveAccessibleName(
    'Light and <b>quick</b>',
  );
  expect(await seriousViolations(page)).toEqual([]);

  if (isMobile) {
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  }
});
