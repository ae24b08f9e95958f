import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, sandboxSessions } from '../db/schema.ts';
import { hashRefreshToken } from '../modules/auth/tokens.ts';
import { refreshCookieOf } from '../test/accounts-helpers.ts';
import { createProduct, createUser } from '../test/fixtures.ts';
import { futureExpiry, pathOf } from '../test/orders-helpers.ts';
import { writeFakeStorefront } from '../test/fake-storefront.ts';
import { useSmtpServer } from '../test/smtp-helpers.ts';
import { useTestContext } from '../test/test-app.ts';

const PASSWORD = 'Correct-Horse-Battery-42';
const NEW_PASSWORD = 'Another-Staple-Rider-77';
const CARD = '4242 4242 4242 4242';

/** Everything the server writes to its log, at the most talkative level. */
class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
}

describe('secrets never reach the log or an answer', () => {
  const log = new LogCapture();
  const bodies: string[] = [];
  /** The hosted payment page, which shows the test cards on purpose. */
  const pages: string[] = [];
  const secrets = new Map<string, string>();

  const ctx = useTestContext({ LOG_LEVEL: 'trace' }, { logger: { level: 'trace', stream: log } });

  async function call(request: InjectOptions): Promise<LightMyRequestResponse> {
    const res = await ctx.app.inject(request);
    const isPage = String(res.headers['content-type']).startsWith('text/html');
    (isPage ? pages : bodies).push(res.body);
    return res;
  }

  function cookieOf(res: LightMyRequestResponse, label: string): string {
    const value = refreshCookieOf(res)?.value;
    if (!value) throw new Error(`${label} set no refresh cookie`);
    secrets.set(`${label} refresh token`, value);
    secrets.set(`${label} refresh token hash`, hashRefreshToken(value));
    return value;
  }

  function tokenOf(res: LightMyRequestResponse, label: string): string {
    const token = res.json<{ data: { accessToken: string } }>().data.accessToken;
    secrets.set(`${label} access token`, token);
    return token;
  }

  it('runs a whole journey: sign-up, sign-in, refresh, order, card payment, verify, password change, sign-out', async () => {
    secrets.set('password', PASSWORD);
    secrets.set('new password', NEW_PASSWORD);
    secrets.set('card number', CARD);
    secrets.set('card number without spaces', CARD.replaceAll(' ', ''));
    const product = await createProduct(ctx, { name: 'Log Tourer', price: 640, quantity: 5 });
    const admin = await createUser(ctx, { role: 'admin' });

    const email = 'log-rider@example.com';
    const registered = await call({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { name: 'Log Rider', email, password: PASSWORD },
    });
    expect(registered.statusCode).toBe(201);
    tokenOf(registered, 'sign-up');
    cookieOf(registered, 'sign-up');

    // A failed sign-in is logged too: with the wrong password in the body.
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email, password: `${PASSWORD}-typo` },
        })
      ).statusCode,
    ).toBe(401);
    secrets.set('mistyped password', `${PASSWORD}-typo`);

    const login = await call({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    tokenOf(login, 'sign-in');
    const refreshToken = cookieOf(login, 'sign-in');

    const refreshed = await call({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      cookies: { refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    tokenOf(refreshed, 'refresh');
    const rotated = cookieOf(refreshed, 'refresh');
    // The old token replayed: refused, and logged as such, without the token.
    expect(
      (await call({ method: 'POST', url: '/api/v1/auth/refresh-token', cookies: { refreshToken } }))
        .statusCode,
    ).toBe(401);
    // The replay ended that session and its access tokens: the journey goes on in a new one.
    const again = await call({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    const access = tokenOf(again, 'sign-in after the replay');
    cookieOf(again, 'sign-in after the replay');

    const order = await call({
      method: 'POST',
      url: '/api/v1/orders/order/create',
      headers: { authorization: `Bearer ${access}` },
      payload: { product: product.id, quantity: 1 },
    });
    expect(order.statusCode).toBe(201);
    const checkout = pathOf(order.json<{ data: string }>().data);
    // A mistyped card first (re-shows the page), then the good one.
    const form = (cardNumber: string) =>
      new URLSearchParams({
        cardNumber,
        expiry: futureExpiry(ctx),
        cvc: '123',
        action: 'pay',
      }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(
      (await call({ method: 'POST', url: checkout, headers, payload: form('4242 4242 4242 4241') }))
        .statusCode,
    ).toBe(400);
    secrets.set('mistyped card number', '4242424242424241');
    const paid = await call({ method: 'POST', url: checkout, headers, payload: form(CARD) });
    expect(paid.statusCode).toBe(303);
    const orderId = new URL(String(paid.headers.location)).searchParams.get('order_id') ?? '';
    const verified = await call({
      method: 'GET',
      url: `/api/v1/orders/order/verify?order_id=${orderId}`,
      headers: { authorization: access },
    });
    expect(verified.json<{ data: { bank_status: string }[] }>().data[0]?.bank_status).toBe(
      'Success',
    );

    expect(
      (await call({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: access } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call({ method: 'GET', url: '/api/v1/orders', headers: { authorization: access } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call({ method: 'GET', url: '/api/v1/orders', headers: admin.auth })).statusCode,
    ).toBe(200);
    expect(
      (await call({ method: 'GET', url: '/api/v1/users', headers: admin.auth })).statusCode,
    ).toBe(200);

    const changed = await call({
      method: 'POST',
      url: '/api/v1/users/change-password',
      headers: { authorization: access },
      payload: { oldPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    tokenOf(changed, 'password change');
    const afterChange = cookieOf(changed, 'password change');
    for (const refreshToken of [afterChange, rotated]) {
      const res = await call({
        method: 'POST',
        url: '/api/v1/auth/logout',
        cookies: { refreshToken },
      });
      expect(res.statusCode).toBe(200);
    }

    // The journey was logged: requests with their ids, at trace level.
    expect(log.text).toContain('"reqId"');
    expect(log.text).toContain('/api/v1/auth/login');
  });

  it('logged no password, token, refresh token or card number', () => {
    expect(log.text.length).toBeGreaterThan(1000);
    const leaked = [...secrets]
      .filter(([, secret]) => log.text.includes(secret))
      .map(([label]) => label);
    expect(leaked).toEqual([]);
    expect(log.text).not.toContain('$argon2');
  });

  it('answered with no password, hash or token hash anywhere', () => {
    const all = bodies.join('\n');
    expect(all).not.toContain('$argon2');
    expect(all).not.toMatch(/"password(Hash)?"|"tokenHash"|"passwordHash"/);
    const hashes = [...secrets].filter(([label]) => label.endsWith('hash'));
    expect(hashes.length).toBeGreaterThan(2);
    expect(hashes.filter(([, hash]) => all.includes(hash)).map(([label]) => label)).toEqual([]);
    for (const label of ['password', 'new password', 'card number', 'card number without spaces']) {
      expect(all.includes(secrets.get(label) ?? '<missing>'), label).toBe(false);
    }
    // The page re-shown after a mistyped card does not echo the number back.
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.join('\n')).not.toMatch(/4242 ?4242 ?4242 ?4241/);
  });

  it('stores no full card number, only the last four digits', async () => {
    const rows = JSON.stringify(await ctx.database.db.select().from(sandboxSessions));
    expect(rows).toContain('4242');
    expect(rows).not.toContain(CARD.replaceAll(' ', ''));
    expect(rows).not.toContain(CARD);
  });
});

/**
 * A stand-in for the built store front: every page's loader passes the page's query on to the
 * API (as the shop's filters do), and a page under `/broken` fails to render with its address in
 * the error, as a router's error names the URL it could not render.
 */
const BUNDLE = `
export async function render(url, { fetchApi }) {
  const { pathname, search } = new URL(url, 'http://x');
  await fetchApi(new Request('http://storefront.internal/api/v1/products' + search));
  if (pathname.endsWith('/broken')) throw new Error('could not render ' + url);
  return { kind: 'page', status: 200, html: '<main>' + pathname + '</main>', preloads: '',
    meta: { title: 'Page', description: 'Page' }, modules: [], data: '{}', catalog: false };
}
`;

function storeFrontBuild(): Promise<{ root: string; clientDir: string }> {
  return writeFakeStorefront({
    indexHtml:
      '<!doctype html><html><head><title>Bi-Cycle Store</title></head><body><div id="root"></div></body></html>',
    manifest: {},
    bundle: BUNDLE,
  });
}

/** The store's own links in a mail (text and HTML parts), as the reader would open them. */
function linksIn(mail: ParsedMail, appUrl: string): URL[] {
  const text = `${mail.text ?? ''}\n${typeof mail.html === 'string' ? mail.html : ''}`;
  const found = text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  return [...new Set(found.map((l) => l.replaceAll('&amp;', '&')))]
    .filter((l) => l.startsWith(appUrl))
    .map((l) => new URL(l));
}

describe('links that grant access never reach the log', () => {
  const log = new LogCapture();
  const smtp = useSmtpServer();
  let build: { root: string; clientDir: string } | undefined;
  beforeAll(async () => {
    build = await storeFrontBuild();
  });
  afterAll(() => build && rm(build.root, { recursive: true, force: true }));
  const ctx = useTestContext(
    () => ({ LOG_LEVEL: 'trace', SMTP_URL: smtp.url }),
    () => ({ logger: { level: 'trace', stream: log }, clientDir: build?.clientDir }),
  );
  /** Every value a mailed link carries in its query: each of them opens something. */
  const secrets = new Map<string, string>();
  const opened: string[] = [];

  /** Sends what is due, then opens every link of the new mails, as their reader would. */
  async function readMailsAndFollowLinks(label: string): Promise<void> {
    const before = smtp.mails.length;
    await ctx.app.deps.background.settled();
    // Mails stamped by the database's clock (restock) are due by the test clock a moment later.
    ctx.clock.set(new Date(Date.now() + 60_000));
    await ctx.app.mail.flush();
    for (const mail of smtp.mails.slice(before)) {
      for (const link of linksIn(mail, ctx.config.appUrl)) {
        for (const [name, value] of link.searchParams) {
          secrets.set(`${label}: ${name} of ${link.pathname}`, value);
        }
        if (!link.search) continue;
        const res = await ctx.app.inject({ method: 'GET', url: link.pathname + link.search });
        expect(res.statusCode, link.pathname).toBeLessThan(500);
        opened.push(link.pathname);
        await pressTheButton(res.body);
      }
    }
  }

  /** A link's page that acts only through its button (mail scanners follow links): press it. */
  async function pressTheButton(page: string): Promise<void> {
    const form =
      /<form method="post" action="([^"]+)">\s*<input type="hidden" name="([^"]+)" value="([^"]*)">/.exec(
        page,
      );
    if (!form) return;
    const [, action = '', name = '', value = ''] = form.map((part) =>
      part.replaceAll('&amp;', '&'),
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ [name]: value }).toString(),
    });
    expect(res.statusCode, action).toBe(200);
    opened.push(`POST ${action.split('?')[0] ?? ''}`);
  }

  it('runs the password reset journey: forgot, open the reset page, reset', async () => {
    const user = await createUser(ctx, { name: 'Reset Rider' });
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    await readMailsAndFollowLinks('reset mail');
    const token = [...secrets].find(([label]) => label.endsWith('token of /reset-password'))?.[1];
    if (!token) throw new Error('no reset link was mailed');
    secrets.set('reset token hash', createHash('sha256').update(token).digest('hex'));

    // The page again, rendered on the server, and once more with a render that fails.
    const page = await ctx.app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<main>/reset-password</main>');
    const broken = await ctx.app.inject({
      method: 'GET',
      url: `/reset-password/broken?token=${token}`,
      headers: { referer: `${ctx.config.appUrl}/reset-password?token=${token}` },
    });
    expect(broken.statusCode).toBe(500);

    const newPassword = 'Reset-Journey-Password-9';
    secrets.set('new password', newPassword);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, newPassword },
    });
    expect(reset.statusCode).toBe(200);
    // A replayed link is refused, and logged as such.
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, newPassword: `${newPassword}-again` },
    });
    expect(replay.statusCode).toBe(400);
  });

  it('runs the stock alert journey: sign up, the mails, their links', async () => {
    const bike = await createProduct(ctx, { name: 'Alert Tourer', quantity: 0 });
    const asked = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/products/${bike.id}/stock-alerts`,
      payload: { email: 'alert-rider@example.com' },
    });
    // A new address confirms first (double opt-in).
    expect(asked.statusCode).toBe(202);
    await readMailsAndFollowLinks('sign-up mail');
    expect(opened).toContain('POST /api/v1/stock-alerts/confirm');
    await ctx.database.db.update(products).set({ quantity: 4 }).where(eq(products.id, bike.id));
    await readMailsAndFollowLinks('alert mail');
    expect(opened).toContain('POST /api/v1/stock-alerts/unsubscribe');
  });

  it('logged the requests, but none of the tokens, at the most talkative level', () => {
    expect(opened).toContain('/reset-password');
    for (const logged of [
      '/reset-password',
      '/api/v1/stock-alerts/unsubscribe',
      'page render failed',
    ]) {
      expect(log.text).toContain(logged);
    }
    const mailed = [...secrets].filter(([, value]) => value.length >= 16);
    expect(mailed.length).toBeGreaterThanOrEqual(3);
    const leaked = mailed.filter(([, secret]) => log.text.includes(secret)).map(([label]) => label);
    expect(leaked).toEqual([]);
  });
});
