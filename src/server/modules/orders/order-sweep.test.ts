import { describe, expect, it, vi } from 'vitest';
import { createProduct, createUser } from '#server/test/fixtures.ts';
import {
  payWithCard,
  placeOrderOk,
  stateOf,
  stockOf,
  verifyOk,
} from '#server/test/orders-helpers.ts';
import { eventually } from '#server/test/eventually.ts';
import { useTestContext } from '#server/test/test-app.ts';

describe('the periodic sweep', () => {
  const ctx = useTestContext(
    { PAYMENT_TIMEOUT: '15m', ACCESS_TOKEN_TTL: '1d' },
    { orders: { sweep: true, intervalMs: 25 } },
  );

  it('expires an unpaid order once the timeout passes, releases its stock and closes its checkout', async () => {
    const customer = await createUser(ctx);
    const product = await createProduct(ctx, { quantity: 5 });
    const { orderId, url } = await placeOrderOk(ctx, customer, product.id, 2);
    // Another rider: one customer holds one payable order per bicycle.
    const payer = await createUser(ctx);
    const paid = await placeOrderOk(ctx, payer, product.id, 1);
    await payWithCard(ctx, paid.url);
    expect(await stockOf(ctx, product.id)).toBe(2);

    ctx.clock.advance(15 * 60_000 + 1);
    await vi.waitFor(async () => {
      expect(await stockOf(ctx, product.id)).toBe(4);
    }, eventually);
    expect(await stateOf(ctx, customer, orderId)).toBe('Cancelled / Failed');
    expect(await stateOf(ctx, payer, paid.orderId)).toBe('Pending / Paid');

    // The expired checkout no longer takes a payment.
    expect((await payWithCard(ctx, url)).statusCode).toBe(303);
    expect((await verifyOk(ctx, customer, orderId)).bank_status).toBe('Cancel');
    expect(await stockOf(ctx, product.id)).toBe(4);
  });
});
