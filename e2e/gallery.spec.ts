import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { appStarted } from './support/account-journeys.ts';
import { seriousViolations } from './support/axe.ts';
import { openDashboardAsAdmin } from './support/dashboard-session.ts';
import { pageWidth } from './support/page-layout.ts';
import { sameDeviceContext } from './support/fresh-browser.ts';
import { createBicycle, expectToast } from './support/store-catalog.ts';
import { uniqueTag } from './support/unique.ts';

/** Three plain pictures told apart by colour, as the admin's files. */
async function pictures(): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const colours = { red: '#c0392b', green: '#1e8449', blue: '#2e86c1' };
  return Promise.all(
    Object.entries(colours).map(async ([name, background]) => ({
      name: `${name}.png`,
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background } })
        .png()
        .toBuffer(),
    })),
  );
}

async function expectNarrow(page: Page, phone: boolean) {
  if (phone) expect(await pageWidth(page)).toBeLessThanOrEqual(360);
}

const strip = (page: Page): Locator => page.getByRole('group', { name: /^Picture \d+ of 3/ });
const thumbnail = (page: Page, n: number, alt: string): Locator =>
  page.getByRole('link', { name: `Picture ${String(n)}: ${alt}`, exact: true });

test('an admin builds a gallery; a rider browses it by thumbnail, keyboard, swipe and zoom', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  if (phone) await page.setViewportSize({ width: 360, height: 780 });
  const bike = await createBicycle(request, {
    name: `Galleria ${uniqueTag()}`,
    brand: 'Picturecycles',
    category: 'Road Bicycle',
    price: '1299',
    quantity: '4',
    description: 'A road bicycle with a gallery of its own.',
  });

  // The admin adds three pictures at once, names them and moves the first one down.
  await openDashboardAsAdmin(page, `/dashboard/bicycle-management/${bike._id}`);
  const gallery = page.getByRole('region', { name: 'Gallery' });
  await gallery.getByLabel('Add pictures').setInputFiles(await pictures());
  await expectToast(page, '3 pictures added');
  await expect(gallery.getByText('3 of 12 pictures')).toBeVisible();
  const alts = ['Red side view', 'Green drivetrain', 'Blue colourway'];
  for (const [i, alt] of alts.entries())
    await gallery.getByLabel(`Alt text of picture ${String(i + 1)}`).fill(alt);
  await gallery.getByRole('button', { name: 'Save alt text' }).click();
  await expectToast(page, 'Alt text saved');
  await gallery.getByRole('button', { name: 'Move down picture 1' }).click();
  await expectToast(page, 'Picture moved to place 2');
  await expect(gallery.getByRole('img')).toHaveCount(3);
  await expect(gallery.getByRole('img').first()).toHaveAttribute('alt', 'Green drivetrain');
  await expectNarrow(page, phone);
  expect(await seriousViolations(page)).toEqual([]);

  // The product page: the new first picture, three thumbnails, the page's width kept.
  await page.goto(`/bikes/${bike.slug}`);
  await appStarted(page);
  const order = ['Green drivetrain', 'Red side view', 'Blue colourway'];
  await expect(strip(page)).toHaveAccessibleName('Picture 1 of 3: Green drivetrain');
  for (const [i, alt] of order.entries()) await expect(thumbnail(page, i + 1, alt)).toBeVisible();
  await expect(thumbnail(page, 1, order[0]!)).toHaveAttribute('aria-current', 'true');
  await expectNarrow(page, phone);
  expect(await seriousViolations(page)).toEqual([]);

  // The keyboard: arrows step from thumbnail to thumbnail, and the main picture follows.
  await thumbnail(page, 1, order[0]!).focus();
  await page.keyboard.press('ArrowRight');
  await expect(thumbnail(page, 2, order[1]!)).toBeFocused();
  await expect(thumbnail(page, 2, order[1]!)).toHaveAttribute('aria-current', 'true');
  await expect(strip(page)).toHaveAccessibleName('Picture 2 of 3: Red side view');
  await page.keyboard.press('ArrowLeft');
  await expect(strip(page)).toHaveAccessibleName('Picture 1 of 3: Green drivetrain');

  // A swipe on the strip (a scroll of one picture's width) shows the next picture.
  await strip(page).evaluate((node) => {
    const el = node as unknown as {
      clientWidth: number;
      scrollTo(to: { left: number; behavior: string }): void;
    };
    el.scrollTo({ left: el.clientWidth, behavior: 'instant' });
  });
  await expect(strip(page)).toHaveAccessibleName('Picture 2 of 3: Red side view');
  await expect(thumbnail(page, 2, order[1]!)).toHaveAttribute('aria-current', 'true');

  // Zoom: the large picture in a dialog, arrows inside it, Escape back to the Zoom button.
  const zoom = page.getByRole('link', { name: 'Zoom picture 2' });
  await zoom.click();
  const dialog = page.getByRole('dialog', { name: /^Picture 2 of 3/ });
  await expect(dialog.getByRole('img', { name: 'Red side view' })).toBeVisible();
  await expectNarrow(page, phone);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: /^Picture 3 of 3/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Zoom picture 3' })).toBeFocused();
  await expect(strip(page)).toHaveAccessibleName('Picture 3 of 3: Blue colourway');
  // Without scripts: a thumbnail scrolls the strip to its picture, and Zoom is the large picture.
  const bare = await sameDeviceContext(browser, testInfo, baseURL, { javaScriptEnabled: false });
  try {
    const plain = await bare.newPage();
    if (phone) await plain.setViewportSize({ width: 360, height: 780 });
    await plain.goto(`/bikes/${bike.slug}`);
    await thumbnail(plain, 3, order[2]!).click();
    await expect
      .poll(() =>
        strip(plain).evaluate((node) => {
          const el = node as unknown as { scrollLeft: number; clientWidth: number };
          return Math.round(el.scrollLeft / el.clientWidth);
        }),
      )
      .toBe(2);
    await expect(plain.getByRole('link', { name: 'Zoom picture 1' })).toHaveAttribute(
      'href',
      /\.webp$/,
    );
  } finally {
    await bare.close();
  }
});
