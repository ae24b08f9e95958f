import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { login, refresh } from '#server/test/accounts-helpers.ts';
import { createUser } from '#server/test/fixtures.ts';
import { createTestContext, type TestContext, useTestContext } from '#server/test/test-app.ts';

describe('per-address limit on the auth endpoints', () => {
  const ctx = useTestContext({ AUTH_RATE_LIMIT_MAX: '3' });

  const calls = {
    login: () => login(ctx, 'someone@example.com', 'whatever1'),
    register: () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          name: 'N',
          email: `r-${randomBytes(4).toString('hex')}@example.com`,
          password: 'secret1',
        },
      }),
    'refresh-token': () => refresh(ctx, 'unknown-token'),
  };

  it.each(Object.keys(calls) as (keyof typeof calls)[])(
    '%s answers 429 with Retry-After past the limit',
    async (name) => {
      for (let i = 0; i < 3; i += 1) expect((await calls[name]()).statusCode).not.toBe(429);
      const res = await calls[name]();
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    },
  );

  it('counts each address on its own', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '203.0.113.9',
      payload: { email: 'someone@example.com', password: 'whatever1' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('per-account limit on failed sign-ins', () => {
  const ctx = useTestContext({ LOGIN_MAX_FAILURES: '3' });
  beforeEach(() => ctx.reset());

  it('locks the address out of the account after the limit, whatever the password, until the window passes', async () => {
    const user = await createUser(ctx);
    const bystander = await createUser(ctx);
    for (let i = 0; i < 3; i += 1)
      expect((await login(ctx, user.email, 'wrong-pass')).statusCode).toBe(401);

    const locked = await login(ctx, user.email.toUpperCase(), user.password);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    expect(locked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect((await login(ctx, bystander.email, bystander.password)).statusCode).toBe(200);

    ctx.clock.advance(10 * 60_000);
    const later = await login(ctx, user.email, user.password);
    expect(later.statusCode).toBe(429);
    expect(Number(later.headers['retry-after'])).toBe(5 * 60);

    ctx.clock.advance(5 * 60_000);
    expect((await login(ctx, user.email, user.password)).statusCode).toBe(200);
  });

  it('locks an unknown email the same way, so the lock reveals nothing', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await login(ctx, 'ghost@example.com', 'wrong-pass')).statusCode).toBe(401);
    expect((await login(ctx, 'ghost@example.com', 'wrong-pass')).statusCode).toBe(429);
  });

  it('starts counting again after a successful sign-in', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 2; i += 1) await login(ctx, user.email, 'wrong-pass');
    expect((await login(ctx, user.email, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1)
      expect((await login(ctx, user.email, 'wrong-pass')).statusCode).toBe(401);
    expect((await login(ctx, user.email, user.password)).statusCode).toBe(200);
  });
});

const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.20';

describe('failed sign-ins counted per account and address', () => {
  const ctx = useTestContext({ LOGIN_MAX_FAILURES: '3' });
  beforeEach(() => ctx.reset());

  it("never lets one address's failures lock the owner out at another", async () => {
    const owner = await createUser(ctx);
    for (let i = 0; i < 3; i += 1)
      expect((await login(ctx, owner.email, 'wrong-pass', ATTACKER)).statusCode).toBe(401);
    const attacker = await login(ctx, owner.email, owner.password, ATTACKER);
    expect(attacker.statusCode).toBe(429);
    expect(Number(attacker.headers['retry-after'])).toBe(15 * 60);

    expect((await login(ctx, owner.email, owner.password, OWNER)).statusCode).toBe(200);
    // The owner's sign-in does not let the attacker's address back in.
    expect((await login(ctx, owner.email, owner.password, ATTACKER)).statusCode).toBe(429);
  });

  it('gives each address its own count for an account', async () => {
    const owner = await createUser(ctx);
    for (let i = 0; i < 3; i += 1) await login(ctx, owner.email, 'wrong-pass', ATTACKER);
    for (let i = 0; i < 3; i += 1)
      expect((await login(ctx, owner.email, 'wrong-pass', OWNER)).statusCode).toBe(401);
    expect((await login(ctx, owner.email, owner.password, OWNER)).statusCode).toBe(429);
    expect((await login(ctx, owner.email, owner.password, '192.0.2.1')).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 network as one address', async () => {
    const owner = await createUser(ctx);
    for (const host of ['1', 'a:b', 'ffff:1:2'])
      expect(
        (await login(ctx, owner.email, 'wrong-pass', `2001:db8:1:2::${host}`)).statusCode,
      ).toBe(401);
    expect((await login(ctx, owner.email, owner.password, '2001:db8:1:2::99')).statusCode).toBe(
      429,
    );
    expect((await login(ctx, owner.email, owner.password, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('holds every attempt on an account back once failures from many addresses pass the limit, and still lets the owner in', async () => {
    const owner = await createUser(ctx);
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      expect((await login(ctx, owner.email, 'wrong-pass', address)).statusCode).toBe(401);
    const started = performance.now();
    const res = await login(ctx, owner.email, owner.password, OWNER);
    expect(res.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
  });
});

// Several instances share one count through Redis; registered where a Redis server is provided
// (CI sets TEST_REDIS_URL).
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl)
  describe('per-account limit shared through Redis', () => {
    let a: TestContext;
    let b: TestContext;
    beforeAll(async () => {
      const env = { LOGIN_MAX_FAILURES: '2', REDIS_URL: redisUrl };
      a = await createTestContext(env);
      b = await createTestContext(env);
    });
    afterAll(async () => {
      await a.close();
      await b.close();
    });

    it('counts failures made on one instance on the other', async () => {
      const email = `shared-${randomBytes(6).toString('hex')}@example.com`;
      expect((await login(a, email, 'wrong-pass')).statusCode).toBe(401);
      expect((await login(b, email, 'wrong-pass')).statusCode).toBe(401);
      const res = await login(a, email, 'wrong-pass');
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect((await login(b, email, 'wrong-pass')).statusCode).toBe(429);
    });

    it("keeps each address's count apart on every instance", async () => {
      const email = `shared-${randomBytes(6).toString('hex')}@example.com`;
      expect((await login(a, email, 'wrong-pass', ATTACKER)).statusCode).toBe(401);
      expect((await login(b, email, 'wrong-pass', ATTACKER)).statusCode).toBe(401);
      expect((await login(b, email, 'wrong-pass', ATTACKER)).statusCode).toBe(429);
      expect((await login(a, email, 'wrong-pass', OWNER)).statusCode).toBe(401);
    });
  });
