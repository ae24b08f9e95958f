import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { appStarted, newShopper, toast, type Shopper } from './support/account-journeys.ts';
import { seriousViolationsWithoutScripts } from './support/axe.ts';
import { consoleProblems } from './support/console-problems.ts';
import { placePaidOrder, signUp } from './support/dashboard-api.ts';
import { sameDeviceContext } from './support/fresh-browser.ts';
import { resetLinkFor } from './support/mailbox.ts';
import { newOneSizeBicycle } from './support/store-catalog.ts';

// A phone whose scripts have not arrived, or a browser without them: the account forms are the
// browser's own, posted to the server, which acts and answers (decision 031).
test.use({ javaScriptEnabled: false });

/**
 * The same browser with its scripts running: a second context on the same device that starts with
 * everything the first one keeps (its cookies), as the next page load of that browser would.
 */
async function withScripts(
  browser: Browser,
  from: BrowserContext,
  info: TestInfo,
  baseURL: string | undefined,
): Promise<Page> {
  const context = await sameDeviceContext(browser, info, baseURL, {
    javaScriptEnabled: true,
    storageState: await from.storageState(),
  });
  return context.newPage();
}

async function expectSignedIn(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await appStarted(page);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
}

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** An account made through the API, outside the browser under test (its cookies stay apart). */
async function registered(request: APIRequestContext, prefix: string): Promise<Shopper> {
  const shopper = newShopper(prefix);
  const res = await request.post('/api/v1/auth/register', { data: shopper });
  expect(res.status()).toBe(201);
  return shopper;
}

test('signs up without scripts and is signed in once they run', async ({
  page,
  context,
  browser,
  baseURL,
}, info) => {
  const shopper = newShopper('noscript-up');
  await page.goto('/sign-up');
  await page.getByLabel('Full Name').fill(shopper.name);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/$/);

  const scripted = await withScripts(browser, context, info, baseURL);
  await expectSignedIn(scripted, '/');
  await scripted.context().close();
});

test('signs in without scripts, goes on to the page that asked for it, signed in', async ({
  page,
  context,
  browser,
  baseURL,
  request,
}, info) => {
  const shopper = await registered(request, 'noscript-in');
  await page.goto(`/sign-in?${new URLSearchParams({ redirect: '/cart' }).toString()}`);
  await fillSignIn(page, shopper.email, shopper.password);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();

  const scripted = await withScripts(browser, context, info, baseURL);
  await expectSignedIn(scripted, '/cart');
  // Signed in as this shopper: the profile page shows their account.
  await scripted.goto('/me');
  await expect(scripted.getByLabel('Email')).toHaveValue(shopper.email);
  await scripted.context().close();
});

