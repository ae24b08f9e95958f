import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordResetTokens, refreshTokens } from '#server/db/schema.ts';
import { login, refreshCookieOf, requireStatus } from '../test/accounts-helpers.ts';
import { createProduct, createUser, type TestUser } from '../test/fixtures.ts';
import { orderAs, placeOrderOk } from '../test/orders-helpers.ts';
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
    // It carries the session's cookies: no cache on the way may keep it.
    expect(res.headers['cache-control']).toBe('no-store, private');
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

/** The value of the cookie `name` a response sets, if any. */
function cookieValue(res: LightMyRequestResponse, name: string): string | undefined {
  const line = cookiesOf(res).find((c) => c.startsWith(`${name}=`));
  return line === undefined
    ? undefined
    : decodeURIComponent(line.slice(name.length + 1).split(';')[0] ?? '');
}

describe('the reset link and the account page without scripts', () => {
  const ctx = useTestContext({}, () => ({ clientDir: build.clientDir }));
  let user: TestUser;
  beforeEach(async () => {
    await ctx.reset();
    user = await createUser(ctx, { name: 'Ada Rider' });
  });

  /** A reset link's token for the user, as the mail carries it. */
  async function resetToken(expiresInMs = 30 * 60_000): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = ctx.clock.now();
    await ctx.database.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(now.getTime() + expiresInMs),
      createdAt: now,
    });
    return token;
  }

  /** Signs in as a browser without scripts does, and returns the page session cookie. */
  async function pageSession(password = user.password): Promise<string> {
    const res = requireStatus(
      await post(ctx, '/sign-in', { email: user.email, password }),
      303,
      'sign-in form',
    );
    const cookie = cookieValue(res, 'pageSession');
    if (!cookie) throw new Error('no page session cookie');
    return cookie;
  }

  const getPage = (url: string, pageCookie?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      ...(pageCookie === undefined ? {} : { cookies: { pageSession: pageCookie } }),
    });

  const postAccount = (
    pageCookie: string | undefined,
    fields: Record<string, string>,
    headers: Record<string, string> = { origin: STORE },
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: '/me',
      headers: { 'content-type': FORM, ...headers },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: '203.0.113.10',
      ...(pageCookie === undefined ? {} : { cookies: { pageSession: pageCookie } }),
    });

  it('draws the reset page on the server, private, without writing the token into it', async () => {
    const token = await resetToken();
    const res = await getPage(`/reset-password?token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store, private');
    expect(res.body).toContain('Choose a new password for your account.');
    expect(inputNamed(res.body, 'newPassword')).toContain('type="password"');
    expect(res.body).not.toContain(token);
  });

  it('resets the password from the link: 303 to sign in, the old password refused, the new one taken', async () => {
    const token = await resetToken();
    const res = await post(ctx, `/reset-password?token=${token}`, {
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/sign-in');
    expect(res.headers['cache-control']).toBe('no-store, private');
    expect(cookiesOf(res)).toEqual([]);
    expect((await login(ctx, user.email, user.password)).statusCode).toBe(401);
    expect((await login(ctx, user.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('refuses a replayed, expired or missing link with the message, and never echoes a password', async () => {
    const token = await resetToken();
    const fields = { newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' };
    requireStatus(await post(ctx, `/reset-password?token=${token}`, fields), 303, 'first reset');
    const replay = await post(ctx, `/reset-password?token=${token}`, {
      newPassword: 'another-pass-1',
      confirmPassword: 'another-pass-1',
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toMatch(/role="alert"[^>]*>This reset link is invalid or has expired/);
    expect(replay.body).not.toContain('another-pass-1');
    expect(replay.body).not.toContain(token);

    const stale = await resetToken(60_000);
    ctx.clock.advance(2 * 60_000);
    const expired = await post(ctx, `/reset-password?token=${stale}`, fields);
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('This reset link is invalid or has expired');

    const missing = await post(ctx, '/reset-password', fields);
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('This reset link is invalid or has expired');
    // The password set by the first reset still stands.
    expect((await login(ctx, user.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it("checks the new password with the spec's messages and keeps neither", async () => {
    const token = await resetToken();
    const res = await post(ctx, `/reset-password?token=${token}`, {
      newPassword: 'abc',
      confirmPassword: 'abd',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('New password must be at least 6 characters long');
    expect(inputNamed(res.body, 'newPassword')).not.toContain('value=');
    expect(inputNamed(res.body, 'confirmPassword')).not.toContain('value=');
    const mismatch = await post(ctx, `/reset-password?token=${token}`, {
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pasz',
    });
    expect(mismatch.body).toContain('Passwords must match');
    expect(mismatch.body).not.toContain('brand-new-pas');
    // Nothing was spent: the link still works.
    const good = await post(ctx, `/reset-password?token=${token}`, {
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(good.statusCode).toBe(303);
  });

  it('sets a page session cookie at sign-in: HttpOnly, SameSite=Lax, for every page', async () => {
    const res = await post(ctx, '/sign-in', { email: user.email, password: user.password });
    const line = cookiesOf(res).find((c) => c.startsWith('pageSession='));
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\/;/);
    // It is no credential for the API.
    const api = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      cookies: { pageSession: cookieValue(res, 'pageSession') ?? '' },
    });
    expect(api.statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      cookies: { refreshToken: cookieValue(res, 'pageSession') ?? '' },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('draws the account page for its signed-in visitor: the name, the email, private', async () => {
    const session = await pageSession();
    const res = await getPage('/me', session);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store, private');
    expect(res.body).toContain('Account Preferences');
    expect(inputNamed(res.body, 'name')).toContain('value="Ada Rider"');
    expect(res.body).toContain(`value="${user.email}"`);
    expect(res.body).toContain('Change Password');
  });

  it("draws My Orders and an order's page for their owner, private; another's order is a 404", async () => {
    const product = await createProduct(ctx, { name: 'Pagewise Roadster', quantity: 5 });
    const { orderId } = await placeOrderOk(ctx, user, product.id);
    const mine = await orderAs(ctx, user, orderId);
    const stranger = await createUser(ctx);
    const theirs = await orderAs(
      ctx,
      stranger,
      (await placeOrderOk(ctx, stranger, product.id)).orderId,
    );
    const session = await pageSession();

    const list = await getPage('/orders', session);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store, private');
    expect(list.body).toContain('<title>My Orders | Bi-Cycle Store</title>');
    expect(list.body).toContain('Pagewise Roadster');
    expect(list.body).toContain(mine.number);
    expect(list.body).not.toContain(theirs.number);

    const detail = await getPage(`/orders/${mine.number}`, session);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain(`Order ${mine.number}`);
    expect(detail.body).toContain('Pagewise Roadster');

    for (const path of [`/orders/${theirs.number}`, '/orders/BC-999999', '/orders/x/review']) {
      const res = await getPage(path, session);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).toContain('THAT PAGE CAN&#x27;T BE FOUND.');
      expect(res.body, path).not.toContain('Pagewise Roadster');
    }
    for (const path of ['/orders', `/orders/${mine.number}`, `/orders/${mine.number}/review`]) {
      const res = await getPage(path);
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location).toBe(
        `/sign-in?${new URLSearchParams({ redirect: path }).toString()}`,
      );
    }
  });

  it('sends a visitor without a session to sign in, with the way back', async () => {
    for (const cookie of [undefined, 'not-a-token']) {
      const res = await getPage('/me', cookie);
      expect(res.statusCode, String(cookie)).toBe(302);
      expect(res.headers.location).toBe('/sign-in?redirect=%2Fme');
      expect(res.headers['cache-control']).toBe('no-store, private');
      expect(res.body).not.toContain(user.email);
    }
    const posted = await postAccount(undefined, { intent: 'profile', name: 'Mallory' });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/sign-in?redirect=%2Fme');
    expect((await getPage('/me', await pageSession())).body).toContain('value="Ada Rider"');
  });

  it('leaves a session the browser holds without a page cookie to the scripts', async () => {
    // A session opened before the page cookie existed: only the hint says so.
    const res = await ctx.app.inject({ method: 'GET', url: '/me', cookies: { hasSession: '1' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain(user.email);
    const posted = await ctx.app.inject({
      method: 'POST',
      url: '/me',
      headers: { 'content-type': FORM, origin: STORE },
      payload: 'intent=profile&name=Mallory',
      cookies: { hasSession: '1' },
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/me');
    expect(inputNamed((await getPage('/me', await pageSession())).body, 'name')).toContain(
      'value="Ada Rider"',
    );
  });

  it('changes the name: the saved name and the message on the page', async () => {
    const session = await pageSession();
    const res = await postAccount(session, { intent: 'profile', name: 'Ada Lovelace' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store, private');
    expect(res.body).toMatch(/role="status"[^>]*>Profile updated successfully</);
    expect(inputNamed(res.body, 'name')).toContain('value="Ada Lovelace"');
    const again = await getPage('/me', session);
    expect(inputNamed(again.body, 'name')).toContain('value="Ada Lovelace"');
  });

  it("refuses a name the API does not take with the spec's message, the typed name kept", async () => {
    const session = await pageSession();
    const long = 'N'.repeat(300);
    const res = await postAccount(session, { intent: 'profile', name: long });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/role="alert"[^>]*>Failed to update profile</);
    expect(inputNamed(res.body, 'name')).toContain(`value="${long}"`);
    expect(inputNamed((await getPage('/me', session)).body, 'name')).toContain('value="Ada Rider"');
  });

  it('changes the password: the message, a fresh session, the old one ended, no password echoed', async () => {
    const session = await pageSession();
    const res = await postAccount(session, {
      intent: 'password',
      currentPassword: user.password,
      newPassword: 'changed-pass-1',
      confirmPassword: 'changed-pass-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/role="status"[^>]*>Password changed successfully</);
    expect(res.body).not.toContain('changed-pass-1');
    expect(res.body).not.toContain(user.password);
    // The page after the change was drawn with the fresh session: the account is on it.
    expect(inputNamed(res.body, 'name')).toContain('value="Ada Rider"');
    const fresh = cookieValue(res, 'pageSession');
    expect(fresh).toBeDefined();
    expect(refreshCookieOf(res)).toBeDefined();
    // The session the form was sent with has ended; the fresh one works.
    expect((await getPage('/me', session)).statusCode).toBe(302);
    expect((await getPage('/me', fresh)).statusCode).toBe(200);
    expect((await login(ctx, user.email, 'changed-pass-1')).statusCode).toBe(200);
  });

  it("refuses a wrong current password and bad new ones with the spec's messages, keeping no password", async () => {
    const session = await pageSession();
    const wrong = await postAccount(session, {
      intent: 'password',
      currentPassword: 'not-my-password',
      newPassword: 'changed-pass-1',
      confirmPassword: 'changed-pass-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toMatch(/role="alert"[^>]*>Current password is incorrect</);
    expect(wrong.body).not.toContain('not-my-password');
    expect(wrong.body).not.toContain('changed-pass-1');
    const bad = await postAccount(session, {
      intent: 'password',
      currentPassword: '',
      newPassword: 'abc',
      confirmPassword: 'abd',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Current password is required');
    expect(bad.body).toContain('New password must be at least 6 characters long');
    for (const name of ['currentPassword', 'newPassword', 'confirmPassword']) {
      expect(inputNamed(bad.body, name), name).not.toContain('value=');
    }
    // A form without a known intent changes nothing.
    const unknown = await postAccount(session, { intent: 'delete', name: 'Mallory' });
    expect(unknown.statusCode).toBe(400);
    expect((await login(ctx, user.email, user.password)).statusCode).toBe(200);
  });

  it('acts on a replayed password form once: the second finds its session ended', async () => {
    const session = await pageSession();
    const fields = {
      intent: 'password',
      currentPassword: user.password,
      newPassword: 'changed-pass-1',
      confirmPassword: 'changed-pass-1',
    };
    requireStatus(await postAccount(session, fields), 200, 'first change');
    const replay = await postAccount(session, fields);
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe('/sign-in?redirect=%2Fme');
    expect((await login(ctx, user.email, 'changed-pass-1')).statusCode).toBe(200);
  });

  it('refuses account forms from another site and malformed ones, changing nothing', async () => {
    const session = await pageSession();
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site', origin: STORE },
      {},
    ];
    for (const headers of foreign) {
      const res = await postAccount(session, { intent: 'profile', name: 'Mallory' }, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.body).toContain('This form was sent from another site');
    }
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/me',
      headers: { origin: STORE, 'content-type': 'application/json' },
      payload: JSON.stringify({ intent: 'profile', name: 'Mallory' }),
      cookies: { pageSession: session },
    });
    expect(json.statusCode).toBe(415);
    const huge = await postAccount(session, { intent: 'profile', name: 'M'.repeat(40_000) });
    expect(huge.statusCode).toBe(413);
    const resetHuge = await post(ctx, '/reset-password?token=x', {
      newPassword: 'p'.repeat(40_000),
    });
    expect(resetHuge.statusCode).toBe(413);
    expect(inputNamed((await getPage('/me', session)).body, 'name')).toContain('value="Ada Rider"');
  });

  it('ends with the session: logout and blocking send the page to sign in and drop its cookie', async () => {
    const session = await pageSession();
    const signedIn = await login(ctx, user.email, user.password);
    const refresh = refreshCookieOf(signedIn)?.value ?? '';
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      cookies: { refreshToken: refresh },
    });
    // That logout ended another session; this one stands until its own ends.
    expect((await getPage('/me', session)).statusCode).toBe(200);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${user.id}/status`,
      headers: (await createUser(ctx, { role: 'admin' })).auth,
      payload: { isBlocked: true },
    });
    const blocked = await getPage('/me', session);
    expect(blocked.statusCode).toBe(302);
    expect(cookiesOf(blocked).find((c) => c.startsWith('pageSession='))).toMatch(
      /Max-Age=0|Expires=Thu, 01 Jan 1970/,
    );
  });
});

