import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '#shared/contract/order.ts';
import { orders, users } from '../db/schema.ts';
import { createProduct, createUser, type TestUser } from '../test/fixtures.ts';
import {
  cancelAs,
  DECLINED_CARD,
  orderAs,
  orderEventsOf,
  orderRow,
  payWithCard,
  placeOrder,
  placeOrderOk,
  setStatusAs,
  stockOf,
  submitSandbox,
  verify,
  verifyOk,
} from '../test/orders-helpers.ts';
import { signedWebhook, StripeFake } from '../test/stripe-fake.ts';
import { createTestContext, type TestContext, useTestContext } from '../test/test-app.ts';
import { form } from './world.ts';

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

describe('business abuse: nothing happens beyond the rules', () => {
  let customer: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let productId: string;

  const ctx = useTestContext({ JWT_SECRET });
  beforeEach(async () => {
    await ctx.reset();
    customer = await createUser(ctx);
    other = await createUser(ctx);
    admin = await createUser(ctx, { role: 'admin' });
    productId = (await createProduct(ctx, { name: 'Abuse Roadster', price: 400, quantity: 10 })).id;
  });

  async function orderCount(): Promise<number> {
    return (await ctx.database.db.select({ id: orders.id }).from(orders)).length;
  }

  it('prices the order from the database and takes the buyer from the token, whatever the body says', async () => {
    const res = await placeOrder(ctx, customer, productId, 2, {
      totalPrice: 0.01,
      price: 0,
      unitPrice: 0,
      user: other.id,
      userId: other.id,
      status: 'Completed',
      paymentStatus: 'Paid',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(orders);
    expect(row?.userId).toBe(customer.id);
    expect(row?.totalCents).toBe(80_000);
    expect(row?.status).toBe('Pending');
    expect(row?.paymentStatus).toBe('Pending');
    expect(await stockOf(ctx, productId)).toBe(8);
  });

  it('refuses negative, zero, fractional, huge and non-numeric quantities (400) and reserves nothing', async () => {
    for (const quantity of [-1, 0, 0.5, 1.5, 101, 1e308, '2', null, true, [1], { $gt: 0 }]) {
      const res = await placeOrder(ctx, customer, productId, 1, { quantity });
      expect(res.statusCode, `quantity ${JSON.stringify(quantity)}`).toBe(400);
    }
    expect(await stockOf(ctx, productId)).toBe(10);
    expect(await orderCount()).toBe(0);
  });

  it("hides another customer's order from verify and cancel (404) and leaves it as it was", async () => {
    const { orderId } = await placeOrderOk(ctx, customer, productId, 3);
    const before = await orderRow(ctx, orderId);
    expect((await verify(ctx, other, orderId)).statusCode).toBe(404);
    expect((await cancelAs(ctx, other, orderId)).statusCode).toBe(404);
    expect((await setStatusAs(ctx, other, orderId, 'Cancelled')).statusCode).toBe(403);
    expect(await orderRow(ctx, orderId)).toEqual(before);
    expect(await stockOf(ctx, productId)).toBe(7);
    // Another customer's list never shows it either.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/orders?searchTerm=${encodeURIComponent(customer.email)}`,
      headers: other.auth,
    });
    expect(list.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('pays once however often verify and the payment page are replayed', async () => {
    const { url, orderId } = await placeOrderOk(ctx, customer, productId, 2);
    expect((await payWithCard(ctx, url)).statusCode).toBe(303);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => verifyOk(ctx, customer, orderId)),
    );
    expect(new Set(answers.map((a) => a.transaction_id)).size).toBe(1);
    // A later cancel or decline on the same page changes nothing.
    expect((await submitSandbox(ctx, url, { action: 'cancel' })).statusCode).toBe(303);
    expect((await payWithCard(ctx, url, DECLINED_CARD)).statusCode).toBe(303);
    expect(await orderEventsOf(ctx, orderId)).toEqual(['placed', 'paid']);
    await verifyOk(ctx, customer, orderId);
    const row = await orderRow(ctx, orderId);
    expect(row.paymentStatus).toBe('Paid');
    expect(row.status).toBe('Pending');
    expect(await stockOf(ctx, productId)).toBe(8);
  });

  it('holds the stock of a declined payment once, however often the card or verify is replayed', async () => {
    const { url, orderId } = await placeOrderOk(ctx, customer, productId, 4);
    await Promise.all(Array.from({ length: 3 }, () => payWithCard(ctx, url, DECLINED_CARD)));
    await Promise.all(Array.from({ length: 5 }, () => verifyOk(ctx, customer, orderId)));
    expect(await stockOf(ctx, productId)).toBe(6);
    const row = await orderRow(ctx, orderId);
    expect(row.status).toBe('Pending');
    expect(row.paymentStatus).toBe('Pending');
    // Paid with a good card afterwards, once.
    await Promise.all(Array.from({ length: 3 }, () => payWithCard(ctx, url)));
    expect((await orderRow(ctx, orderId)).paymentStatus).toBe('Paid');
    expect(await stockOf(ctx, productId)).toBe(6);
  });

  it('cancels once: a second cancel, sequential or concurrent, is refused and releases nothing more', async () => {
    const first = await placeOrderOk(ctx, customer, productId, 2);
    expect((await cancelAs(ctx, customer, first.orderId)).statusCode).toBe(200);
    expect((await cancelAs(ctx, customer, first.orderId)).statusCode).toBe(409);
    expect(await stockOf(ctx, productId)).toBe(10);

    const second = await placeOrderOk(ctx, customer, productId, 3);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => cancelAs(ctx, customer, second.orderId)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await stockOf(ctx, productId)).toBe(10);
  });

  it('refunds a paid order once when the admin cancels it from several tabs at once', async () => {
    const { url, orderId } = await placeOrderOk(ctx, customer, productId, 1);
    await payWithCard(ctx, url);
    await verifyOk(ctx, customer, orderId);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => setStatusAs(ctx, admin, orderId, 'Cancelled')),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const row = await orderRow(ctx, orderId);
    expect(row.paymentStatus).toBe('Refunded');
    expect(await stockOf(ctx, productId)).toBe(10);
  });

  it('changes nothing once an order is Cancelled, whatever status is asked for', async () => {
    const { orderId } = await placeOrderOk(ctx, customer, productId, 2);
    expect((await setStatusAs(ctx, admin, orderId, 'Cancelled')).statusCode).toBe(200);
    const before = await orderRow(ctx, orderId);
    for (const status of ORDER_STATUSES) {
      expect((await setStatusAs(ctx, admin, orderId, status)).statusCode, status).toBe(409);
    }
    expect((await setStatusAs(ctx, admin, orderId, 'Shipped')).statusCode).toBe(400);
    expect(await orderRow(ctx, orderId)).toEqual(before);
    expect(await stockOf(ctx, productId)).toBe(10);
    expect((await orderAs(ctx, customer, orderId)).status).toBe('Cancelled');
  });

  it('does not let a customer cancel a paid order that the shop has already moved on', async () => {
    const { url, orderId } = await placeOrderOk(ctx, customer, productId, 1);
    await payWithCard(ctx, url);
    await verifyOk(ctx, customer, orderId);
    expect((await setStatusAs(ctx, admin, orderId, 'Ongoing')).statusCode).toBe(200);
    expect((await cancelAs(ctx, customer, orderId)).statusCode).toBe(409);
    const row = await orderRow(ctx, orderId);
    expect(row.paymentStatus).toBe('Paid');
    expect(await stockOf(ctx, productId)).toBe(9);
  });

  it('keeps an order at the price it was placed at when the bicycle is repriced', async () => {
    const { orderId } = await placeOrderOk(ctx, customer, productId, 1);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/products/${productId}`,
      headers: admin.auth,
      payload: form({
        name: 'Abuse Roadster',
        brand: 'Testbrand',
        category: 'Road Bicycle',
        price: '1',
        quantity: '9',
        description: 'Cheaper now.',
      }),
    });
    expect(put.statusCode).toBe(200);
    expect((await orderAs(ctx, customer, orderId)).totalPrice).toBe(400);
  });

  it('makes every sign-up a customer and ignores role, block and id fields in sign-up and profile', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        name: 'Sneaky',
        email: 'sneaky@example.com',
        password: 'secret1',
        role: 'admin',
        isBlocked: false,
        _id: admin.id,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: { user: { role: string; _id: string } } }>().data.user).toMatchObject({
      role: 'customer',
    });
    expect(res.json<{ data: { user: { _id: string } } }>().data.user._id).not.toBe(admin.id);

    const update = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update',
      headers: customer.auth,
      payload: form({
        name: 'Still Customer',
        role: 'admin',
        email: 'taken@example.com',
        isBlocked: 'true',
      }),
    });
    expect(update.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(row).toMatchObject({
      name: 'Still Customer',
      role: 'customer',
      email: customer.email,
      isBlocked: false,
    });
  });

  it('refuses product prices with more than 2 decimals, negative numbers and fractional stock (400)', async () => {
    const base = {
      name: 'Bad Bike',
      brand: 'B',
      category: 'BMX Bike',
      price: '10',
      quantity: '1',
      description: 'd',
    };
    for (const change of [
      { price: '1.005' },
      { price: '-1' },
      { quantity: '1.5' },
      { quantity: '-3' },
      { price: '1e3' },
      { price: 'NaN' },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/products',
        headers: admin.auth,
        payload: form({ ...base, ...change }),
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
    }
  });

  it('refuses forged access tokens: another secret, alg none, a refresh typ, an admin role on a customer, expired', async () => {
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const [header, body] = customer.token.split('.');
    // The customer's own live session, so only the forged part decides.
    const { sid } = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as { sid: string };
    const claims = { email: customer.email, role: 'admin', typ: 'access', sid };
    const sign = (secret: string, payload: Record<string, unknown>, exp = now + 600) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(customer.id)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const forgedBody = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(body ?? '', 'base64url').toString()),
        role: 'admin',
      }),
    ).toString('base64url');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${forgedBody}.`;
    const tokens = [
      await sign('another-secret-that-is-long-enough-for-hs256', claims),
      none,
      `${header ?? ''}.${forgedBody}.${customer.token.split('.')[2] ?? ''}`,
      await sign(JWT_SECRET, { ...claims, role: 'customer', typ: 'refresh' }),
      await sign(JWT_SECRET, { ...claims, role: 'customer' }, now - 1),
    ];
    for (const token of tokens) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/users',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, token).toBe(401);
    }
    // A genuine token whose claims say admin while the account is a customer: the account wins.
    const lying = await sign(JWT_SECRET, claims);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/users',
          headers: { authorization: lying },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('answers an unknown email and a wrong password alike, so accounts cannot be discovered', async () => {
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: customer.email, password: 'not-the-password' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nobody-here@example.com', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses bodies over the limits with 413 and the envelope: 1 MiB of JSON, 4 KiB of payment form', async () => {
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/orders/order/create',
      headers: { ...customer.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({
        product: productId,
        quantity: 1,
        padding: 'x'.repeat(1024 * 1024),
      }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    const { url } = await placeOrderOk(ctx, customer, productId, 1);
    const form = await submitSandbox(ctx, url, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      padding: 'x'.repeat(5000),
    });
    expect(form.statusCode).toBe(413);
    expect(await orderCount()).toBe(1);
  });

  it('sells the last units exactly once under concurrent orders', async () => {
    const scarce = (await createProduct(ctx, { name: 'Last One', price: 100, quantity: 3 })).id;
    const buyers = await Promise.all(Array.from({ length: 6 }, () => createUser(ctx)));
    const results = await Promise.all(buyers.map((buyer) => placeOrder(ctx, buyer, scarce, 1)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect(await stockOf(ctx, scarce)).toBe(0);
  });
});

describe('replayed Stripe webhooks', () => {
  const fake = new StripeFake();
  const secret = 'whsec_abuse_secret';
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abuse',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_BASE: await fake.start(),
    });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  it('moves the order once for concurrent replays and re-sent copies of one payment', async () => {
    const customer = await createUser(ctx);
    const productId = (await createProduct(ctx, { quantity: 5, price: 120 })).id;
    const { orderId } = await placeOrderOk(ctx, customer, productId, 2);
    const session = fake.pay((await orderRow(ctx, orderId)).providerSessionId ?? '');
    const send = (eventId: string) => {
      const { payload, headers } = signedWebhook(
        secret,
        { id: eventId, type: 'checkout.session.completed', object: session },
        Math.floor(ctx.clock.now().getTime() / 1000),
      );
      return ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payments/stripe/webhook',
        headers,
        payload,
      });
    };
    const answers = await Promise.all([
      send('evt_a'),
      send('evt_a'),
      send('evt_a'),
      send('evt_b'),
      send('evt_c'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const paid = await orderRow(ctx, orderId);
    expect(paid.paymentStatus).toBe('Paid');
    expect(await stockOf(ctx, productId)).toBe(3);
    // Later copies, after the order was paid, change nothing at all.
    await send('evt_d');
    expect(await orderRow(ctx, orderId)).toEqual(paid);
    expect(fake.refunds).toHaveLength(0);
  });

  it('refunds a paid order once when the shopper and the admin cancel it at the same moment', async () => {
    const customer = await createUser(ctx);
    const admin = await createUser(ctx, { role: 'admin' });
    const productId = (await createProduct(ctx, { quantity: 5, price: 80 })).id;
    const { orderId } = await placeOrderOk(ctx, customer, productId, 1);
    fake.pay((await orderRow(ctx, orderId)).providerSessionId ?? '');
    expect((await verifyOk(ctx, customer, orderId)).bank_status).toBe('Success');
    const refundsBefore = fake.refunds.length;
    const answers = await Promise.all([
      cancelAs(ctx, customer, orderId),
      setStatusAs(ctx, admin, orderId, 'Cancelled'),
      setStatusAs(ctx, admin, orderId, 'Cancelled'),
      cancelAs(ctx, customer, orderId),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(fake.refunds.length - refundsBefore).toBe(1);
    expect((await orderRow(ctx, orderId)).paymentStatus).toBe('Refunded');
    expect(await stockOf(ctx, productId)).toBe(5);
  });
});
