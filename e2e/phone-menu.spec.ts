import { expect, test, type Locator, type Page } from '@playwright/test';
import { appStarted } from './support/app-started.ts';
import { productInStock } from './support/store-catalog.ts';
import { tapAtCentre, type BrowserElement } from './support/tap.ts';

/** The narrowest phone the store is laid out for, and the phone project's own width. */
const WIDTHS = [360, 390];

/** The menu's links and the page each one lands on. */
const LINKS: [name: string, path: RegExp][] = [
  ['Home', /\/$/],
  ['Shop', /\/shop$/],
  ['About', /\/about$/],
  ['Contact', /\/contact$/],
  ['My Wishlist', /\/wish-list$/],
  ['Shopping Cart', /\/cart$/],
];

/** Every store-front page; the bicycle page's address is found when the test runs. */
const PAGES: [name: string, path: string | null][] = [
  ['home', '/'],
  ['shop', '/shop'],
  ['a bicycle', null],
  ['about', '/about'],
  ['contact', '/contact'],
  ['cart', '/cart'],
  ['wishlist', '/wish-list'],
  ['sign in', '/sign-in'],
  ['not found', '/no-such-page'],
];

function mobileMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Mobile' });
}

/**
 * Opens the menu with one tap. The menu is a popover the browser opens itself, before the app has
 * started as after, so a second tap would close it again.
 */
async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(mobileMenu(page)).toBeVisible();
}

/** The page's scroll lock: the menu sets `overflow: hidden` on the root while it is open. */
function rootOverflow(page: Page): Promise<string> {
  return page
    .getByRole('banner')
    .evaluate((element: BrowserElement) => element.ownerDocument.documentElement.style.overflow);
}

for (const width of WIDTHS) {
  test.describe(`the menu on a ${String(width)} px phone`, () => {
    test.use({ viewport: { width, height: 780 } });

    for (const [pageName, path] of PAGES) {
      test(`on ${pageName}, every link can be tapped and lands on its page`, async ({
        page,
        request,
      }, testInfo) => {
        const address = path ?? `/bikes/${(await productInStock(request)).slug ?? ''}`;
        await page.goto(address);
        for (const [linkName, landing] of LINKS) {
          // Back to the page under test: the browser's Back, unless the link was that page.
          if (new URL(page.url()).pathname !== address) await page.goBack();
          await expect(page).toHaveURL((url) => url.pathname === address);
          await openMenu(page);
          const link = mobileMenu(page).getByRole('link', { name: linkName, exact: true });
          await tapAtCentre(link, testInfo);
          await expect(page, `${linkName} from ${pageName}`).toHaveURL(landing);
          await expect(mobileMenu(page)).toBeHidden();
        }
      });
    }

    test('the open menu locks the page, and Escape closes it and gives focus back', async ({
      page,
    }) => {
      await page.goto('/shop');
      // The lock is the app's: the browser alone opens the menu without it.
      await appStarted(page);
      await openMenu(page);
      expect(await rootOverflow(page)).toBe('hidden');
      await mobileMenu(page).getByRole('link', { name: 'About' }).focus();
      await page.keyboard.press('Escape');
      await expect(mobileMenu(page)).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
      expect(await rootOverflow(page)).toBe('');
    });
  });
}
