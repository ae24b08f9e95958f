import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './global-setup.ts';
import {
  addBicycleToCart,
  checkoutFromDrawer,
  findBicycle,
  newShopper,
  openAccountMenu,
  orderEntry,
  payWithCard,
  placeOrderToCollect,
  shot,
  signInInApp,
  signUpInApp,
  toast,
  submitCard,
} from './support/account-journeys.ts';
import { chooseFirstSize } from './support/store-catalog.ts';

/** Buy Now in the details dialog, in the first size in stock when the bicycle has sizes. */
async function buyNowInModal(page: Page): Promise<void> {
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  const sizes = modal.getByRole('group', { name: 'Size' });
  if ((await sizes.count()) > 0) await chooseFirstSize(sizes);
  await modal.getByRole('button', { name: 'Buy Now' }).click();
}

test('a new customer pays by card, sees the order as Paid and cancels it', async ({
  page,
}, info) => {
  const shopper = newShopper('paid');
  await signUpInApp(page, shopper);
  const bicycle = await addBicycleToCart(page, info.project.name === 'desktop' ? 0 : 1);

  await checkoutFromDrawer(page);
  await placeOrderToCollect(page);
  await payWithCard(page, '4242 4242 4242 4242');

  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(
    page.getByText('Your payment has been successful. Thank you for your order!'),
  ).toBeVisible();
  await shot(page, 'payment-success', info.project.name);
  // The paid line has left the cart.
  await page.getByRole('link', { name: 'Cart', exact: true }).click();
  await expect(page.getByRole('dialog').getByText('No items in cart')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/$/);
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'View Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const entry = orderEntry(page, bicycle);
  await expect(entry.getByText('Paid', { exact: true })).toBeVisible();
  await expect(entry.getByText('Pending', { exact: true })).toBeVisible();
  await shot(page, 'my-orders', info.project.name);

  await entry.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(page, 'Order cancelled successfully')).toBeVisible();
  await expect(entry.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(entry.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
});

test('a declined card stays on the payment page, another card pays the same order', async ({
  page,
}, info) => {
  const shopper = newShopper('declined');
  await signUpInApp(page, shopper);
  const { card, name } = await findBicycle(page, info.project.name === 'desktop' ? 2 : 3);
  // Buy Now from the product modal orders one unit.
  await card.getByRole('link', { name: 'View Details' }).click();
  await buyNowInModal(page);
  await placeOrderToCollect(page);
  await submitCard(page, '4000 0000 0000 0002');

  await expect(page.getByText('Your card was declined. Try another card.')).toBeVisible();
  await shot(page, 'payment-declined', info.project.name);
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  await page.goto('/orders');
  await expect(orderEntry(page, name).getByText('Paid', { exact: true })).toBeVisible();
  const entries = page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: name });
  await expect(entries.filter({ visible: true })).toHaveCount(1);
});

test('checkout asks a signed-out visitor to sign in, and allows one line at a time', async ({
  page,
}) => {
  await addBicycleToCart(page, 4);
  await checkoutFromDrawer(page);
  await expect(toast(page, 'Please Sign In to Proceed')).toBeVisible();
  await page.keyboard.press('Escape');

  await signUpInApp(page, newShopper('lines'));
  await addBicycleToCart(page, 5);
  await checkoutFromDrawer(page);
  await expect(
    toast(
      page,
      'You can only process one order at a time. Please remove other items from the cart.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/shop(\?|$)/);
});

test('an admin sees Dashboard in the avatar menu and cannot order', async ({ page }) => {
  await page.goto('/sign-in');
  await signInInApp(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(toast(page, 'Login successful')).toBeVisible();
  await openAccountMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'View Orders' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await addBicycleToCart(page, 6);
  await checkoutFromDrawer(page);
  await expect(toast(page, 'Admins are not allowed to place orders.')).toBeVisible();
  await page.keyboard.press('Escape');

  const { card } = await findBicycle(page, 7);
  await card.getByRole('link', { name: 'View Details' }).click();
  await buyNowInModal(page);
  await expect(toast(page, 'Admins are not allowed to place orders.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/shop(\?|$)/);
});
