import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { fetchMe, getAs, login, refresh, signIn } from '#server/test/accounts-helpers.ts';
import { createUser } from '#server/test/fixtures.ts';
import { useTestContext } from '#server/test/test-app.ts';
import { ensureAdmin, ensureConfiguredAdmin } from './admin.ts';

describe('ensureAdmin (start-up and npm run create-admin)', () => {
  const ctx = useTestContext();
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

  it('never turns an existing customer into an admin unless promotion is asked for', async () => {
    const customer = await createUser(ctx);
    const session = await signIn(ctx, customer.email, customer.password);
    expect(
      await ensureAdmin(ctx.database.db, {
        email: customer.email.toUpperCase(),
        password: 'boss-pass-1',
        name: 'X',
      }),
    ).toBe('refused');

    // Nothing changed: same role, same password, same sessions.
    const admins = await getAs(ctx, '/api/v1/users', session.auth);
    expect(admins.statusCode).toBe(403);
    expect((await login(ctx, customer.email, 'boss-pass-1')).statusCode).toBe(401);
    expect((await login(ctx, customer.email, customer.password)).json()).toMatchObject({
      data: { user: { role: 'customer' } },
    });
    expect((await refresh(ctx, session.cookie)).statusCode).toBe(200);
  });

  it('promotes and unblocks an existing customer when asked', async () => {
    const customer = await createUser(ctx, { isBlocked: true });
    expect(
      await ensureAdmin(
        ctx.database.db,
        { email: customer.email, password: 'boss-pass-1', name: 'X' },
        { promoteExisting: true },
      ),
    ).toBe('promoted');
    const res = await login(ctx, customer.email, 'boss-pass-1');
    expect(res.json()).toMatchObject({ data: { user: { role: 'admin', isBlocked: false } } });
  });

  it("ends a promoted customer's sessions even when the password stays the same", async () => {
    const customer = await createUser(ctx);
    const session = await signIn(ctx, customer.email, customer.password);
    expect(
      await ensureAdmin(
        ctx.database.db,
        { email: customer.email, password: customer.password, name: 'X' },
        { promoteExisting: true },
      ),
    ).toBe('promoted');

    // The customer's token must not become an admin's.
    const res = await getAs(ctx, '/api/v1/users', session.auth);
    expect(res.statusCode).toBe(401);
    expect((await fetchMe(ctx, customer.token)).statusCode).toBe(401);
    expect((await refresh(ctx, session.cookie)).statusCode).toBe(401);
    const admin = await signIn(ctx, customer.email, customer.password);
    const list = await getAs(ctx, '/api/v1/users', admin.auth);
    expect(list.statusCode).toBe(200);
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

describe('the admin named by ADMIN_EMAIL, ensured at every start', () => {
  const ctx = useTestContext();
  beforeEach(() => ctx.reset());

  function startConfig(email: string, promote?: 'true' | 'false') {
    return loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: ctx.dataDir,
      JWT_SECRET: ctx.config.jwtSecret,
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: 'boss-pass-1',
      ...(promote ? { ADMIN_PROMOTE_EXISTING: promote } : {}),
    });
  }

  function recordingLog() {
    const lines: { level: 'info' | 'warn'; fields: object; message: string }[] = [];
    return {
      lines,
      info: (fields: object, message: string) => lines.push({ level: 'info', fields, message }),
      warn: (fields: object, message: string) => lines.push({ level: 'warn', fields, message }),
    };
  }

  /** One start with ADMIN_EMAIL set to `email`: what ensuring the admin answered and logged. */
  async function startWith(email: string, promote?: 'true' | 'false') {
    const log = recordingLog();
    const result = await ensureConfiguredAdmin({
      db: ctx.database.db,
      config: startConfig(email, promote),
      log,
    });
    return { result, log };
  }

  it('leaves an existing customer as they are, warns naming ADMIN_PROMOTE_EXISTING, and lets the start go on', async () => {
    const customer = await createUser(ctx);
    const { result, log } = await startWith(customer.email);
    expect(result).toBe('refused');
    const warnings = log.lines.filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/ADMIN_PROMOTE_EXISTING=true/);
    expect(warnings[0]?.fields).toMatchObject({ email: customer.email });
    expect((await fetchMe(ctx, customer.token)).json()).toMatchObject({
      data: { role: 'customer' },
    });
  });

  it("promotes with ADMIN_PROMOTE_EXISTING=true, and the customer's old token stops working", async () => {
    const customer = await createUser(ctx);
    const { result, log } = await startWith(customer.email, 'true');
    expect(result).toBe('promoted');
    expect(log.lines.filter((line) => line.level === 'warn')).toEqual([]);
    expect((await getAs(ctx, '/api/v1/users', customer.auth)).statusCode).toBe(401);
    expect((await login(ctx, customer.email, 'boss-pass-1')).json()).toMatchObject({
      data: { user: { role: 'admin' } },
    });
  });

  it('creates the admin when no account has the email, and does nothing without ADMIN_EMAIL', async () => {
    const { result, log } = await startWith('boss@example.com');
    expect(result).toBe('created');
    expect(log.lines).toMatchObject([{ level: 'info', fields: { result: 'created' } }]);
    const none = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: ctx.dataDir,
      JWT_SECRET: 'x'.repeat(40),
    });
    expect(await ensureConfiguredAdmin({ db: ctx.database.db, config: none, log })).toBeUndefined();
  });
});
