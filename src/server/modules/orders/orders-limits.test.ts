import { describe, expect, it } from 'vitest';
import { unpaidOrdersMessages } from '#shared/messages/unpaid-orders.ts';
import { createProduct, createUser, useFreshUser } from '#server/test/fixtures.ts';
import {
  cancelAs,
  listOrdersAs,
  payWithCard,
  placeOrder,
  placeOrderOk,
  stockOf,
} from '#server/test/orders-helpers.ts';
import { useTestContext } from '#server/test/test-app.ts';

const TOO_MANY = {
  success: false,
  code: 'TOO_MANY_UNPAID_ORDERS',
  message: unpaidOrdersMessages.tooMany(3),
};

describe('unpaid orders per customer (MAX_UNPAID_ORDERS)', () => {
  const ctx = useTestContext({ MAX_UNPAID_ORDERS: '3', AUTH_RATE_LIMIT_MAX: '100000' });
  const customer = useFreshUser(ctx);
  /** A bicycle of its own per order: one customer holds one unpaid order per bicycle. */
  const bicycle = async () => (await createProduct(ctx, { quantity: 20 })).id;

  it('refuses the next order with 409 until one is paid or cancelled', async () => {
    const held = [];
    for (let i = 0; i < 3; i += 1) held.push(await placeOrderOk(ctx, customer, await bicycle(), 1));

    const product = await bicycle();
    const refused = await placeOrder(ctx, customer, product, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(await stockOf(ctx, product)).toBe(20);
    expect(await listOrdersAs(ctx, customer)).toHaveLength(3);

    // Another customer is not affected.
    const other = await createUser(ctx);
    expect((await placeOrder(ctx, other, product, 1)).statusCode).toBe(201);

    // A paid order no longer counts...
    await payWithCard(ctx, held[0]?.url ?? '');
    expect((await placeOrder(ctx, customer, await bicycle(), 1)).statusCode).toBe(201);
    expect((await placeOrder(ctx, customer, await bicycle(), 1)).statusCode).toBe(409);
    // ...nor does a cancelled one.
    expect((await cancelAs(ctx, customer, held[1]?.orderId ?? '')).statusCode).toBe(200);
    expect((await placeOrder(ctx, customer, await bicycle(), 1)).statusCode).toBe(201);
    expect((await placeOrder(ctx, customer, await bicycle(), 1)).json()).toEqual(TOO_MANY);
  });

  it('holds under 20 parallel creates by one customer', async () => {
    const bicycles = await Promise.all(Array.from({ length: 20 }, bicycle));
    const responses = await Promise.all(
      bicycles.map((product) => placeOrder(ctx, customer, product, 2)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    for (const res of responses.filter((r) => r.statusCode === 409))
      expect(res.json()).toEqual(TOO_MANY);
    const stock = await Promise.all(bicycles.map((product) => stockOf(ctx, product)));
    expect(stock.reduce((a, b) => a + b, 0)).toBe(20 * 20 - 6);
    expect(await listOrdersAs(ctx, customer)).toHaveLength(3);
  });
});

describe('order creation rate per customer', () => {
  const ctx = useTestContext({ MAX_UNPAID_ORDERS: '100', AUTH_RATE_LIMIT_MAX: '10' });

  it('answers 429 after 10 creations in a minute, per customer, not per address', async () => {
    const product = await createProduct(ctx, { quantity: 100 });
    const busy = await createUser(ctx);
    const calm = await createUser(ctx);
    for (let i = 0; i < 10; i += 1) {
      const { orderId } = await placeOrderOk(ctx, busy, product.id, 1);
      // Cancelling keeps the unpaid limit out of the way: only the rate is tested here.
      expect((await cancelAs(ctx, busy, orderId)).statusCode).toBe(200);
    }
    const limited = await placeOrder(ctx, busy, product.id, 1);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(await stockOf(ctx, product.id)).toBe(100);

    // The same address, another customer: still served.
    expect((await placeOrder(ctx, calm, product.id, 1)).statusCode).toBe(201);
  });
});
