import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refreshTokens } from '#server/db/schema.ts';
import { refreshCookieOf } from '../test/accounts-helpers.ts';
import { createUser, type TestUser } from '../test/fixtures.ts';
import { buildStorefront, type StorefrontBuild } from '../test/storefront-build.ts';
import { useTestContext, type TestContext } from '../test/test-app.ts';

/** The store's own address in the tests (APP_URL). */
const STORE = 'http://store.test';
const FORM = 'application/x-www-form-urlencoded';

function cookiesOf(res: LightMyRequestResponse): string[] {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/** The `<input>` named `name` in a page, as written. */
function inputNamed(html: string, name: string): string {
  return new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';
}

/** A form as the browser posts it from one of the store's pages (or from `origin`). */
function post(
  ctx: TestContext,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = { origin: STORE },
  remoteAddress = '203.0.113.10',
) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': FORM, ...headers },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  });
}

let build: StorefrontBuild;
beforeAll(async () => {
  build = await buildStorefront();
});
afterAll(() => build.remove());

describe('account forms posted without scripts', () => {
  const ctx = useTestContext({}, () => ({ clientDir: build.clientDir }));
  let user: TestUser;
  beforeEach(async () => {
    await ctx.reset();
    user = await createUser(ctx);
  });

  it('signs in: 303 to the page that asked, with the session cookie and its hint', async () => {
    const res = await post(ctx, '/sign-in?redirect=%2Fcart', {
      email: user.email.toUpperCase(),
      password: user.password,
      redirect: '/checkout?product=trek-marlin-7&quantity=1',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/checkout?product=trek-marlin-7&quantity=1');
    expect(res.headers['cache-control']).toBe('no-store');
    const refresh = refreshCookieOf(res);
    expect(refresh?.raw).toMatch(/HttpOnly/);
    expect(refresh?.raw).toMatch(/Path=\/api\/v1\/auth/);
    const hint = cookiesOf(res).find((c) => c.startsWith('hasSession='));
    expect(hint).toMatch(/^hasSession=1;.*Path=\/;/);
    expect(hint).not.toMatch(/HttpOnly/);
    // The browser's next page asks for its access token with that cookie.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      cookies: { refreshToken: refresh?.value ?? '' },
    });
    expect(again.statusCode).toBe(200);
  });

  it('goes on to the query target, and home for another site', async () => {
    const signIn = (url: string, redirect?: string) =>
      post(ctx, url, {
        email: user.email,
        password: user.password,
        ...(redirect === undefined ? {} : { redirect }),
      });
    expect((await signIn('/sign-in?redirect=%2Fcart')).headers.location).toBe('/cart');
    for (const evil of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const byField = await signIn('/sign-in', evil);
      expect(byField.statusCode, evil).toBe(303);
      expect(byField.headers.location, evil).toBe('/');
      const byQuery = await signIn(
        `/sign-in?${new URLSearchParams({ redirect: evil }).toString()}`,
      );
      expect(byQuery.headers.location, evil).toBe('/');
    }
  });

  it('shows a wrong password as 401 with the message, the email kept and no password', async () => {
    const res = await post(ctx, '/sign-in', { email: user.email, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(cookiesOf(res)).toEqual([]);
    expect(res.body).toMatch(/role="alert"[^>]*>Invalid email or password</);
    expect(inputNamed(res.body, 'email')).toContain(`value="${user.email}"`);
    expect(inputNamed(res.body, 'password')).not.toContain('value=');
    expect(res.body).not.toContain('wrong-password');
    // Drawn again in the browser from the same answer: the island carries it, without the password.
    expect(res.body).toMatch(/"actionData":\{[^<]*"Invalid email or password"/);
  });

  it("checks the fields with the spec's messages (400)", async () => {
    const res = await post(ctx, '/sign-in', { email: 'not-an-email', password: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Invalid email address');
    expect(res.body).toContain('Password must be at least 6 characters');
    expect(inputNamed(res.body, 'email')).toContain('value="not-an-email"');
    const empty = await post(ctx, '/sign-in', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Email is required');
    expect(empty.body).toContain('Password is required');
  });

  it('signs up, and refuses a taken email with its message and the name kept', async () => {
    const fields = { name: 'Ada Rider', email: 'ada@example.com', password: 'secret-pass' };
    const made = await post(ctx, '/sign-up', fields);
    expect(made.statusCode).toBe(303);
    expect(made.headers.location).toBe('/');
    expect(refreshCookieOf(made)).toBeDefined();
    const taken = await post(ctx, '/sign-up', fields);
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('This email is already registered');
    expect(inputNamed(taken.body, 'name')).toContain('value="Ada Rider"');
  });

  it('answers a reset link request on the page, the same for any address', async () => {
    for (const email of [user.email, 'nobody@example.com']) {
      const res = await post(ctx, '/forgot-password', { email });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(
        /role="status"[^>]*>If an account exists for this email, a reset link is on its way.</,
      );
    }
  });

  it('refuses forms from another site, or from nowhere said, and opens no session', async () => {
    const credentials = { email: user.email, password: user.password };
    const before = (await ctx.database.db.select().from(refreshTokens)).length;
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site', origin: STORE },
      { 'sec-fetch-site': 'same-site', origin: STORE },
      { referer: 'https://evil.example/login' },
      {},
    ];
    for (const headers of foreign) {
      const res = await post(ctx, '/sign-in', credentials, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(cookiesOf(res), JSON.stringify(headers)).toEqual([]);
      expect(res.body).toContain('This form was sent from another site');
    }
    expect(await ctx.database.db.select().from(refreshTokens)).toHaveLength(before);
    // The browser's own word for a page of this site is enough.
    const own = await post(ctx, '/sign-in', credentials, { 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).toBe(303);
  });

  it('answers malformed bodies with a clear 4xx, never a 500', async () => {
    const send = (type: string | undefined, payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/sign-in',
        headers: { origin: STORE, ...(type ? { 'content-type': type } : {}) },
        payload,
      });
    const answers = {
      json: await send('application/json', JSON.stringify({ email: user.email })),
      brokenJson: await send('application/json', '{"email":'),
      text: await send('text/plain', 'email=a'),
      none: await send(undefined, 'email=a'),
      multipart: await send('multipart/form-data; boundary=x', '--x--'),
      huge: await send(FORM, `email=${'a'.repeat(40_000)}&password=secret-pass`),
      longFields: await send(FORM, `email=${'a'.repeat(10_000)}&password=${'p'.repeat(5_000)}`),
      repeated: await send(FORM, 'email=a%40b.co&email=c%40d.co&password=x&password=y'),
      badEscapes: await send(FORM, 'email=%E0%A4%A&password=%ZZ'),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, what).toBeLessThan(500);
    }
    expect(answers.json.statusCode).toBe(415);
    expect(answers.huge.statusCode).toBe(413);
    expect(answers.longFields.statusCode).toBe(400);
    expect(answers.longFields.body).toContain('Invalid email address');
    expect(answers.longFields.body).toContain('Password must be at most 128 characters');
  });

  it('sends a form to a page without an action back to that page, as before', async () => {
    const res = await post(ctx, '/shop', { searchTerm: 'trek' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/shop');
    const guarded = await post(ctx, '/orders', {});
    expect(guarded.statusCode).toBe(303);
    expect(guarded.headers.location).toBe('/orders');
  });
});

describe('the sign-in limits on forms posted to pages', () => {
  const ctx = useTestContext({ AUTH_RATE_LIMIT_MAX: '3' }, () => ({
    clientDir: build.clientDir,
  }));
  beforeEach(() => ctx.reset());

  it("count the shopper's own address, as their browser's API calls do", async () => {
    const user = await createUser(ctx);
    const wrong = { email: user.email, password: 'wrong-password' };
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await post(ctx, '/sign-in', wrong)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await post(ctx, '/sign-in', { email: user.email, password: user.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('role="alert"');
    expect(cookiesOf(limited)).toEqual([]);
    // The same address calling the API itself is over its limit too.
    const api = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: '203.0.113.10',
    });
    expect(api.statusCode).toBe(429);
    // Another shopper's address is not.
    const other = await post(
      ctx,
      '/sign-in',
      { email: user.email, password: user.password },
      { origin: STORE },
      '198.51.100.20',
    );
    expect(other.statusCode).toBe(303);
  });
});
