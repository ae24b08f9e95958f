import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, paymentEvents } from '#server/db/schema.ts';
import { createProduct, createUser, type TestUser } from '#server/test/fixtures.ts';
import * as orderSteps from '#server/test/orders-helpers.ts';
import { StripeFake, signedWebhook, type FakeCheckoutSession } from '#server/test/stripe-fake.ts';
import { createTestContext, type TestContext } from '#server/test/test-app.ts';

const WEBHOOK_SECRET = 'whsec_test_bicycle_store_secret';

describe('Stripe provider (against a local fake of the Stripe API)', () => {
  const fake = new StripeFake();
  let ctx: TestContext;
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    const apiBase = await fake.start();
    ctx = await createTestContext({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake_key',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: apiBase,
    });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });
  beforeEach(async () => {
    await ctx.reset();
    fake.reset();
    customer = await createUser(ctx);
    admin = await createUser(ctx, { role: 'admin' });
  });

  function sendWebhook(
    type: string,
    object: FakeCheckoutSession,
    options: { id?: string; timestampS?: number; secret?: string } = {},
  ) {
    const nowS = Math.floor(ctx.clock.now().getTime() / 1000);
    const { payload, headers } = signedWebhook(
      options.secret ?? WEBHOOK_SECRET,
      { type, object, ...(options.id ? { id: options.id } : {}) },
      options.timestampS ?? nowS,
    );
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers,
      payload,
    });
  }

  async function eventCount(): Promise<number> {
    return (await ctx.database.db.select().from(paymentEvents)).length;
  }

  it('opens a Checkout Session priced by the server, keyed by the order id', async () => {
    const product = await createProduct(ctx, { name: 'Gravel King', price: 849.5, quantity: 4 });
    const res = await orderSteps.placeOrder(ctx, customer, product.id, 2, { totalPrice: 1 });
    expect(res.statusCode).toBe(201);
    const url = res.json<{ data: string }>().data;
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const [order] = await ctx.database.db.select().from(orders);
    const create = fake.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(create?.authorization).toBe('Bearer sk_test_fake_key');
    expect(create?.idempotencyKey).toBe(order?.id);
    expect(create?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][unit_amount]': '84950',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': 'Gravel King',
      'metadata[order_id]': order?.id,
      client_reference_id: order?.id,
      success_url: `http://store.test/payment-success?order_id=${order?.id ?? ''}`,
      cancel_url: `http://store.test/payment-success?order_id=${order?.id ?? ''}`,
    });
    expect(order).toMatchObject({ provider: 'stripe', totalCents: 169_900, checkoutUrl: url });
    expect(await orderSteps.stockOf(ctx, product.id)).toBe(2);
  });

  it('verifies a payment by asking Stripe: Pending, then Paid once the session is paid', async () => {
    const product = await createProduct(ctx, { price: 500, quantity: 3 });
    const { orderId } = await orderSteps.placeOrderOk(ctx, customer, product.id, 1);
    expect((await orderSteps.verifyOk(ctx, customer, orderId)).bank_status).toBe('Pending');

    const session = fake.pay((await orderSteps.orderRow(ctx, orderId)).providerSessionId ?? '');
    const verification = await orderSteps.verifyOk(ctx, customer, orderId);
    expect(verification).toMatchObject({
      order_id: orderId,
      bank_status: 'Success',
      amount: 500,
      currency: 'USD',
      method: 'card',
      transaction_id: session.payment_intent,
    });
    expect(await orderSteps.stateOf(ctx, customer, orderId)).toBe('Pending / Paid');
  });

  it('marks an order paid from the webhook alone, and ignores a replay of the same event', async () => {
    const product = await createProduct(ctx, { quantity: 3 });
    const { orderId } = await orderSteps.placeOrderOk(ctx, customer, product.id, 1);
    const session = fake.pay((await orderSteps.orderRow(ctx, orderId)).providerSessionId ?? '');

    const first = await sendWebhook('checkout.session.completed', session, { id: 'evt_paid_1' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      data: { received: true, duplicate: false },
    });
    const paid = await orderSteps.orderRow(ctx, orderId);
    expect(paid).toMatchObject({
      paymentStatus: 'Paid',
      bankStatus: 'Success',
      transactionId: session.payment_intent,
    });

    const replay = await sendWebhook('checkout.session.completed', session, { id: 'evt_paid_1' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ data: { duplicate: true } });
    expect(await eventCount()).toBe(1);
    expect((await orderSteps.orderRow(ctx, orderId)).updatedAt).toEqual(paid.updatedAt);
  });

  it('is not moved by an event that arrives out of order', async () => {
    const product = await createProduct(ctx, { quantity: 3 });
    const { orderId } = await orderSteps.placeOrderOk(ctx, customer, product.id, 1);
    const sessionId = (await orderSteps.orderRow(ctx, orderId)).providerSessionId ?? '';
    const paid = structuredClone(fake.pay(sessionId));
    const staleExpired = {
      ...paid,
      status: 'expired' as const,
      payment_status: 'unpaid' as const,
      payment_intent: null,
    };

    expect((await sendWebhook('checkout.session.completed', paid)).statusCode).toBe(200);
    expect((await sendWebhook('checkout.session.expired', staleExpired)).statusCode).toBe(200);
    expect((await sendWebhook('checkout.session.async_payment_failed', paid)).statusCode).toBe(200);

    expect(await orderSteps.stateOf(ctx, customer, orderId)).toBe('Pending / Paid');
    expect(await orderSteps.stockOf(ctx, product.id)).toBe(2);
    expect(await eventCount()).toBe(3);
  });

  it('keeps the order payable when Stripe reports the session expired: Pay now opens another', async () => {
    const product = await createProduct(ctx, { quantity: 3 });
    const { orderId } = await orderSteps.placeOrderOk(ctx, customer, product.id, 2);
    const session = fake.expire((await orderSteps.orderRow(ctx, orderId)).providerSessionId ?? '');
    expect((await sendWebhook('checkout.session.expired', session)).statusCode).toBe(200);
    expect(await orderSteps.stateOf(ctx, customer, orderId)).toBe('Pending / Pending');
    expect(await orderSteps.stockOf(ctx, product.id)).toBe(1);
    expect((await orderSteps.verifyOk(ctx, customer, orderId)).bank_status).toBe('Cancel');

    const again = await orderSteps.payLaterAs(ctx, customer, orderId);
    expect(again.statusCode).toBe(200);
    const next = (await orderSteps.orderRow(ctx, orderId)).providerSessionId ?? '';
    expect(next).not.toBe(session.id);
    fake.pay(next);
    expect((await orderSteps.verifyOk(ctx, customer, orderId)).bank_status).toBe('Success');
    expect(await orderSteps.stateOf(ctx, customer, orderId)).toBe('Pending / Paid');
    expect(await orderSteps.stockOf(ctx, product.id)).toBe(1);
  });

  it('refuses a bad signature, a wrong secret, a tampered body and a stale timestamp (400), recording nothing', async () => {
    const product = await createProduct(ctx, { quantity: 3 });
    const { orderId } = await orderSteps.placeOrderOk(ctx, customer, product.id, 1);
    const session = fake.pay((await orderSteps.orderRow(ctx, orderId)).providerSessionId ?? '');
    const url = '/api/v1/payments/stripe/webhook';

    const wrongSecret = await sendWebhook('checkout.session.completed', session, {
      secret: 'whsec_someone_else',
    });
    const stale = await sendWebhook('checkout.session.completed', session, {
      timestampS: Math.floor(ctx.clock.now().getTime() / 1000) - 10 * 60,
    });
    const genuine = signedWebhook(
      WEBHOOK_SECRET,
      { type: 'checkout.session.completed', object: session },
      Math.floor(ctx.clock.now().getTime() / 1000),
    );
    const tampered = await ctx.app.inject({
      method: 'POST',
      url,
      headers: genuine.headers,
      payload: genuine.payload.replace('"paid"', '"unpaid"'),
    });
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: genuine.payload,
    });
    for (const res of [wrongSecret, stale, tampered, unsigned]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_SIGNATURE' });
    }
    expect(await eventCount()).toBe(0);
    expect(await orderSteps.orderAs(ctx, customer, orderId)).toMatchObject({
      paymentStatus: 'Pending',
    });
  });

  it('refunds a paid order on cancel, once, through Stripe', async () => {
    const product = await createProduct(ctx, { quantity: 3 });
    const { orderId } = await orderSteps.placeOrderOk(ctx, customer, product.id, 1);
    const session = fake.pay((await orderSteps.orderRow(ctx, orderId)).providerSessionId ?? '');
    await orderSteps.verifyOk(ctx, customer, orderId);

    const res = await orderSteps.cancelAs(ctx, customer, orderId);
    expect(res.json()).toMatchObject({ data: { status: 'Cancelled', paymentStatus: 'Refunded' } });
    expect(fake.refunds).toEqual([
      expect.objectContaining({
        payment_intent: session.payment_intent,
        amount: session.amount_total,
      }),
    ]);
    const refundCall = fake.requests.find((r) => r.path === '/v1/refunds');
    expect(refundCall?.idempotencyKey).toBe(`refund-${orderId}`);
    expect(await orderSteps.stockOf(ctx, product.id)).toBe(3);
  });

  it('expires the Stripe session of an unpaid order that is cancelled', async () => {
    const product = await createProduct(ctx, { quantity: 3 });
    const { orderId } = await orderSteps.placeOrderOk(ctx, customer, product.id, 1);
    const sessionId = (await orderSteps.orderRow(ctx, orderId)).providerSessionId ?? '';
    await orderSteps.setStatusAs(ctx, admin, orderId, 'Cancelled');
    expect(fake.session(sessionId).status).toBe('expired');
    expect(await orderSteps.stateOf(ctx, customer, orderId)).toBe('Cancelled / Failed');
    expect(await orderSteps.stockOf(ctx, product.id)).toBe(3);
  });

  it('cancels the order and releases stock when Stripe refuses the session (502)', async () => {
    const product = await createProduct(ctx, { quantity: 3 });
    fake.failNextCreate = 400;
    const res = await orderSteps.placeOrder(ctx, customer, product.id, 2);
    expect(res.statusCode).toBe(502);
    expect(await orderSteps.stockOf(ctx, product.id)).toBe(3);
    const [row] = await ctx.database.db.select().from(orders);
    expect(row).toMatchObject({ status: 'Cancelled', paymentStatus: 'Failed' });
  });

  it('keeps the webhook out of the API document, which still builds', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: object }>().paths);
    expect(paths).toContain('/api/v1/orders/order/create');
    expect(paths).not.toContain('/api/v1/payments/stripe/webhook');
  });

  it('records events about other things without touching any order', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      ...signedWebhook(
        WEBHOOK_SECRET,
        { type: 'customer.created', object: { id: 'cus_1', object: 'customer' } },
        Math.floor(ctx.clock.now().getTime() / 1000),
      ),
    });
    expect(res.statusCode).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.type, 'customer.created'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.orderId).toBeNull();
  });
});
