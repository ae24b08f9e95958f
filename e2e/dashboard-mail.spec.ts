import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { OutboxMail } from '../src/shared/contract/mail.ts';
import type { Product } from '../src/shared/contract/product.ts';
import { axeViolations } from './support/axe.ts';
import { signInAdmin, signUp, uniqueEmail, type Session } from './support/dashboard-api.ts';
import { openDashboardAsAdmin } from './support/dashboard-session.ts';

const API = '/api/v1';

/** A new bicycle, sold out as a whole or in one size, so riders can wait for it. */
async function soldOutBicycle(
  request: APIRequestContext,
  admin: Session,
  sizes: { label: string; quantity: number }[],
): Promise<Product> {
  const res = await request.post(`${API}/products`, {
    headers: { Authorization: admin.token },
    multipart: {
      name: `Waitlist ${sizes.length ? 'Sized' : 'Single'} ${Date.now().toString(36)}`,
      brand: 'Mailcheck',
      category: 'Road Bicycle',
      price: '999',
      quantity: '0',
      description: 'A bicycle riders wait for, made by the dashboard mail journey.',
      sizes: JSON.stringify(
        sizes.map((size, i) => ({ ...size, minHeightCm: 150 + i * 15, maxHeightCm: 164 + i * 15 })),
      ),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Product }).data;
}

/**
 * A signed-in rider asks for their own address, which needs no confirmation; the summary counts
 * confirmed alerts only, so a stranger's address is asked for too and must not show.
 */
async function waitFor(request: APIRequestContext, product: Product, size?: string) {
  const email = uniqueEmail('waiting');
  const rider = await signUp(request, 'Waiting Rider', email, `pass-${email}`);
  const alert = (headers: Record<string, string>, address: string) =>
    request.post(`${API}/products/${product._id}/stock-alerts`, {
      headers,
      data: { email: address, ...(size ? { size } : {}) },
    });
  const own = await alert({ Authorization: rider.token }, email);
  expect(own.status(), await own.text()).toBe(200);
  const stranger = await alert({}, uniqueEmail('unconfirmed'));
  expect(stranger.status(), await stranger.text()).toBe(202);
}

async function failedMails(request: APIRequestContext, admin: Session): Promise<OutboxMail[]> {
  const res = await request.get(`${API}/dashboard/mail`, {
    headers: { Authorization: admin.token },
    params: { status: 'failed' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: OutboxMail[] }).data;
}

/** How far the page reaches past the screen's right edge, in CSS pixels (0 or less: it fits). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    // The e2e code is type-checked without the DOM library: name the little it reads.
    const { documentElement: root } = (
      globalThis as unknown as {
        document: { documentElement: { scrollWidth: number; clientWidth: number } };
      }
    ).document;
    return root.scrollWidth - root.clientWidth;
  });
}

test('the summary shows who waits for which size and the mails that could not be sent', async ({
  page,
  request,
}) => {
  const admin = await signInAdmin(request);
  const sized = await soldOutBicycle(request, admin, [
    { label: 'M', quantity: 0 },
    { label: 'L', quantity: 3 },
  ]);
  const single = await soldOutBicycle(request, admin, []);
  await waitFor(request, sized, 'M');
  await waitFor(request, sized, 'M');
  await waitFor(request, single);

  await openDashboardAsAdmin(page, '/dashboard');

  const waiting = page.getByRole('region', { name: 'Riders waiting for a restock' });
  const table = waiting.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Size' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: sized.name })).toHaveText(
    `Mailcheck ${sized.name}M2`,
  );
  await expect(table.getByRole('row').filter({ hasText: single.name })).toHaveText(
    `Mailcheck ${single.name}Any1`,
  );

  // The server writes mails to files here, which does not fail: show what the outbox holds.
  const failed = await failedMails(request, admin);
  const mails = page.getByRole('region', { name: 'Mails that could not be sent' });
  await expect(mails.getByRole('heading', { name: 'Mails that could not be sent' })).toBeVisible();
  const first = failed[0];
  if (first) await expect(mails).toContainText(first.to);
  else await expect(mails.getByText('No failed mails.')).toBeVisible();

  // Both sections are clean for assistive technology and fit a 360 px phone.
  const axe = await axeViolations(page, [
    'section[aria-labelledby="waiting-heading"]',
    'section[aria-labelledby="failed-mails-heading"]',
  ]);
  expect(axe.map((v) => `${v.rule}: ${v.elements}`)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(waiting).toBeVisible();
  const overflow = await sidewaysOverflow(page);
  expect(overflow, 'the page scrolls sideways at 360 px').toBeLessThanOrEqual(0);
});
