import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '#shared/contract/envelope.ts';
import { STOCK_ALERT_MESSAGES } from '#shared/contract/mail.ts';
import { stockAlertsMessages } from '#shared/messages/stock-alerts.ts';
import { emailOutbox, products, stockAlertConfirmations, stockAlerts } from '#server/db/schema.ts';
import { createProduct, createUser, type TestUser } from '#server/test/fixtures.ts';
import { cancelAs, placeOrderOk, sweepOnce } from '#server/test/orders-helpers.ts';
import { useSmtpServer } from '#server/test/smtp-helpers.ts';
import { useTestContext } from '#server/test/test-app.ts';

const text = stockAlertsMessages;
const DAY_MS = 24 * 60 * 60_000;

/** The value of a header field as the mail carried it (mailparser reshapes List-* fields). */
function rawHeader(mail: ParsedMail | undefined, name: string): string | undefined {
  const line = mail?.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
}

function confirmTokenIn(mail: ParsedMail | undefined): string {
  const match = /\/stock-alerts\/confirm\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error('no confirmation link in the mail');
  return match[1];
}

/** The path of the one-click unsubscribe URL in the mail's List-Unsubscribe header. */
function unsubscribePathIn(mail: ParsedMail | undefined): string {
  const url = /^<(.+)>$/.exec(rawHeader(mail, 'List-Unsubscribe') ?? '')?.[1];
  if (!url) throw new Error('no List-Unsubscribe header in the mail');
  const parsed = new URL(url);
  expect(parsed.origin).toBe('http://store.test');
  return `${parsed.pathname}${parsed.search}`;
}

