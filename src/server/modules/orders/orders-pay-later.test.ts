import { eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order, Verification } from '#shared/contract/order.ts';
import { paymentMessages } from '#shared/messages/payment.ts';
import { unpaidOrdersMessages } from '#shared/messages/unpaid-orders.ts';
import { emailOutbox, sandboxSessions } from '#server/db/schema.ts';
import { requireStatus } from '#server/test/accounts-helpers.ts';
import { createProduct, createUser, type TestUser } from '#server/test/fixtures.ts';
import {
  cancelAs,
  DECLINED_CARD,
  futureExpiry,
  listOrdersAs,
  orderDetailAs,
  orderEventsOf,
  orderRow,
  payLaterAs,
  payWithCard,
  placeOrder,
  placeOrderOk,
  stockOf,
  submitSandbox,
  sweepOnce,
  verifyOk,
} from '#server/test/orders-helpers.ts';
import { useTestContext } from '#server/test/test-app.ts';
import { startSession } from '../auth/sessions.ts';

const TIMEOUT_MS = 30 * 60 * 1000;

interface ErrorBody {
  code: string;
  message: string;
  details?: { path: string; message: string }[];
}

describe('payments that can be finished', () => {
  const ctx = useTestContext({ MAX_UNPAID_ORDERS: '3', PAYMENT_TIMEOUT: '30m' });
  let rider: TestUser;
  let productId: string;

  beforeEach(async () => {
    await ctx.reset();
    rider = await createUser(ctx);
    productId = (await createProduct(ctx, { quantity: 5 })).id;
  });

  const mailKinds = async (orderId: string) =>
    (
      await ctx.database.db
        .select({ kind: emailOutbox.kind })
        .from(emailOutbox)
        .where(like(emailOutbox.dedupeKey, `order:${orderId}:%`))
    ).map((r) => r.kind);

  /** Sessions the sandbox holds for the order, and how many took money. */
  const sessionsOf = async (orderId: string) => {
    const rows = await ctx.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.orderId, orderId));
    return { count: rows.length, charged: rows.filter((r) => r.outcome === 'Success').length };
  };

  /** Moves the clock past the payment window; the rider signs in again (access tokens last 15 minutes). */
  const afterTheWindow = async () => {
    ctx.clock.advance(TIMEOUT_MS + 1000);
    const { accessToken } = await startSession(ctx.app.deps, rider);
    rider = { ...rider, token: accessToken, auth: { authorization: accessToken } };
  };

  const payLaterOk = async (ref: string) =>
    requireStatus(await payLaterAs(ctx, rider, ref), 200, 'pay').json<{ data: string }>().data;

  it('keeps a declined card on the payment page; another card then pays the same order', async () => {
    const { url, orderId } = await placeOrderOk(ctx, rider, productId);
    const declined = await payWithCard(ctx, url, DECLINED_CARD);
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain(paymentMessages.declined);
    expect(declined.body).toContain(`value="${futureExpiry(ctx)}"`);
    expect(await orderRow(ctx, orderId)).toMatchObject({
      status: 'Pending',
      paymentStatus: 'Pending',
    });

    const paid = await payWithCard(ctx, url);
    expect(paid.statusCode).toBe(303);
    expect(await orderRow(ctx, orderId)).toMatchObject({ paymentStatus: 'Paid' });
    expect(await listOrdersAs(ctx, rider)).toHaveLength(1);
    expect(await stockOf(ctx, productId)).toBe(4);
    expect(await orderEventsOf(ctx, orderId)).toEqual(['placed', 'payment_failed', 'paid']);
    expect(await mailKinds(orderId)).toEqual(['order-paid']);
  });

  it('opens a payment page for a pay request with no body, as other clients send it', async () => {
    const { orderId } = await placeOrderOk(ctx, rider, productId);
    for (const request of [
      { headers: rider.auth },
      { headers: { ...rider.auth, 'content-type': 'application/json' }, payload: 'null' },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${orderId}/pay`,
        ...request,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: string }>().data).toMatch(/^https?:\/\//);
    }
    expect(await listOrdersAs(ctx, rider)).toHaveLength(1);
  });

  it('leaves an order payable after a cancel on the payment page; Pay now opens a new session of the same order', async () => {
    const { url, orderId } = await placeOrderOk(ctx, rider, productId);
    expect(
      (await submitSandbox(ctx, url, { action: 'cancel', cardNumber: '', expiry: '', cvc: '' }))
        .statusCode,
    ).toBe(303);
    const verified = await verifyOk(ctx, rider, orderId);
    expect(verified.bank_status).toBe('Cancel');
    const order = await orderDetailAs(ctx, rider, orderId);
    expect(order).toMatchObject({ status: 'Pending', paymentStatus: 'Pending' });
    expect(Date.parse(order.payableUntil ?? '')).toBe(Date.parse(order.createdAt) + TIMEOUT_MS);

    ctx.clock.advance(10 * 60 * 1000);
    const second = await payLaterOk(order.number);
    expect(second).not.toBe(url);
    // The new session is the order's own: no second order, no second reservation.
    expect(await listOrdersAs(ctx, rider)).toHaveLength(1);
    expect(await stockOf(ctx, productId)).toBe(4);
    expect((await verifyOk(ctx, rider, orderId)).bank_status).toBe('Pending');

    expect((await payWithCard(ctx, second)).statusCode).toBe(303);
    const paid = await verifyOk(ctx, rider, orderId);
    expect(paid).toMatchObject<Partial<Verification>>({ bank_status: 'Success' });
    expect(await orderDetailAs(ctx, rider, orderId)).toMatchObject<Partial<Order>>({
      paymentStatus: 'Paid',
      payableUntil: null,
    });
    expect(await sessionsOf(orderId)).toEqual({ count: 2, charged: 1 });
    expect(await mailKinds(orderId)).toEqual(['order-paid']);
  });

  it('closes the earlier session when a new one opens, so paying twice charges once', async () => {
    const { url: first, orderId } = await placeOrderOk(ctx, rider, productId);
    const second = await payLaterOk(orderId);
    // The first page is closed: it takes no card any more and sends the shopper back.
    expect((await payWithCard(ctx, first)).statusCode).toBe(303);
    expect(await orderRow(ctx, orderId)).toMatchObject({ paymentStatus: 'Pending' });
    expect((await payWithCard(ctx, second)).statusCode).toBe(303);
    expect((await payWithCard(ctx, second)).statusCode).toBe(303);
    expect(await sessionsOf(orderId)).toEqual({ count: 2, charged: 1 });

    const again = await payLaterAs(ctx, rider, orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().code).toBe('ORDER_ALREADY_PAID');
    expect(await sessionsOf(orderId)).toEqual({ count: 2, charged: 1 });
  });

  it('opens one session when Pay now is pressed many times at once', async () => {
    const { orderId } = await placeOrderOk(ctx, rider, productId);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => payLaterAs(ctx, rider, orderId)),
    );
    const opened = results.filter((r) => r.statusCode === 200);
    expect(opened.length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    // Only the session the order points at can still be paid: the others are closed.
    const sessions = await ctx.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.orderId, orderId));
    const open = sessions.filter((s) => s.outcome === 'Pending');
    expect(open).toHaveLength(1);
    expect((await orderRow(ctx, orderId)).providerSessionId).toBe(open[0]?.id);
    expect(sessions.length).toBeGreaterThanOrEqual(1 + opened.length);
    expect(await stockOf(ctx, productId)).toBe(4);
  });

  it('refuses to pay after the window (409), and the sweep then cancels the order with one mail', async () => {
    const { url, orderId } = await placeOrderOk(ctx, rider, productId);
    await submitSandbox(ctx, url, { action: 'cancel', cardNumber: '', expiry: '', cvc: '' });
    await afterTheWindow();
    const late = await payLaterAs(ctx, rider, orderId);
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorBody>().code).toBe('PAYMENT_WINDOW_CLOSED');
    expect((await orderDetailAs(ctx, rider, orderId)).payableUntil).toBeNull();

    await sweepOnce(ctx);
    await sweepOnce(ctx);
    expect(await orderRow(ctx, orderId)).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'Failed',
    });
    expect(await stockOf(ctx, productId)).toBe(5);
    expect(await mailKinds(orderId)).toEqual(['order-cancelled']);
    expect(await orderEventsOf(ctx, orderId)).toEqual(['placed', 'payment_failed', 'cancelled']);
    const gone = await payLaterAs(ctx, rider, orderId);
    expect(gone.json<ErrorBody>().code).toBe('ORDER_CANCELLED');
  });

  it("refuses a cancelled order, another customer's order and an admin", async () => {
    const { orderId } = await placeOrderOk(ctx, rider, productId);
    const other = await createUser(ctx);
    expect((await payLaterAs(ctx, other, orderId)).statusCode).toBe(404);
    const admin = await createUser(ctx, { role: 'admin' });
    expect((await payLaterAs(ctx, admin, orderId)).statusCode).toBe(403);
    expect((await cancelAs(ctx, rider, orderId)).statusCode).toBe(200);
    const res = await payLaterAs(ctx, rider, orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().code).toBe('ORDER_CANCELLED');
  });

  it('offers the open order instead of a second one for the same bicycle and size', async () => {
    const { orderId } = await placeOrderOk(ctx, rider, productId);
    const number = (await orderDetailAs(ctx, rider, orderId)).number;
    const again = await placeOrder(ctx, rider, productId, 1);
    expect(again.statusCode).toBe(409);
    const body = again.json<ErrorBody>();
    expect(body.code).toBe('UNPAID_ORDER_EXISTS');
    expect(body.message).toBe(unpaidOrdersMessages.sameBicycle(number));
    expect(body.details).toEqual([
      { path: 'order._id', message: orderId },
      { path: 'order.number', message: number },
    ]);
    expect(await stockOf(ctx, productId)).toBe(4);

    // Another bicycle is fine; the same one once the window has passed is too.
    expect((await placeOrder(ctx, rider, (await createProduct(ctx)).id, 1)).statusCode).toBe(201);
    await afterTheWindow();
    expect((await placeOrder(ctx, rider, productId, 1)).statusCode).toBe(201);
  });

  it('still limits unpaid orders, saying how to finish or cancel them', async () => {
    for (let i = 0; i < 3; i += 1) await placeOrderOk(ctx, rider, (await createProduct(ctx)).id);
    const refused = await placeOrder(ctx, rider, productId, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>()).toMatchObject({
      code: 'TOO_MANY_UNPAID_ORDERS',
      message: unpaidOrdersMessages.tooMany(3),
    });
    expect(unpaidOrdersMessages.tooMany(3)).toContain('Pay now');
  });
});