describe('the account forms at the most talkative log level', () => {
  let logged = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString('utf8');
      done();
    },
  });
  const ctx = useTestContext({ LOG_LEVEL: 'trace' }, () => ({
    clientDir: build.clientDir,
    logger: { level: 'trace', stream },
  }));
  beforeEach(() => ctx.reset());

  it('log the pages and forms, but no reset token, password or session cookie', async () => {
    const user = await createUser(ctx);
    const token = randomBytes(32).toString('base64url');
    const now = ctx.clock.now();
    await ctx.database.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(now.getTime() + 60_000),
      createdAt: now,
    });
    const fields = { newPassword: 'Logged-Reset-Pass-1', confirmPassword: 'Logged-Reset-Pass-1' };
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/reset-password?token=${token}` })).statusCode,
    ).toBe(200);
    expect((await post(ctx, `/reset-password?token=${token}`, fields)).statusCode).toBe(303);
    expect((await post(ctx, `/reset-password?token=${token}`, fields)).statusCode).toBe(400);
    const signedIn = await post(ctx, '/sign-in', {
      email: user.email,
      password: fields.newPassword,
    });
    const session = cookieValue(signedIn, 'pageSession') ?? '';
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/me',
      headers: { 'content-type': FORM, origin: STORE },
      payload: new URLSearchParams({
        intent: 'password',
        currentPassword: fields.newPassword,
        newPassword: 'Logged-Changed-Pass-2',
        confirmPassword: 'Logged-Changed-Pass-2',
      }).toString(),
      cookies: { pageSession: session },
    });
    expect(changed.statusCode).toBe(200);
    expect(logged).toContain('/reset-password');
    expect(logged).toContain('"url":"/me"');
    for (const secret of [token, fields.newPassword, 'Logged-Changed-Pass-2', session]) {
      expect(logged.includes(secret), secret.slice(0, 12)).toBe(false);
    }
  });
});