describe('back-in-stock alerts', () => {
  let customer: TestUser;
  const smtp = useSmtpServer();
  const ctx = useTestContext(() => ({ SMTP_URL: smtp.url, ACCESS_TOKEN_TTL: '1d' }));

  beforeEach(async () => {
    await ctx.reset();
    // Some tests move the clock days ahead; mails are due by it.
    ctx.clock.set(new Date());
    smtp.mails.length = 0;
    customer = await createUser(ctx);
  });

  const ask = (productId: string, body: Record<string, unknown>, as?: TestUser) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/products/${productId}/stock-alerts`,
      payload: body,
      ...(as ? { headers: as.auth } : {}),
    });

  const confirm = (token: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/stock-alerts/confirm', payload: { token } });

  const oneClick = (path: string) =>
    ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });

  /** The restock trigger stamps mails with the database's time: let the test clock catch up. */
  async function flush() {
    ctx.clock.set(new Date(Date.now() + 60_000));
    return ctx.app.mail.flush();
  }

  async function soldOutBike(name = 'Summit 29') {
    return createProduct(ctx, { name, brand: 'Alpina', quantity: 0 });
  }

  async function setQuantity(productId: string, quantity: number) {
    await ctx.database.db.update(products).set({ quantity }).where(eq(products.id, productId));
  }

  const alertRows = () => ctx.database.db.select().from(stockAlerts);
  const confirmationMails = async () =>
    (await ctx.database.db.select().from(emailOutbox)).filter(
      (m) => m.kind === 'stock-alert-confirm',
    );

  /** Signs a stranger's address up and confirms it through the mailed link. */
  async function askConfirmed(productId: string, email: string) {
    expect((await ask(productId, { email })).statusCode).toBe(202);
    await flush();
    const mails = smtp.to(email);
    expect((await confirm(confirmTokenIn(mails[mails.length - 1]))).statusCode).toBe(200);
  }

  describe('for an address that is not the signed-in rider’s own', () => {
    it('answers 202, mails one confirmation, and mails nothing on restock until confirmed', async () => {
      const bike = await soldOutBike();
      const res = await ask(bike.id, { email: 'Ann@Example.com' });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ success: true, message: text.checkInbox, data: null });
      expect(await flush()).toEqual({ sent: 1, retried: 0, failed: 0 });
      const [mail] = smtp.to('ann@example.com');
      expect(mail?.subject).toBe('Confirm your alert: Alpina Summit 29 · Bi-Cycle Store');
      expect(mail?.text).toMatch(/http:\/\/store\.test\/stock-alerts\/confirm\?token=[\w-]{43}\b/);
      expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(unsubscribePathIn(mail)).toMatch(/^\/api\/v1\/stock-alerts\/unsubscribe\?token=/);
      // Only the hash of the link's token is kept, and the outbox forgets the token once sent.
      const token = confirmTokenIn(mail);
      const [stored] = await ctx.database.db.select().from(stockAlertConfirmations);
      expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(await ctx.database.db.select().from(emailOutbox))).not.toContain(token);

      await setQuantity(bike.id, 3);
      expect(await flush()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(smtp.to('ann@example.com')).toHaveLength(1);
      // Still waiting for its owner, not used up by that restock.
      const [alert] = await alertRows();
      expect(alert).toMatchObject({ confirmedAt: null, notifiedAt: null });
    });

    it('mails on restock once confirmed through the POST of the link, with one-click headers', async () => {
      const bike = await soldOutBike();
      await ask(bike.id, { email: 'bob@example.com' });
      await flush();
      const token = confirmTokenIn(smtp.to('bob@example.com')[0]);
      const res = await confirm(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: text.confirmed, data: null });
      // Confirming twice is harmless.
      expect((await confirm(token)).statusCode).toBe(200);

      await setQuantity(bike.id, 2);
      await flush();
      const mails = smtp.to('bob@example.com');
      expect(mails.map((m) => m.subject)).toEqual([
        'Confirm your alert: Alpina Summit 29 · Bi-Cycle Store',
        'Back in stock: Alpina Summit 29 · Bi-Cycle Store',
      ]);
      const alertMail = mails[1];
      expect(alertMail?.text).toContain(`http://store.test/bikes/${bike.slug}`);
      expect(rawHeader(alertMail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(unsubscribePathIn(alertMail)).toBe(unsubscribePathIn(mails[0]));
    });

    it('confirms from the page a browser posts, and answers a page', async () => {
      const bike = await soldOutBike();
      await ask(bike.id, { email: 'cy@example.com' });
      await flush();
      const token = confirmTokenIn(smtp.to('cy@example.com')[0]);
      const page = await ctx.app.inject({
        method: 'GET',
        url: `/stock-alerts/confirm?token=${token}`,
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<form method="post" action="/api/v1/stock-alerts/confirm">');
      expect(page.body).toContain(`<input type="hidden" name="token" value="${token}">`);
      expect(page.body).not.toContain('<script');

      const posted = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/stock-alerts/confirm',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: new URLSearchParams({ token }).toString(),
      });
      expect(posted.statusCode).toBe(200);
      expect(posted.headers['content-type']).toContain('text/html');
      expect(posted.body).toContain(text.confirmed);
      expect((await alertRows())[0]?.confirmedAt).not.toBeNull();
    });

    it('changes nothing on a GET of the confirmation or the unsubscribe link', async () => {
      const bike = await soldOutBike();
      await ask(bike.id, { email: 'dee@example.com' });
      await flush();
      const [mail] = smtp.to('dee@example.com');
      const token = confirmTokenIn(mail);
      const unsubscribe = unsubscribePathIn(mail);
      for (const url of [`/stock-alerts/confirm?token=${token}`, unsubscribe]) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<form method="post"');
      }
      const unsubscribePage = await ctx.app.inject({ method: 'GET', url: unsubscribe });
      expect(unsubscribePage.body).toContain(
        '<input type="hidden" name="List-Unsubscribe" value="One-Click">',
      );
      const [alert] = await alertRows();
      expect(alert?.confirmedAt).toBeNull();
      await setQuantity(bike.id, 1);
      expect(await flush()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(await alertRows()).toHaveLength(1);
    });

    it('refuses a wrong, expired or missing token with the envelope', async () => {
      const bike = await soldOutBike();
      await ask(bike.id, { email: 'eve@example.com' });
      await flush();
      const token = confirmTokenIn(smtp.to('eve@example.com')[0]);

      const wrong = await confirm('x'.repeat(43));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        success: false,
        message: text.linkInvalid,
        code: 'INVALID_CONFIRMATION_TOKEN',
      });
      const missing = await confirm('');
      expect(missing.statusCode).toBe(400);
      expect(missing.json<ErrorEnvelope>().details?.[0]?.path).toBe('body.token');

      ctx.clock.advance(7 * DAY_MS + 60_000);
      const expired = await confirm(token);
      expect(expired.statusCode).toBe(400);
      expect(expired.json<ErrorEnvelope>().code).toBe('INVALID_CONFIRMATION_TOKEN');
      expect((await alertRows())[0]?.confirmedAt).toBeNull();

      const page = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/stock-alerts/confirm',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: `token=${token}`,
      });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain(text.linkInvalid);
    });

    it('sends at most 3 confirmation mails an address a day, answering the same each time', async () => {
      const bikes = [];
      for (const name of ['One', 'Two', 'Three', 'Four', 'Five'])
        bikes.push(await soldOutBike(name));
      const answers = [];
      for (const bike of bikes.slice(0, 4))
        answers.push((await ask(bike.id, { email: 'fay@example.com' })).json());
      // The same alert asked for again counts too.
      answers.push((await ask(bikes[0]?.id ?? '', { email: 'fay@example.com' })).json());
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(await confirmationMails()).toHaveLength(3);
      await flush();
      expect(smtp.to('fay@example.com')).toHaveLength(3);
      // Another address is counted on its own.
      expect((await ask(bikes[3]?.id ?? '', { email: 'gus@example.com' })).statusCode).toBe(202);
      expect(await confirmationMails()).toHaveLength(4);

      ctx.clock.advance(DAY_MS);
      await ask(bikes[4]?.id ?? '', { email: 'fay@example.com' });
      expect(await confirmationMails()).toHaveLength(5);
    });

    it('keeps one alert per address, product and size however often it is asked for', async () => {
      const bike = await soldOutBike();
      for (let i = 0; i < 3; i += 1) await ask(bike.id, { email: 'hal@example.com' });
      await ask(bike.id, { email: 'hal@example.com' }, customer);
      expect(await alertRows()).toHaveLength(1);
      // Confirmed, asked for again by someone else: it stays confirmed, and no mail is written.
      await flush();
      expect((await confirm(confirmTokenIn(smtp.to('hal@example.com')[0]))).statusCode).toBe(200);
      const before = (await confirmationMails()).length;
      expect((await ask(bike.id, { email: 'hal@example.com' })).statusCode).toBe(202);
      expect(await confirmationMails()).toHaveLength(before);
      expect((await alertRows())[0]?.confirmedAt).not.toBeNull();
    });

    it('asks again before mailing an alert re-armed after a restock used it', async () => {
      const bike = await soldOutBike();
      await askConfirmed(bike.id, 'ida@example.com');
      const oldToken = confirmTokenIn(smtp.to('ida@example.com')[0]);
      await setQuantity(bike.id, 1);
      await flush();
      await setQuantity(bike.id, 0);
      expect((await ask(bike.id, { email: 'ida@example.com' })).statusCode).toBe(202);
      // The link of the first arming does not confirm the second.
      expect((await confirm(oldToken)).statusCode).toBe(400);
      await setQuantity(bike.id, 1);
      await flush();
      expect(smtp.to('ida@example.com').map((m) => m.subject?.split(':')[0])).toEqual([
        'Confirm your alert',
        'Back in stock',
        'Confirm your alert',
      ]);
    });
  });

  describe('for the signed-in rider’s own address', () => {
    it('is active at once: no confirmation, one mail on restock', async () => {
      const bike = await soldOutBike();
      const res = await ask(bike.id, { email: customer.email.toUpperCase() }, customer);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: STOCK_ALERT_MESSAGES.created,
        data: null,
      });
      expect(await confirmationMails()).toEqual([]);
      await setQuantity(bike.id, 4);
      await flush();
      const mails = smtp.to(customer.email);
      expect(mails.map((m) => m.subject)).toEqual([
        'Back in stock: Alpina Summit 29 · Bi-Cycle Store',
      ]);
      expect(rawHeader(mails[0], 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    });

    it('confirms an alert a stranger asked for on that address', async () => {
      const bike = await soldOutBike();
      await ask(bike.id, { email: customer.email });
      expect((await ask(bike.id, { email: customer.email }, customer)).statusCode).toBe(200);
      expect(await alertRows()).toHaveLength(1);
      await setQuantity(bike.id, 4);
      await flush();
      // Both go out in one pass, in either order.
      expect(
        smtp
          .to(customer.email)
          .map((m) => m.subject?.split(':')[0])
          .sort(),
      ).toEqual(['Back in stock', 'Confirm your alert']);
    });

    it('treats another address typed by a signed-in rider as a stranger’s, and refuses a bad token', async () => {
      const bike = await soldOutBike();
      expect((await ask(bike.id, { email: 'jo@example.com' }, customer)).statusCode).toBe(202);
      const stale = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/products/${bike.id}/stock-alerts`,
        payload: { email: customer.email },
        headers: { authorization: 'not-a-token' },
      });
      expect(stale.statusCode).toBe(401);
      expect((await alertRows()).map((a) => a.email)).toEqual(['jo@example.com']);
    });
  });

  describe('unsubscribe', () => {
    it('removes the alert with the one-click POST of the header’s URL, not with a GET', async () => {
      const bike = await soldOutBike();
      await ask(bike.id, { email: customer.email }, customer);
      await setQuantity(bike.id, 1);
      await flush();
      const path = unsubscribePathIn(smtp.to(customer.email)[0]);
      await setQuantity(bike.id, 0);
      await ask(bike.id, { email: customer.email }, customer);

      const page = await ctx.app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`action="${path.replace('&', '&#38;')}"`);
      expect(await alertRows()).toHaveLength(1);

      const res = await oneClick(path);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: text.unsubscribed, data: null });
      expect(await alertRows()).toEqual([]);
      const again = await oneClick(path);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ success: false, message: text.alreadyRemoved });
      await setQuantity(bike.id, 2);
      expect(await flush()).toEqual({ sent: 0, retried: 0, failed: 0 });
    });

    it('takes the one-click POST as multipart too, and answers a browser with a page', async () => {
      const bike = await soldOutBike();
      await ask(bike.id, { email: 'kim@example.com' });
      await flush();
      const path = unsubscribePathIn(smtp.to('kim@example.com')[0]);
      const boundary = 'one-click-boundary';
      const res = await ctx.app.inject({
        method: 'POST',
        url: path,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          accept: 'text/html,application/xhtml+xml',
        },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(text.unsubscribed);
      expect(await alertRows()).toEqual([]);
    });
  });

  it('mails when a cancel or an expiry brings the last units back', async () => {
    const bike = await createProduct(ctx, { quantity: 2 });
    const { orderId } = await placeOrderOk(ctx, customer, bike.id, 1);
    await placeOrderOk(ctx, await createUser(ctx), bike.id, 1);
    await askConfirmed(bike.id, 'cara@example.com');
    expect((await cancelAs(ctx, customer, orderId)).statusCode).toBe(200);
    await flush();
    expect(smtp.to('cara@example.com')).toHaveLength(2);

    await setQuantity(bike.id, 0);
    await askConfirmed(bike.id, 'dan@example.com');
    ctx.clock.advance(ctx.config.payments.timeoutMs + 60_000);
    await sweepOnce(ctx);
    await flush();
    expect(smtp.to('dan@example.com')).toHaveLength(2);
    expect(smtp.to('cara@example.com')).toHaveLength(2);
  });

  it('writes no mail for a restock that rolled back', async () => {
    const bike = await soldOutBike();
    await ask(bike.id, { email: customer.email }, customer);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.update(products).set({ quantity: 4 }).where(eq(products.id, bike.id));
        throw new Error('the edit failed');
      }),
    ).rejects.toThrow('the edit failed');
    expect(await ctx.database.db.select().from(emailOutbox)).toEqual([]);
    const [alert] = await alertRows();
    expect(alert?.notifiedAt).toBeNull();
  });

  it('refuses an alert for a bicycle in stock, a size, and an unknown bicycle', async () => {
    const inStock = await createProduct(ctx, { quantity: 3 });
    const res = await ask(inStock.id, { email: 'gus@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: STOCK_ALERT_MESSAGES.inStock });
    const bike = await soldOutBike();
    const sized = await ask(bike.id, { email: 'gus@example.com', size: 'M' });
    expect(sized.statusCode).toBe(400);
    expect(sized.json()).toMatchObject({ message: STOCK_ALERT_MESSAGES.oneSize });
    const unknown = await ask('7f1c0f8e-9d1a-4c1e-8a55-3f2b1c0d9e8f', { email: 'gus@example.com' });
    expect(unknown.statusCode).toBe(404);
    const [count] = await ctx.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(stockAlerts);
    expect(count?.n).toBe(0);
    expect(await confirmationMails()).toEqual([]);
  });

  it('arms a used alert again for the next restock', async () => {
    const bike = await soldOutBike();
    await ask(bike.id, { email: customer.email }, customer);
    await setQuantity(bike.id, 1);
    await flush();
    await setQuantity(bike.id, 0);
    expect((await ask(bike.id, { email: customer.email }, customer)).statusCode).toBe(200);
    await setQuantity(bike.id, 1);
    await flush();
    expect(smtp.to(customer.email)).toHaveLength(2);
  });

  it('tells the admin how many confirmed riders wait for each sold-out bicycle, and only the admin', async () => {
    const bike = await soldOutBike();
    const other = await createProduct(ctx, { name: 'Gravel 2', brand: 'Alpina', quantity: 0 });
    for (const email of ['a@example.test', 'b@example.test']) await askConfirmed(bike.id, email);
    await ask(bike.id, { email: customer.email }, customer);
    await askConfirmed(other.id, 'a@example.test');
    // Addresses nobody confirmed are not riders waiting.
    for (const email of ['c@example.test', 'd@example.test', 'e@example.test'])
      await ask(other.id, { email });
    const admin = await createUser(ctx, { role: 'admin' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/stock-alerts',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: unknown }>().data).toEqual([
      { productId: bike.id, name: 'Summit 29', brand: 'Alpina', size: null, waiting: 3 },
      { productId: other.id, name: 'Gravel 2', brand: 'Alpina', size: null, waiting: 1 },
    ]);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/stock-alerts',
      headers: customer.auth,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('stock alert links in the logs', () => {
  const lines: string[] = [];
  const ctx = useTestContext(
    {},
    {
      logger: {
        level: 'info',
        stream: {
          write: (line: string) => {
            lines.push(line);
          },
        },
      },
    },
  );

  it('logs the requests of the confirmation and unsubscribe links without their tokens', async () => {
    const token = 'Secret-Link-Token-0123456789abcdefghijklmnopq';
    for (const [method, url] of [
      ['GET', `/stock-alerts/confirm?token=${token}`],
      ['GET', `/api/v1/stock-alerts/unsubscribe?token=${token}`],
      ['POST', `/api/v1/stock-alerts/unsubscribe?token=${token}`],
    ] as const)
      await ctx.app.inject({ method, url });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stock-alerts/confirm',
      payload: { token },
    });
    expect(lines.some((l) => l.includes('/stock-alerts/confirm?token=[redacted]'))).toBe(true);
    expect(lines.some((l) => l.includes('/stock-alerts/unsubscribe?token=[redacted]'))).toBe(true);
    expect(lines.filter((l) => l.includes(token))).toEqual([]);
  });
});
