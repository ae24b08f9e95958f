import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { login, refresh, signIn } from '../../test/accounts-helpers.ts';
import { createUser } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { ensureAdmin } from './admin.ts';

describe('ensureAdmin (start-up and npm run create-admin)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());
  beforeEach(() => ctx.reset());

  it('creates an admin who can sign in with the email in any case', async () => {
    expect(
      await ensureAdmin(ctx.database.db, {
        email: 'Boss@Example.com',
        password: 'boss-pass-1',
        name: 'Boss',
      }),
    ).toBe('created');
    const res = await login(ctx, 'boss@example.com', 'boss-pass-1');
    expect(res.json()).toMatchObject({
      data: { user: { role: 'admin', email: 'boss@example.com' } },
    });
  });

  it('promotes and unblocks an existing customer', async () => {
    const user = await createUser(ctx, { isBlocked: true });
    expect(
      await ensureAdmin(ctx.database.db, { email: user.email, password: 'boss-pass-1', name: 'X' }),
    ).toBe('updated');
    const res = await login(ctx, user.email, 'boss-pass-1');
    expect(res.json()).toMatchObject({ data: { user: { role: 'admin', isBlocked: false } } });
  });

  it('keeps sessions when the password is unchanged and ends them when it changes', async () => {
    await ensureAdmin(ctx.database.db, {
      email: 'boss@example.com',
      password: 'boss-pass-1',
      name: 'Boss',
    });
    const session = await signIn(ctx, 'boss@example.com', 'boss-pass-1');
    await ensureAdmin(ctx.database.db, {
      email: 'boss@example.com',
      password: 'boss-pass-1',
      name: 'Boss',
    });
    const kept = await refresh(ctx, session.cookie);
    expect(kept.statusCode).toBe(200);

    const again = await signIn(ctx, 'boss@example.com', 'boss-pass-1');
    await ensureAdmin(ctx.database.db, {
      email: 'boss@example.com',
      password: 'boss-pass-2',
      name: 'Boss',
    });
    expect((await refresh(ctx, again.cookie)).statusCode).toBe(401);
    expect((await login(ctx, 'boss@example.com', 'boss-pass-1')).statusCode).toBe(401);
    expect((await login(ctx, 'boss@example.com', 'boss-pass-2')).statusCode).toBe(200);
  });
});
