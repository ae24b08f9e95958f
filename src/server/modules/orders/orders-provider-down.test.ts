import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { createProduct, createUser, type TestUser } from '#server/test/fixtures.ts';
import {
  cancelAs,
  listOrdersAs,
  orderAs,
  placeOrder,
  placeOrderOk,
  recordSandboxOutcome,
  refundedAtProvider as refundedAt,
  setStatusAs,
  stateOf,
  stockOf,
  sweepOnce,
  verify,
  verifyOk,
} from '#server/test/orders-helpers.ts';
import { useFlakyPayments } from '#server/test/payments-flaky-provider.ts';
import { REFUND_ATTEMPT_LEASE_MS } from './order-refunds.ts';

describe('orders when the payment provider fails', () => {
  let customer: TestUser;
  let admin: TestUser;
  const { ctx, provider } = useFlakyPayments();

  beforeEach(async () => {
    await ctx.reset();
    provider.failing.clear();
    customer = await createUser(ctx);
    admin = await createUser(ctx, { role: 'admin' });
  });

  const sweep = () => sweepOnce(ctx);
  const refundedAtProvider = (orderId: string) => refundedAt(ctx, orderId);
  /** The order ends cancelled and refunded, and the provider did refund it. */
  const expectRefunded = async (orderId: string) => {
    expect(await stateOf(ctx, customer, orderId)).toBe('Cancelled / Refunded');
    expect(await refundedAtProvider(orderId)).not.toBeNull();
  };

  async function pay(orderId: string): Promise<void> {
    await recordSandboxOutcome(ctx, orderId);
    expect((await verifyOk(ctx, customer, orderId)).bank_status).toBe('Success');
  }

  /** A paid order the customer cancelled while the provider refused refunds: its refund is due. */
  async function cancelWithRefundDue(quantity: number) {
    const product = await createProduct(ctx, { quantity: 4 });
    const { orderId } = await placeOrderOk(ctx, customer, product.id, quantity);
    await pay(orderId);
    provider.failing.add('refund');
    expect((await cancelAs(ctx, customer, orderId)).statusCode).toBe(200);
    provider.failing.clear();
    return { product, orderId };
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
    expect(await stateOf(ctx, customer, orderId)).toBe('Pending / Pending');
  });

  it('cancels a paid order at once when the refund fails; a later sweep refunds it, once', async () => {
    const product = await createProduct(ctx, { quantity: 4 });
    const { orderId } = await placeOrderOk(ctx, customer, product.id, 1);
    await pay(orderId);
    provider.failing.add('refund');
    const res = await cancelAs(ctx, customer, orderId);
    // The cancel happened and holds: the answer says so, with the refund still due.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { _id: orderId, status: 'Cancelled', paymentStatus: 'Paid' },
    });
    expect(await stockOf(ctx, product.id)).toBe(4);
    expect(await refundedAtProvider(orderId)).toBeNull();

    // Two instances sweep while the provider still refuses: the refund stays due.
    await Promise.all([sweep(), sweep()]);
    expect(await stateOf(ctx, customer, orderId)).toBe('Cancelled / Paid');
    expect(await refundedAtProvider(orderId)).toBeNull();
    // The order is cancelled: a second cancel is refused and the stock is not released twice.
    expect((await cancelAs(ctx, customer, orderId)).statusCode).toBe(409);
    expect(await stockOf(ctx, product.id)).toBe(4);

    provider.failing.clear();
    await Promise.all([sweep(), sweep()]);
    expect(await stateOf(ctx, customer, orderId)).toBe('Cancelled / Refunded');
    const refundedAt = await refundedAtProvider(orderId);
    expect(refundedAt).not.toBeNull();

    // Done once: later sweeps and verifies ask the provider for nothing more.
    provider.calls.length = 0;
    ctx.clock.advance(60_000);
    await Promise.all([sweep(), sweep(), verifyOk(ctx, customer, orderId)]);
    expect(provider.calls.filter((c) => c === 'refund')).toEqual([]);
    expect(await refundedAtProvider(orderId)).toEqual(refundedAt);
    expect(await stockOf(ctx, product.id)).toBe(4);
  });

  it('leaves a refund another finisher is making alone, and takes over once that one went silent', async () => {
    const { orderId } = await cancelWithRefundDue(1);
    // Another instance takes an attempt and its process dies before the provider answers.
    await ctx.database.db
      .update(orders)
      .set({ refundAttemptAt: ctx.clock.now() })
      .where(eq(orders.id, orderId));
    provider.calls.length = 0;

    await Promise.all([sweep(), verifyOk(ctx, customer, orderId)]);
    expect(provider.calls.filter((c) => c === 'refund')).toEqual([]);
    expect(await orderAs(ctx, customer, orderId)).toMatchObject({ paymentStatus: 'Paid' });

    ctx.clock.advance(REFUND_ATTEMPT_LEASE_MS + 1000);
    await Promise.all([sweep(), sweep()]);
    expect(provider.calls.filter((c) => c === 'refund')).toHaveLength(1);
    await expectRefunded(orderId);
  });

  it('finishes a due refund when the shopper checks the order again (verify)', async () => {
    const { product, orderId } = await cancelWithRefundDue(2);

    expect((await verifyOk(ctx, customer, orderId)).bank_status).toBe('Success');
    await expectRefunded(orderId);
    expect(await stockOf(ctx, product.id)).toBe(4);
  });

  it('cancels a paid order an admin cancels even when the refund fails, refund due', async () => {
    const product = await createProduct(ctx, { quantity: 4 });
    const { orderId } = await placeOrderOk(ctx, customer, product.id, 3);
    await pay(orderId);
    expect((await setStatusAs(ctx, admin, orderId, 'Ongoing')).statusCode).toBe(200);
    provider.failing.add('refund');
    const res = await setStatusAs(ctx, admin, orderId, 'Cancelled');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: 'Cancelled', paymentStatus: 'Paid' } });
    expect(await stockOf(ctx, product.id)).toBe(4);
    expect((await setStatusAs(ctx, admin, orderId, 'Ongoing')).statusCode).toBe(409);

    provider.failing.clear();
    await sweep();
    await expectRefunded(orderId);
  });

  it('cancels an unpaid order even when its checkout cannot be closed', async () => {
    const product = await createProduct(ctx, { quantity: 4 });
    const { orderId } = await placeOrderOk(ctx, customer, product.id, 2);
    provider.failing.add('closeCheckout');
    const res = await cancelAs(ctx, customer, orderId);
    expect(res.json()).toMatchObject({ data: { status: 'Cancelled', paymentStatus: 'Failed' } });
    expect(await stockOf(ctx, product.id)).toBe(4);
  });

  it('keeps a late payment as a due refund when the refund fails, and refunds it later, once', async () => {
    const product = await createProduct(ctx, { quantity: 4 });
    const { orderId } = await placeOrderOk(ctx, customer, product.id, 1);
    provider.failing.add('closeCheckout');
    expect((await cancelAs(ctx, customer, orderId)).statusCode).toBe(200);
    await recordSandboxOutcome(ctx, orderId);
    provider.failing.add('refund');

    expect((await verifyOk(ctx, customer, orderId)).bank_status).toBe('Success');
    expect(await stateOf(ctx, customer, orderId)).toBe('Cancelled / Paid');
    expect(await refundedAtProvider(orderId)).toBeNull();
    expect(await stockOf(ctx, product.id)).toBe(4);

    provider.failing.clear();
    provider.calls.length = 0;
    await sweep();
    await Promise.all(Array.from({ length: 3 }, () => verify(ctx, customer, orderId)));
    expect(provider.calls.filter((c) => c === 'refund')).toHaveLength(1);
    await expectRefunded(orderId);
    expect(await stockOf(ctx, product.id)).toBe(4);
  });

  it('refunds a payment that arrives after the order was cancelled', async () => {
    const product = await createProduct(ctx, { quantity: 4 });
    const { orderId } = await placeOrderOk(ctx, customer, product.id, 1);
    provider.failing.add('closeCheckout');
    await cancelAs(ctx, customer, orderId);
    provider.failing.clear();
    // The shopper still had the page open and paid.
    await recordSandboxOutcome(ctx, orderId);
    provider.calls.length = 0;

    const results = await Promise.all(
      Array.from({ length: 5 }, () => verify(ctx, customer, orderId)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(provider.calls.filter((c) => c === 'refund')).toHaveLength(1);
    expect(await stateOf(ctx, customer, orderId)).toBe('Cancelled / Refunded');
    expect(await stockOf(ctx, product.id)).toBe(4);
  });
});
