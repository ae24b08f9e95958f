import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordOutcome } from '../../payments/sandbox.repository.ts';
import { SandboxProvider } from '../../payments/sandbox.ts';
import { createProduct, createUser, type TestUser } from '../../test/fixtures.ts';
import {
  cancelAs,
  listOrdersAs,
  orderAs,
  orderRow,
  placeOrder,
  placeOrderOk,
  stockOf,
  verify,
  verifyOk,
} from '../../test/orders-helpers.ts';
import { FlakyProvider } from '../../test/payments-flaky-provider.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

describe('orders when the payment provider fails', () => {
  let ctx: TestContext;
  let customer: TestUser;
  const provider = new FlakyProvider();

  beforeAll(async () => {
    ctx = await createTestContext({}, { payments: { provider } });
    provider.inner = new SandboxProvider({
      db: ctx.app.db,
      clock: ctx.clock,
      appUrl: ctx.config.appUrl,
    });
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.reset();
    provider.failing.clear();
    customer = await createUser(ctx);
  });

  async function pay(orderId: string): Promise<void> {
    const row = await orderRow(ctx, orderId);
    await recordOutcome(
      ctx.database.db,
      row.providerSessionId ?? '',
      'Success',
      '4242',
      ctx.clock.now(),
    );
    expect((await verifyOk(ctx, customer, orderId)).bank_status).toBe('Success');
  }

  it('cancels the order and releases the stock when no checkout can be opened (502)', async () => {
    const product = await createProduct(ctx, { quantity: 4 });
    provider.failing.add('createCheckout');
    const res = await placeOrder(ctx, customer, product.id, 3);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: 'The payment service is not available right now. Please try again in a few minutes.',
    });
    expect(await stockOf(ctx, product.id)).toBe(4);
    const [order] = await listOrdersAs(ctx, customer);
    expect(order).toMatchObject({ status: 'Cancelled', paymentStatus: 'Failed' });
    expect((await verifyOk(ctx, customer, order?._id ?? '')).bank_status).toBe('Failed');
  });

  it('answers 502 on verify while the provider cannot be asked, changing nothing', async () => {
    const product = await createProduct(ctx, { quantity: 4 });
    const { orderId } = await placeOrderOk(ctx, customer, product.id, 1);
    provider.failing.add('getPaymentState');
    const res = await verify(ctx, customer, orderId);
    expect(res.statusCode).toBe(502);
    expect(await orderAs(ctx, customer, orderId)).toMatchObject({
      status: 'Pending',
      paymentStatus: 'Pending',
    });
  });

  it('keeps a paid order as it is when the refund fails, so the money and the order agree', async () => {
    const product = await createProduct(ctx, { quantity: 4 });
    const { orderId } = await placeOrderOk(ctx, customer, product.id, 1);
    await pay(orderId);
    provider.failing.add('refund');
    const res = await cancelAs(ctx, customer, orderId);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'REFUND_FAILED' });
    expect(await orderAs(ctx, customer, orderId)).toMatchObject({
      status: 'Pending',
      paymentStatus: 'Paid',
    });
    expect(await stockOf(ctx, product.id)).toBe(3);

    provider.failing.clear();
    const retry = await cancelAs(ctx, customer, orderId);
    expect(retry.json()).toMatchObject({
      data: { status: 'Cancelled', paymentStatus: 'Refunded' },
    });
    expect(await stockOf(ctx, product.id)).toBe(4);
  });

  it('cancels an unpaid order even when its checkout cannot be closed', async () => {
    const product = await createProduct(ctx, { quantity: 4 });
    const { orderId } = await placeOrderOk(ctx, customer, product.id, 2);
    provider.failing.add('closeCheckout');
    const res = await cancelAs(ctx, customer, orderId);
    expect(res.json()).toMatchObject({ data: { status: 'Cancelled', paymentStatus: 'Failed' } });
    expect(await stockOf(ctx, product.id)).toBe(4);
  });

  it('refunds a payment that arrives after the order was cancelled', async () => {
    const product = await createProduct(ctx, { quantity: 4 });
    const { orderId } = await placeOrderOk(ctx, customer, product.id, 1);
    provider.failing.add('closeCheckout');
    await cancelAs(ctx, customer, orderId);
    provider.failing.clear();
    // The shopper still had the page open and paid.
    const row = await orderRow(ctx, orderId);
    await recordOutcome(
      ctx.database.db,
      row.providerSessionId ?? '',
      'Success',
      '4242',
      ctx.clock.now(),
    );
    provider.calls.length = 0;

    const results = await Promise.all(
      Array.from({ length: 5 }, () => verify(ctx, customer, orderId)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(provider.calls.filter((c) => c === 'refund')).toHaveLength(1);
    expect(await orderAs(ctx, customer, orderId)).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'Refunded',
    });
    expect(await stockOf(ctx, product.id)).toBe(4);
  });
});
