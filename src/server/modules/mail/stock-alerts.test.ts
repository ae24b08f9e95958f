import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { STOCK_ALERT_MESSAGES } from '#shared/contract/mail.ts';
import { emailOutbox, products, stockAlerts } from '#server/db/schema.ts';
import { createProduct, createUser, type TestUser } from '#server/test/fixtures.ts';
import { cancelAs, placeOrderOk, sweepOnce } from '#server/test/orders-helpers.ts';
import { useSmtpServer } from '#server/test/smtp-helpers.ts';
import { useTestContext } from '#server/test/test-app.ts';

describe('back-in-stock alerts', () => {
  let customer: TestUser;
  const smtp = useSmtpServer();
  const ctx = useTestContext(() => ({ SMTP_URL: smtp.url, ACCESS_TOKEN_TTL: '1d' }));

  beforeEach(async () => {
    await ctx.reset();
    smtp.mails.length = 0;
    customer = await createUser(ctx);
  });

  const ask = (productId: string, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/products/${productId}/stock-alerts`,
      payload: body,
    });

  /** The restock trigger stamps mails with the database's time: let the test clock catch up. */
  async function flush() {
    ctx.clock.set(new Date(Date.now() + 60_000));
    return ctx.app.mail.flush();
  }

  async function soldOutBike() {
    return createProduct(ctx, { name: 'Summit 29', brand: 'Alpina', quantity: 0 });
  }

  async function setQuantity(productId: string, quantity: number) {
    await ctx.database.db.update(products).set({ quantity }).where(eq(products.id, productId));
  }

  it('mails each waiting address once when the stock comes back, and uses the alert up', async () => {
    const bike = await soldOutBike();
    const first = await ask(bike.id, { email: 'Ann@Example.com' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      message: STOCK_ALERT_MESSAGES.created,
      data: null,
    });
    expect((await ask(bike.id, { email: 'ann@example.com' })).json()).toEqual(first.json());
    expect((await ask(bike.id, { email: 'bob@example.com' })).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(stockAlerts)).toHaveLength(2);

    await setQuantity(bike.id, 3);
    await setQuantity(bike.id, 0);
    await setQuantity(bike.id, 5);
    expect(await flush()).toEqual({ sent: 2, retried: 0, failed: 0 });

    expect(smtp.to('ann@example.com')).toHaveLength(1);
    expect(smtp.to('bob@example.com')).toHaveLength(1);
    const [mail] = smtp.to('ann@example.com');
    expect(mail?.subject).toBe('Back in stock: Alpina Summit 29 · Bi-Cycle Store');
    expect(mail?.text).toContain(`http://store.test/bikes/${bike.slug}`);
    const unsubscribe =
      /http:\/\/store\.test(\/api\/v1\/stock-alerts\/unsubscribe\?token=[\w-]+)/.exec(
        mail?.text ?? '',
      )?.[1];
    expect(unsubscribe).toBeDefined();
    const alerts = await ctx.database.db.select().from(stockAlerts);
    expect(alerts.every((a) => a.notifiedAt !== null)).toBe(true);
  });

  it('mails when a cancel or an expiry brings the last units back', async () => {
    const bike = await createProduct(ctx, { quantity: 2 });
    const { orderId } = await placeOrderOk(ctx, customer, bike.id, 1);
    await placeOrderOk(ctx, customer, bike.id, 1);
    expect((await ask(bike.id, { email: 'cara@example.com' })).statusCode).toBe(200);
    expect((await cancelAs(ctx, customer, orderId)).statusCode).toBe(200);
    await flush();
    expect(smtp.to('cara@example.com')).toHaveLength(1);

    await setQuantity(bike.id, 0);
    expect((await ask(bike.id, { email: 'dan@example.com' })).statusCode).toBe(200);
    ctx.clock.advance(ctx.config.payments.timeoutMs + 60_000);
    await sweepOnce(ctx);
    await flush();
    expect(smtp.to('dan@example.com')).toHaveLength(1);
    expect(smtp.to('cara@example.com')).toHaveLength(1);
  });

  it('writes no mail for a restock that rolled back', async () => {
    const bike = await soldOutBike();
    await ask(bike.id, { email: 'eve@example.com' });
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.update(products).set({ quantity: 4 }).where(eq(products.id, bike.id));
        throw new Error('the edit failed');
      }),
    ).rejects.toThrow('the edit failed');
    expect(await ctx.database.db.select().from(emailOutbox)).toEqual([]);
    const [alert] = await ctx.database.db.select().from(stockAlerts);
    expect(alert?.notifiedAt).toBeNull();
  });

  it('unsubscribes without signing in: no mail at the restock', async () => {
    const bike = await soldOutBike();
    await ask(bike.id, { email: 'fay@example.com' });
    const [alert] = await ctx.database.db.select().from(stockAlerts);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/stock-alerts/unsubscribe?token=${alert?.unsubscribeToken ?? ''}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('You will get no mail about this bicycle.');
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/stock-alerts/unsubscribe?token=${alert?.unsubscribeToken ?? ''}`,
    });
    expect(again.body).toContain('This alert was already removed or used.');
    await setQuantity(bike.id, 2);
    expect(await flush()).toEqual({ sent: 0, retried: 0, failed: 0 });
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
  });

  it('arms a used alert again for the next restock', async () => {
    const bike = await soldOutBike();
    await ask(bike.id, { email: 'hal@example.com' });
    await setQuantity(bike.id, 1);
    await flush();
    await setQuantity(bike.id, 0);
    expect((await ask(bike.id, { email: 'hal@example.com' })).statusCode).toBe(200);
    await setQuantity(bike.id, 1);
    await flush();
    expect(smtp.to('hal@example.com')).toHaveLength(2);
  });

  it('tells the admin how many riders wait for each sold-out bicycle, and only the admin', async () => {
    const bike = await soldOutBike();
    const other = await createProduct(ctx, { name: 'Gravel 2', brand: 'Alpina', quantity: 0 });
    for (const email of ['a@example.test', 'b@example.test']) await ask(bike.id, { email });
    await ask(other.id, { email: 'a@example.test' });
    const admin = await createUser(ctx, { role: 'admin' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/stock-alerts',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: unknown }>().data).toEqual([
      { productId: bike.id, name: 'Summit 29', brand: 'Alpina', size: null, waiting: 2 },
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
