import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '#shared/contract/dashboard.ts';
import { products } from '#server/db/schema.ts';
import { createProduct, createUser, type TestUser } from '#server/test/fixtures.ts';
import {
  cancelAs,
  payWithCard,
  placeOrderOk,
  recordSandboxOutcome,
  setStatusAs,
  verifyOk,
} from '#server/test/orders-helpers.ts';
import { useFlakyPayments } from '#server/test/payments-flaky-provider.ts';
import { createTestContext, type TestContext } from '#server/test/test-app.ts';

describe('GET /dashboard/summary', () => {
  let ctx: TestContext;
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext({
      ACCESS_TOKEN_TTL: '1000d',
      REFRESH_TOKEN_TTL: '1000d',
      PAYMENT_TIMEOUT: '1000d',
    });
    ctx.clock.set(new Date('2025-03-20T10:00:00Z'));
    customer = await createUser(ctx);
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  async function summary(user: TestUser) {
    return ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary', headers: user.auth });
  }

  async function paidOrder(price: number, quantity: number, at: string): Promise<string> {
    ctx.clock.set(new Date(at));
    const product = await createProduct(ctx, { price, quantity });
    const { url, orderId } = await placeOrderOk(ctx, customer, product.id, quantity);
    expect((await payWithCard(ctx, url)).statusCode).toBe(303);
    return orderId;
  }

  it('answers zeros for an empty store, with 12 months', async () => {
    ctx.clock.set(new Date('2025-03-20T10:00:00Z'));
    const res = await summary(admin);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: DashboardSummary }>().data;
    expect(data).toMatchObject({
      totalSales: 0,
      monthlyRevenue: 0,
      totalInventory: 0,
      ordersByStatus: { Pending: 0, Ongoing: 0, Completed: 0, Cancelled: 0 },
    });
    expect(data.revenueByMonth.map((m) => m.month)).toEqual([
      '2024-04',
      '2024-05',
      '2024-06',
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
    ]);
  });

  it('counts paid orders, not refunded, cancelled or unpaid ones, by UTC month', async () => {
    await paidOrder(50, 1, '2025-03-20T10:00:00Z'); // 13 months back: in the total only
    await paidOrder(100, 2, '2025-05-10T08:00:00Z');
    const completed = await paidOrder(30, 1, '2026-02-28T23:59:59Z');
    await paidOrder(200.25, 1, '2026-03-01T00:00:00Z');
    const refunded = await paidOrder(1000, 1, '2026-03-02T12:00:00Z');

    ctx.clock.set(new Date('2026-03-05T09:00:00Z'));
    const unpaidProduct = await createProduct(ctx, { price: 400, quantity: 5 });
    const cancelled = await placeOrderOk(ctx, customer, unpaidProduct.id, 2);
    expect((await cancelAs(ctx, customer, cancelled.orderId)).statusCode).toBe(200);
    await placeOrderOk(ctx, customer, unpaidProduct.id, 1); // still pending, unpaid
    expect((await cancelAs(ctx, customer, refunded)).json()).toMatchObject({
      data: { paymentStatus: 'Refunded' },
    });
    expect((await setStatusAs(ctx, admin, completed, 'Completed')).statusCode).toBe(200);

    const deleted = await createProduct(ctx, { quantity: 7 });
    await ctx.database.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, deleted.id));

    ctx.clock.set(new Date('2026-03-15T12:00:00Z'));
    const data = (await summary(admin)).json<{ data: DashboardSummary }>().data;
    expect(data.totalSales).toBe(50 + 200 + 30 + 200.25);
    expect(data.monthlyRevenue).toBe(200.25);
    // Paid products sold out (0 left); the refunded one came back (1); 4 of 5 left of the unpaid one.
    expect(data.totalInventory).toBe(1 + 4);
    expect(data.ordersByStatus).toEqual({ Pending: 4, Ongoing: 0, Completed: 1, Cancelled: 2 });
    expect(data.revenueByMonth).toHaveLength(12);
    expect(data.revenueByMonth[0]).toEqual({ month: '2025-04', revenue: 0 });
    expect(data.revenueByMonth.find((m) => m.month === '2025-05')).toEqual({
      month: '2025-05',
      revenue: 200,
    });
    expect(data.revenueByMonth.find((m) => m.month === '2026-02')).toEqual({
      month: '2026-02',
      revenue: 30,
    });
    expect(data.revenueByMonth[11]).toEqual({ month: '2026-03', revenue: 200.25 });
    expect(data.revenueByMonth.reduce((sum, m) => sum + m.revenue, 0)).toBe(430.25);
  });

  it('is for admins only', async () => {
    expect((await summary(customer)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary' })).statusCode,
    ).toBe(401);
  });
});

describe('GET /dashboard/summary while a refund is due', () => {
  let customer: TestUser;
  let admin: TestUser;
  const { ctx, provider } = useFlakyPayments({
    ACCESS_TOKEN_TTL: '1000d',
    REFRESH_TOKEN_TTL: '1000d',
    PAYMENT_TIMEOUT: '1000d',
  });

  beforeAll(async () => {
    ctx.clock.set(new Date('2026-03-10T10:00:00Z'));
    customer = await createUser(ctx);
    admin = await createUser(ctx, { role: 'admin' });
  });

  it('does not count a cancelled order whose money is still to go back', async () => {
    const product = await createProduct(ctx, { price: 700, quantity: 3 });
    // Each paid before the next is placed: one customer holds one unpaid order of a bicycle.
    const paid = async (quantity: number) => {
      const placed = await placeOrderOk(ctx, customer, product.id, quantity);
      await recordSandboxOutcome(ctx, placed.orderId);
      expect((await verifyOk(ctx, customer, placed.orderId)).bank_status).toBe('Success');
      return placed;
    };
    await paid(1);
    const cancelled = await paid(2);

    provider.failing.add('refund');
    expect((await cancelAs(ctx, customer, cancelled.orderId)).json()).toMatchObject({
      data: { status: 'Cancelled', paymentStatus: 'Paid' },
    });
    const data = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/dashboard/summary',
        headers: admin.auth,
      })
    ).json<{ data: DashboardSummary }>().data;
    expect(data.totalSales).toBe(700);
    expect(data.monthlyRevenue).toBe(700);
    expect(data.revenueByMonth[11]).toEqual({ month: '2026-03', revenue: 700 });
    expect(data.ordersByStatus).toMatchObject({ Pending: 1, Cancelled: 1 });
  });
});