test("My Orders and an order's page show their owner's order without scripts, and nobody else's", async ({
  page,
  request,
  browser,
  baseURL,
}, info) => {
  const shopper = newShopper('noscript-orders');
  const session = await signUp(request, shopper.name, shopper.email, shopper.password);
  const product = await newOneSizeBicycle(request, 3, 'Orderline');
  const order = await placePaidOrder(request, session, product._id, 1);
  const stranger = newShopper('noscript-stranger');
  const other = await signUp(request, stranger.name, stranger.email, stranger.password);
  const theirs = await placePaidOrder(request, other, product._id, 1);

  // Signed out, the list asks for a sign-in and comes back to it.
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Forders$/);
  await fillSignIn(page, shopper.email, shopper.password);
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page).toHaveTitle('My Orders | Bi-Cycle Store');
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  // The list is a table on a wide screen and cards on a phone: the one shown names the bicycle.
  await expect(page.getByText(product.name).filter({ visible: true })).toHaveCount(1);
  await expect(page.getByText('Quick Links')).toBeVisible();

  await page.goto(`/orders/${order.number}`);
  await expect(page.getByRole('heading', { name: new RegExp(order.number) })).toBeVisible();
  await expect(page.getByText(product.name).first()).toBeVisible();
  expect(await seriousViolationsWithoutScripts(browser, page, info, baseURL)).toEqual([]);

  // Another customer's order is not found, as a number that never was.
  const missing = await page.goto(`/orders/${theirs.number}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByText(product.name)).toHaveCount(0);
});

test('a wrong password shows the message, keeps the email and empties the password', async ({
  page,
  request,
  browser,
  baseURL,
}, info) => {
  const shopper = await registered(request, 'noscript-wrong');
  await page.goto('/sign-in');
  await fillSignIn(page, shopper.email, 'wrong-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  expect(await seriousViolationsWithoutScripts(browser, page, info, baseURL)).toEqual([]);

  // The field checks answer too, with the spec's messages.
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('asks for a reset link without scripts', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(newShopper('noscript-reset').email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account exists for this email, a reset link is on its way.',
  );
});

test('resets a password from the mailed link, signs in with it, changes the name and the password', async ({
  page,
  context,
  browser,
  baseURL,
  request,
}, info) => {
  const shopper = await registered(request, 'noscript-account');
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  let link: string | undefined;
  await expect
    .poll(async () => (link = await resetLinkFor(shopper.email)), { timeout: 20_000 })
    .toBeDefined();
  const { pathname, search } = new URL(link ?? '');
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  expect(await seriousViolationsWithoutScripts(browser, page, info, baseURL)).toEqual([]);

  // The form's checks answer with the spec's messages, and keep no password.
  await page.getByLabel('New Password', { exact: true }).fill('reset-pass-1');
  await page.getByLabel('Confirm New Password').fill('reset-pass-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expect(page.getByLabel('New Password', { exact: true })).toHaveValue('');
  await page.getByLabel('New Password', { exact: true }).fill('reset-pass-1');
  await page.getByLabel('Confirm New Password').fill('reset-pass-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  // The account page sends a visitor who is not signed in to sign in, and back.
  await page.goto('/me');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fme$/);
  await fillSignIn(page, shopper.email, shopper.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await fillSignIn(page, shopper.email, 'reset-pass-1');
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByRole('heading', { name: 'Account Preferences' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue(shopper.name);
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
  expect(await seriousViolationsWithoutScripts(browser, page, info, baseURL)).toEqual([]);

  await page.getByLabel('Full Name').fill('Renamed Rider');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status')).toHaveText('Profile updated successfully');
  await expect(page.getByLabel('Full Name')).toHaveValue('Renamed Rider');
  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Renamed Rider');

  const changeForm = page.getByRole('region', { name: 'Change Password' });
  const changePassword = async (current: string, next: string) => {
    await changeForm.getByLabel('Current Password').fill(current);
    await changeForm.getByLabel('New Password', { exact: true }).fill(next);
    await changeForm.getByLabel('Confirm New Password').fill(next);
    await changeForm.getByRole('button', { name: 'Change Password' }).click();
  };
  await changePassword('not-my-password', 'changed-pass-1');
  await expect(changeForm.getByRole('alert')).toHaveText('Current password is incorrect');
  await expect(changeForm.getByLabel('Current Password')).toHaveValue('');
  await changePassword('reset-pass-1', 'changed-pass-1');
  await expect(changeForm.getByRole('status')).toHaveText('Password changed successfully');
  await expect(changeForm.getByLabel('New Password', { exact: true })).toHaveValue('');
  // Still signed in here, with the fresh session the change opened.
  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Renamed Rider');
  const signIn = (password: string) =>
    request.post('/api/v1/auth/login', { data: { email: shopper.email, password } });
  expect((await signIn('reset-pass-1')).status()).toBe(401);
  expect((await signIn('changed-pass-1')).status()).toBe(200);

  // Once the scripts run, the same browser is signed in as this shopper, under the new name.
  const scripted = await withScripts(browser, context, info, baseURL);
  await expectSignedIn(scripted, '/me');
  await expect(scripted.getByLabel('Full Name')).toHaveValue('Renamed Rider');
  await scripted.context().close();
});

test.describe('scripts that arrive late', () => {
  test.use({ javaScriptEnabled: true });

  /** Holds the app's scripts until the returned function is called: a slow phone's first seconds. */
  async function holdScripts(page: Page): Promise<() => void> {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  test('a sign-in sent before they ran goes on, signed in once they run', async ({
    page,
    request,
  }) => {
    const shopper = await registered(request, 'early-in');
    const release = await holdScripts(page);
    await page.goto('/sign-in?redirect=%2Fcart', { waitUntil: 'commit' });
    await fillSignIn(page, shopper.email, shopper.password);
    await expect(page).toHaveURL(/\/cart$/);
    release();
    await appStarted(page);
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  });

  test('a refused sign-in sent before they ran keeps its message once they run', async ({
    page,
    request,
  }) => {
    const shopper = await registered(request, 'early-wrong');
    // The page itself is a 401, which the browser reports; a hydration mismatch would be more.
    const problems = consoleProblems(page, (text) => text.startsWith('Failed to load resource'));
    const release = await holdScripts(page);
    await page.goto('/sign-in', { waitUntil: 'commit' });
    await fillSignIn(page, shopper.email, 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    release();
    await appStarted(page);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
    expect(problems).toEqual([]);
    // The next try is the app's own: a toast, and on to the home page.
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(toast(page, 'Login successful')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the account page keeps a name typed before they ran, then follows the spec's rules", async ({
    page,
    request,
  }) => {
    const shopper = await registered(request, 'early-account');
    const problems = consoleProblems(page);
    // Signed in by this browser (its cookies), as a form sent without scripts leaves it.
    const signedIn = await page.request.post('/sign-in', {
      form: { email: shopper.email, password: shopper.password },
      headers: { 'sec-fetch-site': 'same-origin' },
      maxRedirects: 0,
    });
    expect(signedIn.status()).toBe(303);
    const release = await holdScripts(page);
    await page.goto('/me', { waitUntil: 'commit' });
    await expect(page.getByLabel('Full Name')).toHaveValue(shopper.name);
    await page.getByLabel('Full Name').fill('Early Rider');
    release();
    await appStarted(page);
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveValue('Early Rider');
    expect(problems).toEqual([]);
    // The scripts' own rules: Cancel goes back to the saved name and Update waits for a change.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByLabel('Full Name')).toHaveValue(shopper.name);
    await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
    await page.getByLabel('Full Name').fill('Scripted Rider');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  });

  test('keep what was typed before they ran', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/sign-in', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill('early@example.com');
    release();
    await appStarted(page);
    await expect(page.getByLabel('Email')).toHaveValue('early@example.com');
    // The form's own checks read it too: the address is there, only the password is refused.
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(toast(page, 'Invalid email or password')).toBeVisible();
    await expect(page.getByText('Email is required')).toHaveCount(0);
  });
});
