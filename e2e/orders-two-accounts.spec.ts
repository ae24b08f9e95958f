import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  newShopper,
  openAccountMenu,
  orderEntry,
  signInInApp,
  toast,
} from './support/account-journeys.ts';
import { signUp, type Session } from './support/dashboard-api.ts';
import { newOneSizeBicycle } from './support/store-catalog.ts';

/** An unpaid order of one unit, placed through the API. */
async function order(request: APIRequestContext, customer: Session, productId: string) {
  const res = await request.post('/api/v1/orders/order/create', {
    headers: { authorization: customer.token },
    data: { product: productId, quantity: 1 },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test("a page signed in as one customer never shows another's orders after another tab signs in as them", async ({
  browser,
  request,
}) => {
  const annsBike = await newOneSizeBicycle(request, 1, 'Annline');
  const bobsBike = await newOneSizeBicycle(request, 1, 'Bobline');
  const ann = newShopper('ann');
  const bob = newShopper('bob');
  await order(request, await signUp(request, ann.name, ann.email, ann.password), annsBike._id);
  await order(request, await signUp(request, bob.name, bob.email, bob.password), bobsBike._id);

  // One browser, two tabs: they share the refresh cookie and the saved session.
  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto('/sign-in');
  await signInInApp(first, ann.email, ann.password);
  await expect(toast(first, 'Login successful')).toBeVisible();
  await openAccountMenu(first);
  await first.getByRole('menuitem', { name: 'View Orders' }).click();
  await expect(orderEntry(first, annsBike.name)).toBeVisible();

  const second = await context.newPage();
  await second.goto('/');
  await openAccountMenu(second);
  await second.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(second).toHaveURL(/\/sign-in$/);
  await signInInApp(second, bob.email, bob.password);
  await expect(toast(second, 'Login successful')).toBeVisible();

  // Back on the first tab, still signed in as Ann there, My Orders loads again inside the app.
  await first.goBack();
  await openAccountMenu(first);
  await first.getByRole('menuitem', { name: 'View Orders' }).click();
  await expect(first).toHaveURL(/\/sign-in$/);
  await expect(first.getByText(bobsBike.name)).toHaveCount(0);
  await context.close();
});
