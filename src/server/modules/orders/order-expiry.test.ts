import { describe, expect, it } from 'vitest';
import { createProduct, createUser, useFreshUser } from '#server/test/fixtures.ts';
import {
  payWithCard,
  placeOrderOk,
  setStatusAs,
  stateOf,
  stockOf,
  sweepOnce,
  verifyOk,
} from '#server/test/orders-helpers.ts';
import { useTestContext } from '#server/test/test-app.ts';
import { expireUnpaidOrders } from './order-expiry.ts';

const TIMEOUT_MS = 30 * 60_000;

describe('expiry of unpaid orders', () => {
  const ctx = useTestContext({ PAYMENT_TIMEOUT: '30m', ACCESS_TOKEN_TTL: '1d' });
  // The store's view of the orders; each order has a buyer of its own (one customer holds one
  // unpaid order of a bicycle).
  const customer = useFreshUser(ctx, { role: 'admin' });
  const buyer = () => createUser(ctx);

  it('cancels unpaid orders older than the timeout and releases their stock, once', async () => {
    const product = await createProduct(ctx, { quantity: 10 });
    const old = await placeOrderOk(ctx, await buyer(), product.id, 3);
    const paid = await placeOrderOk(ctx, await buyer(), product.id, 2);
    await payWithCard(ctx, paid.url);
    ctx.clock.advance(20 * 60_000);
    const recent = await placeOrderOk(ctx, await buyer(), product.id, 1);
    expect(await stockOf(ctx, product.id)).toBe(4);

    ctx.clock.advance(11 * 60_000);
    const expired = await expireUnpaidOrders(ctx.app.deps);
    expect(expired.map((o) => o.id)).toEqual([old.orderId]);
    expect(await stockOf(ctx, product.id)).toBe(7);
    expect(await stateOf(ctx, customer, old.orderId)).toBe('Cancelled / Failed');
    expect(await stateOf(ctx, customer, paid.orderId)).toBe('Pending / Paid');
    expect(await stateOf(ctx, customer, recent.orderId)).toBe('Pending / Pending');

    // Several sweeps at once (as on several instances) expire nothing twice.
    const again = await Promise.all(
      Array.from({ length: 5 }, () => expireUnpaidOrders(ctx.app.deps)),
    );
    expect(again.flat()).toEqual([]);
    expect(await stockOf(ctx, product.id)).toBe(7);
  });

  it('expires an unpaid order an admin already moved on, and its checkout takes no payment', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const product = await createProduct(ctx, { quantity: 10 });
    const ongoing = await placeOrderOk(ctx, await buyer(), product.id, 2);
    const completed = await placeOrderOk(ctx, await buyer(), product.id, 1);
    const paidOngoing = await placeOrderOk(ctx, await buyer(), product.id, 3);
    await payWithCard(ctx, paidOngoing.url);
    for (const [orderId, status] of [
      [ongoing.orderId, 'Ongoing'],
      [completed.orderId, 'Completed'],
      [paidOngoing.orderId, 'Ongoing'],
    ] as const) {
      expect((await setStatusAs(ctx, admin, orderId, status)).statusCode).toBe(200);
    }
    expect(await stockOf(ctx, product.id)).toBe(4);

    ctx.clock.advance(TIMEOUT_MS + 1000);
    const expired = await sweepOnce(ctx);
    expect(expired.expired).toBe(1);
    expect(await stateOf(ctx, customer, ongoing.orderId)).toBe('Cancelled / Failed');
    // Completed means handed over: the shop's business, not the timeout's.
    expect(await stateOf(ctx, customer, completed.orderId)).toBe('Completed / Pending');
    expect(await stateOf(ctx, customer, paidOngoing.orderId)).toBe('Ongoing / Paid');
    expect(await stockOf(ctx, product.id)).toBe(6);

    // The shopper's still-open payment page can no longer take the money.
    expect((await payWithCard(ctx, ongoing.url)).statusCode).toBe(303);
    expect((await verifyOk(ctx, customer, ongoing.orderId)).bank_status).toBe('Cancel');
    expect(await stateOf(ctx, customer, ongoing.orderId)).toBe('Cancelled / Failed');
    expect(await stockOf(ctx, product.id)).toBe(6);
  });

  it('expires each order once when sweeps race over many orders', async () => {
    const product = await createProduct(ctx, { quantity: 40 });
    for (let i = 0; i < 12; i += 1) await placeOrderOk(ctx, await buyer(), product.id, 2);
    expect(await stockOf(ctx, product.id)).toBe(16);
    ctx.clock.advance(TIMEOUT_MS + 1000);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => expireUnpaidOrders(ctx.app.deps)),
    );
    const ids = results.flat().map((o) => o.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(await stockOf(ctx, product.id)).toBe(40);
  });
});
