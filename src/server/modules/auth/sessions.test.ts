import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '#server/db/schema.ts';
import {
  changePassword,
  claimsOf,
  login,
  fetchMe,
  logout,
  refresh,
  refreshCookieOf,
  signIn,
} from '#server/test/accounts-helpers.ts';
import { createUser, useFreshUser } from '#server/test/fixtures.ts';
import { useTestContext } from '#server/test/test-app.ts';
import { AccessTokens, hashRefreshToken } from './tokens.ts';

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens', () => {
  const ctx = useTestContext();
  const user = useFreshUser(ctx);

  const me = (authorization?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      ...(authorization === undefined ? {} : { headers: { authorization } }),
    });

  it('accepts the token raw and with a Bearer prefix', async () => {
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await me(`Bearer ${user.token}`)).statusCode).toBe(200);
    expect((await me(`bearer ${user.token}`)).json().data.email).toBe(user.email);
  });

  it('refuses a missing or malformed token with 401', async () => {
    for (const header of [undefined, '', 'Bearer ', 'garbage', 'a.b.c', `Basic ${user.token}`]) {
      const res = await me(header);
      expect(res.statusCode, String(header)).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('refuses an unsigned token (alg none)', async () => {
    const [, payload] = user.token.split('.');
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${payload ?? ''}.`;
    expect((await me(unsigned)).statusCode).toBe(401);
    expect((await me(`Bearer ${unsigned}`)).statusCode).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const forger = new AccessTokens('another-secret-that-is-long-enough-for-hs256', 15 * 60_000);
    const forged = await forger.sign(
      { id: user.id, email: user.email, role: 'admin' },
      String(claimsOf(user.token).sid),
      ctx.clock.now(),
    );
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('refuses a token whose payload was changed', async () => {
    const [header, payload, signature] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
    const tampered = `${header ?? ''}.${b64url({ ...claims, role: 'admin' })}.${signature ?? ''}`;
    expect((await me(tampered)).statusCode).toBe(401);
    const admin = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users',
      headers: { authorization: tampered },
    });
    expect(admin.statusCode).toBe(401);
  });

  it('refuses a token of another type', async () => {
    const key = new TextEncoder().encode(ctx.config.jwtSecret);
    const { SignJWT } = await import('jose');
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const refreshTyped = await new SignJWT({ email: user.email, role: 'customer', typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
    expect((await me(refreshTyped)).statusCode).toBe(401);
  });

  it('expires the access token after 15 minutes', async () => {
    ctx.clock.advance(14 * 60_000);
    expect((await me(user.token)).statusCode).toBe(200);
    ctx.clock.advance(60_000 + 1000);
    const res = await me(user.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      message: 'Your session has expired. Please sign in again.',
    });
  });

  it('refuses the refresh token used as an access token', async () => {
    const session = await signIn(ctx, user.email, user.password);
    expect((await me(session.cookie)).statusCode).toBe(401);
    expect((await me(`Bearer ${session.cookie}`)).statusCode).toBe(401);
  });
});

describe('refresh token rotation and ending sessions', () => {
  const ctx = useTestContext();
  const user = useFreshUser(ctx);

  it('trades a refresh cookie for a new access token and a new cookie', async () => {
    const session = await signIn(ctx, user.email, user.password);
    const res = await refresh(ctx, session.cookie);
    expect(res.statusCode).toBe(200);
    const accessToken = res.json<{ data: { accessToken: string } }>().data.accessToken;
    const next = refreshCookieOf(res);
    expect(next?.value).toBeDefined();
    expect(next?.value).not.toBe(session.cookie);
    expect(next?.raw).toMatch(/HttpOnly/);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: accessToken },
    });
    expect(me.json().data._id).toBe(user.id);
    expect((await refresh(ctx, next?.value)).statusCode).toBe(200);
  });

  it('ends the whole family when a rotated cookie is presented again', async () => {
    const session = await signIn(ctx, user.email, user.password);
    const first = await refresh(ctx, session.cookie);
    const current = refreshCookieOf(first)?.value;
    const replay = await refresh(ctx, session.cookie);
    expect(replay.statusCode).toBe(401);
    expect(String(replay.headers['set-cookie'])).toMatch(/refreshToken=;/);
    // The legitimate holder's newer cookie died with it.
    expect((await refresh(ctx, current)).statusCode).toBe(401);
    // Other sessions of the same user are untouched.
    const other = await signIn(ctx, user.email, user.password);
    expect((await refresh(ctx, other.cookie)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous refreshes with one cookie succeed', async () => {
    const session = await signIn(ctx, user.email, user.password);
    const results = await Promise.all([refresh(ctx, session.cookie), refresh(ctx, session.cookie)]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(1);
  });

  it('keeps the absolute lifetime of a session across rotations', async () => {
    let cookie = (await signIn(ctx, user.email, user.password)).cookie;
    for (let day = 0; day < 6; day += 1) {
      ctx.clock.advance(24 * 60 * 60_000);
      const res = await refresh(ctx, cookie);
      expect(res.statusCode).toBe(200);
      cookie = refreshCookieOf(res)?.value ?? '';
    }
    ctx.clock.advance(24 * 60 * 60_000);
    expect((await refresh(ctx, cookie)).statusCode).toBe(401);
    // The next sign-in forgets the expired family.
    await signIn(ctx, user.email, user.password);
    expect(await ctx.database.db.select().from(refreshTokens)).toHaveLength(1);
  });

  it('logs out: revokes the session and clears the cookie', async () => {
    const session = await signIn(ctx, user.email, user.password);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      cookies: { refreshToken: session.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: null });
    const cleared = refreshCookieOf(res);
    expect(cleared?.value).toBe('');
    expect(cleared?.raw).toMatch(/Path=\/api\/v1\/auth/);
    expect(cleared?.raw).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await refresh(ctx, session.cookie)).statusCode).toBe(401);
  });

  it('answers logout without a cookie with 200', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(refreshCookieOf(res)?.value).toBe('');
  });

  it('changing the password ends every session and opens a fresh one for the caller', async () => {
    const here = await signIn(ctx, user.email, user.password);
    const elsewhere = await signIn(ctx, user.email, user.password);
    const res = await changePassword(ctx, here.auth, user.password, 'brand-new-pass');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Password changed successfully' });
    const fresh = refreshCookieOf(res);
    expect(fresh?.raw).toMatch(/HttpOnly/);

    expect((await refresh(ctx, here.cookie)).statusCode).toBe(401);
    expect((await refresh(ctx, elsewhere.cookie)).statusCode).toBe(401);
    expect((await refresh(ctx, fresh?.value)).statusCode).toBe(200);
    expect((await login(ctx, user.email, user.password)).statusCode).toBe(401);
    expect((await login(ctx, user.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 and a clear message, changing nothing', async () => {
    const session = await signIn(ctx, user.email, user.password);
    const res = await changePassword(ctx, session.auth, 'not-my-password', 'brand-new-pass');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Current password is incorrect' });
    expect((await refresh(ctx, session.cookie)).statusCode).toBe(200);
    expect((await login(ctx, user.email, user.password)).statusCode).toBe(200);
  });
});

describe('access tokens live only as long as their session', () => {
  const ctx = useTestContext();
  const user = useFreshUser(ctx);

  const EXPIRED = {
    success: false,
    code: 'UNAUTHORIZED',
    message: 'Your session has expired. Please sign in again.',
  };

  /** An access token signed with the server's own secret, carrying exactly these claims. */
  async function handSigned(claims: Record<string, unknown>): Promise<string> {
    const { SignJWT } = await import('jose');
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
  }

  it('names its session: the family of the refresh token it came with', async () => {
    const session = await signIn(ctx, user.email, user.password);
    const claims = claimsOf(session.accessToken);
    expect(claims).toMatchObject({
      sub: user.id,
      email: user.email,
      role: 'customer',
      typ: 'access',
    });
    const [row] = await ctx.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(session.cookie)));
    expect(claims.sid).toBe(row?.familyId);

    const rotated = await refresh(ctx, session.cookie);
    const next = rotated.json<{ data: { accessToken: string } }>().data.accessToken;
    expect(claimsOf(next).sid).toBe(row?.familyId);
  });

  it('stops working the moment its session logs out; other sessions carry on', async () => {
    const here = await signIn(ctx, user.email, user.password);
    const elsewhere = await signIn(ctx, user.email, user.password);
    expect((await fetchMe(ctx, here.accessToken)).statusCode).toBe(200);

    expect((await logout(ctx, here.cookie)).statusCode).toBe(200);
    const res = await fetchMe(ctx, here.accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(EXPIRED);
    expect((await fetchMe(ctx, elsewhere.accessToken)).statusCode).toBe(200);
  });

  it('ends the session its access token names when logout comes without the cookie', async () => {
    const session = await signIn(ctx, user.email, user.password);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: session.auth,
    });
    expect(res.statusCode).toBe(200);
    expect((await fetchMe(ctx, session.accessToken)).statusCode).toBe(401);
    expect((await refresh(ctx, session.cookie)).statusCode).toBe(401);
  });

  it('a password change ends every other session at once; the caller goes on with the token it gets back', async () => {
    const here = await signIn(ctx, user.email, user.password);
    const elsewhere = await signIn(ctx, user.email, user.password);
    const res = await changePassword(ctx, here.auth, user.password, 'brand-new-pass');
    expect(res.statusCode).toBe(200);
    const accessToken = res.json<{ data: { accessToken: string } }>().data.accessToken;

    expect((await fetchMe(ctx, elsewhere.accessToken)).json()).toEqual(EXPIRED);
    expect((await fetchMe(ctx, accessToken)).statusCode).toBe(200);
    // The caller's session was replaced by the fresh one its new cookie belongs to.
    expect((await fetchMe(ctx, here.accessToken)).statusCode).toBe(401);
    const fresh = await refresh(ctx, refreshCookieOf(res)?.value);
    expect(fresh.statusCode).toBe(200);
    const refreshed = fresh.json<{ data: { accessToken: string } }>().data.accessToken;
    expect(claimsOf(refreshed).sid).toBe(claimsOf(accessToken).sid);
    expect((await fetchMe(ctx, refreshed)).statusCode).toBe(200);
  });

  it('refuses a genuine token that names no session (issued before tokens carried one)', async () => {
    const legacy = await handSigned({ email: user.email, role: 'customer', typ: 'access' });
    expect((await fetchMe(ctx, legacy)).json()).toEqual(EXPIRED);
  });

  it("refuses a genuine token that names another account's session", async () => {
    const other = await createUser(ctx);
    const theirs = await signIn(ctx, other.email, other.password);
    const borrowed = await handSigned({
      email: user.email,
      role: 'customer',
      typ: 'access',
      sid: claimsOf(theirs.accessToken).sid,
    });
    expect((await fetchMe(ctx, borrowed)).statusCode).toBe(401);
    expect((await fetchMe(ctx, theirs.accessToken)).statusCode).toBe(200);
  });

  it('refuses a token whose session has passed its absolute lifetime, even if the token is fresh', async () => {
    const session = await signIn(ctx, user.email, user.password);
    const sid = claimsOf(session.accessToken).sid;
    ctx.clock.advance(ctx.config.refreshTokenTtlMs + 1000);
    const late = await handSigned({ email: user.email, role: 'customer', typ: 'access', sid });
    expect((await fetchMe(ctx, late)).statusCode).toBe(401);
  });
});
