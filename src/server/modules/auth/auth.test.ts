import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionSchema } from '#shared/contract/auth.ts';
import { refreshTokens, users } from '#server/db/schema.ts';
import { login, refresh, refreshCookieOf, USER_FIELDS } from '#server/test/accounts-helpers.ts';
import { createUser } from '#server/test/fixtures.ts';
import { createTestContext, useTestContext } from '#server/test/test-app.ts';
import { hashRefreshToken } from './tokens.ts';

describe('sign-up and sign-in', () => {
  const ctx = useTestContext();
  beforeEach(() => ctx.reset());

  const register = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload });

  it('registers a customer with a lowercase email, an access token and a refresh cookie', async () => {
    const res = await register({
      name: '  Ada Rider ',
      email: '  Ada@Example.COM ',
      password: 'pedal-power',
      role: 'admin',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ data: { user: object; accessToken: string } }>();
    expect(body).toMatchObject({
      success: true,
      message: 'User registered successfully',
      data: {
        user: {
          name: 'Ada Rider',
          email: 'ada@example.com',
          role: 'customer',
          avatar: null,
          isBlocked: false,
          riderHeightCm: null,
          inseamCm: null,
        },
      },
    });
    expect(sessionSchema.strict().safeParse(body.data).success).toBe(true);
    expect(Object.keys(body.data.user).sort()).toEqual([...USER_FIELDS].sort());
    expect(res.body).not.toMatch(/argon2|password/i);

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: body.data.accessToken },
    });
    expect(me.json().data.email).toBe('ada@example.com');

    const cookie = refreshCookieOf(res);
    expect(cookie?.raw).toMatch(/HttpOnly/);
    expect(cookie?.raw).toMatch(/SameSite=Strict/);
    expect(cookie?.raw).toMatch(/Path=\/api\/v1\/auth/);
    expect(cookie?.raw).toMatch(/Max-Age=604800/);
    expect(cookie?.raw).not.toMatch(/Secure/);
    // Only a hash of the refresh token is stored.
    const [stored] = await ctx.database.db.select().from(refreshTokens);
    expect(stored?.tokenHash).toBe(hashRefreshToken(cookie?.value ?? ''));
    expect(JSON.stringify(stored)).not.toContain(cookie?.value);
    const [row] = await ctx.database.db.select().from(users);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    expect(
      (await register({ name: 'One', email: 'taken@example.com', password: 'secret1' })).statusCode,
    ).toBe(201);
    const res = await register({ name: 'Two', email: ' TAKEN@example.com', password: 'secret2' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'This email is already registered',
    });
  });

  it('lets exactly one of two simultaneous sign-ups with one email through', async () => {
    const results = await Promise.all([
      register({ name: 'A', email: 'race@example.com', password: 'secret1' }),
      register({ name: 'B', email: 'Race@example.com', password: 'secret2' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe(
      'This email is already registered',
    );
    expect(
      await ctx.database.db.select().from(users).where(eq(users.email, 'race@example.com')),
    ).toHaveLength(1);
  });

  it('signs in with the email in any case and answers the session', async () => {
    const user = await createUser(ctx, { email: 'casey@example.com' });
    const res = await login(ctx, 'CASEY@Example.com', user.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Login successful',
      data: { user: { _id: user.id } },
    });
    expect(refreshCookieOf(res)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('gives one answer for an unknown email and a wrong password', async () => {
    const user = await createUser(ctx);
    const unknown = await login(ctx, 'nobody@example.com', 'whatever1');
    const wrong = await login(ctx, user.email, 'whatever1');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toMatchObject({ success: false, message: 'Invalid email or password' });
    expect(refreshCookieOf(wrong)).toBeUndefined();
  });

  it('spends a password check on an unknown email too, so timing does not tell accounts apart', async () => {
    const user = await createUser(ctx);
    await login(ctx, 'warm-up@example.com', 'whatever1');
    const timed = async (email: string) => {
      const start = performance.now();
      await login(ctx, email, 'whatever1');
      return performance.now() - start;
    };
    // Interleaved, so a busy machine slows both kinds alike; a skipped hash check would be ~10x faster.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      known.push(await timed(user.email));
      unknown.push(await timed('nobody@example.com'));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[3] ?? 0;
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.3);
    expect(median(unknown)).toBeLessThan(median(known) * 3);
  });

  it('tells a blocked customer with the right password that the account is blocked', async () => {
    const user = await createUser(ctx, { isBlocked: true });
    const res = await login(ctx, user.email, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'Your account has been blocked.' });
    expect(refreshCookieOf(res)).toBeUndefined();
    // A wrong password still reveals nothing about the block.
    expect((await login(ctx, user.email, 'wrong-pass')).statusCode).toBe(401);
  });

  it('marks the refresh cookie Secure in production', async () => {
    const prod = await createTestContext({
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: 'true',
    });
    try {
      const user = await createUser(prod);
      const res = await login(prod, user.email, user.password);
      expect(refreshCookieOf(res)?.raw).toMatch(/;\s*Secure/);
    } finally {
      await prod.close();
    }
  });

  it('refuses a refresh without a cookie or with an unknown one', async () => {
    expect((await refresh(ctx, undefined)).statusCode).toBe(401);
    const res = await refresh(ctx, 'not-a-real-token');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});
