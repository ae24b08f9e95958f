import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '#shared/contract/order.ts';
import { eq } from 'drizzle-orm';
import { products, users } from '#server/db/schema.ts';
import { getAs, requireStatus, setBlocked, signIn } from '#server/test/accounts-helpers.ts';
import { createProduct, createUser, type TestUser } from '#server/test/fixtures.ts';
import {
  cancelAs,
  listOrdersAs,
  orderAs,
  orderEventsOf,
  orderRow,
  payWithCard,
  placeOrder,
  placeOrderOk,
  recordSandboxOutcome,
  setStatusAs,
  stateOf,
  stockOf,
  verify,
  verifyOk,
} from '#server/test/orders-helpers.ts';
import { useTestContext } from '#server/test/test-app.ts';

describe('orders API', () => {
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;

  const ctx = useTestContext();
  beforeEach(async () => {
    await ctx.reset();
    alice = await createUser(ctx, { name: 'Alice Rider', email: 'alice@example.com' });
    bob = await createUser(ctx, { name: 'Bob Pedal', email: 'bob@example.com' });
    admin = await createUser(ctx, { role: 'admin' });
  });

  describe('POST /orders/order/create', () => {
    it('prices the order from the database and ignores a tampered totalPrice and user', async () => {
      const product = await createProduct(ctx, { price: 1299.99, quantity: 5 });
      const res = await placeOrder(ctx, alice, product.id, 2, { totalPrice: 0.01, user: bob.id });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        data: expect.stringContaining('/payments/sandbox/checkout/'),
      });

      const [order] = await listOrdersAs(ctx, alice);
      expect(order).toMatchObject({
        quantity: 2,
        totalPrice: 2599.98,
        status: 'Pending',
        paymentStatus: 'Pending',
        transaction: null,
        user: { _id: alice.id, name: 'Alice Rider', email: 'alice@example.com' },
        product: { _id: product.id, price: 1299.99, name: product.name, brand: product.brand },
      });
      expect(await listOrdersAs(ctx, bob)).toEqual([]);
      expect(await stockOf(ctx, product.id)).toBe(3);
    });

    it('refuses admins (403), anonymous callers (401) and bad input (400)', async () => {
      const product = await createProduct(ctx, { quantity: 5 });
      const asAdmin = await placeOrder(ctx, admin, product.id, 1);
      expect(asAdmin.statusCode).toBe(403);
      expect(asAdmin.json()).toMatchObject({ message: 'Admins are not allowed to place orders.' });

      const anon = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/orders/order/create',
        payload: { product: product.id, quantity: 1 },
      });
      expect(anon.statusCode).toBe(401);

      for (const quantity of [0, -1, 1.5, '2']) {
        const res = await placeOrder(ctx, alice, product.id, quantity as number);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      }
      expect((await placeOrder(ctx, alice, 'not-a-uuid', 1)).statusCode).toBe(400);
      expect(await stockOf(ctx, product.id)).toBe(5);
      expect(await listOrdersAs(ctx, admin)).toEqual([]);
    });

    it('answers 404 for an unknown or deleted bicycle and 409 when stock is short, writing nothing', async () => {
      const product = await createProduct(ctx, { quantity: 2 });
      const deleted = await createProduct(ctx, { quantity: 9 });
      await ctx.database.db
        .update(products)
        .set({ deletedAt: new Date() })
        .where(eq(products.id, deleted.id));

      const unknown = await placeOrder(ctx, alice, '00000000-0000-4000-8000-000000000000', 1);
      expect(unknown.statusCode).toBe(404);
      const gone = await placeOrder(ctx, alice, deleted.id, 1);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ message: 'Bicycle not found.' });

      const short = await placeOrder(ctx, alice, product.id, 3);
      expect(short.statusCode).toBe(409);
      expect(short.json()).toMatchObject({
        success: false,
        message: 'Not enough stock for this bicycle.',
      });
      expect(await stockOf(ctx, product.id)).toBe(2);
      expect(await stockOf(ctx, deleted.id)).toBe(9);
      expect(await listOrdersAs(ctx, admin)).toEqual([]);
    });
  });

  describe('GET /orders', () => {
    it('shows a customer their own orders and an admin all of them, newest first, paginated', async () => {
      const road = await createProduct(ctx, { name: 'Road Runner', brand: 'Swift', quantity: 10 });
      const bmx = await createProduct(ctx, { name: 'Jump King', brand: 'Hop_100%', quantity: 10 });
      const first = await placeOrderOk(ctx, alice, road.id, 1);
      ctx.clock.advance(1000);
      const second = await placeOrderOk(ctx, bob, bmx.id, 2);
      ctx.clock.advance(1000);
      const third = await placeOrderOk(ctx, alice, bmx.id, 1);

      expect((await listOrdersAs(ctx, alice)).map((o) => o._id)).toEqual([
        third.orderId,
        first.orderId,
      ]);
      expect((await listOrdersAs(ctx, bob)).map((o) => o._id)).toEqual([second.orderId]);
      expect((await listOrdersAs(ctx, admin)).map((o) => o._id)).toEqual([
        third.orderId,
        second.orderId,
        first.orderId,
      ]);

      const page = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/orders?page=2&limit=2',
        headers: admin.auth,
      });
      expect(page.json()).toMatchObject({
        data: [{ _id: first.orderId }],
        meta: { page: 2, limit: 2, total: 3, totalPages: 2 },
      });
      const defaults = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/orders',
        headers: admin.auth,
      });
      expect(defaults.json<{ meta: object }>().meta).toEqual({
        page: 1,
        limit: 20,
        total: 3,
        totalPages: 1,
      });
    });

    it('lets an admin search by bicycle name or brand and by customer name or email, case-insensitively', async () => {
      const road = await createProduct(ctx, { name: 'Road Runner', brand: 'Swift', quantity: 10 });
      const bmx = await createProduct(ctx, { name: 'Jump King', brand: 'Hop_100%', quantity: 10 });
      const a = await placeOrderOk(ctx, alice, road.id, 1);
      const b = await placeOrderOk(ctx, bob, bmx.id, 1);
      const ids = async (term: string) =>
        (await listOrdersAs(ctx, admin, `?searchTerm=${encodeURIComponent(term)}`)).map(
          (o) => o._id,
        );

      expect(await ids('road run')).toEqual([a.orderId]);
      expect(await ids('SWIFT')).toEqual([a.orderId]);
      expect(await ids('bob p')).toEqual([b.orderId]);
      expect(await ids('ALICE@EXAMPLE')).toEqual([a.orderId]);
      expect(await ids('_100%')).toEqual([b.orderId]);
      expect(await ids('%')).toEqual([b.orderId]);
      expect(await ids('nothing like this')).toEqual([]);
    });

    it('still shows a bicycle deleted after it was ordered, at the price paid', async () => {
      const product = await createProduct(ctx, { price: 300, quantity: 3 });
      const { orderId } = await placeOrderOk(ctx, alice, product.id, 1);
      await ctx.database.db
        .update(products)
        .set({ deletedAt: new Date(), priceCents: 99_900 })
        .where(eq(products.id, product.id));
      const order = await orderAs(ctx, alice, orderId);
      expect(order.product).toMatchObject({ _id: product.id, name: product.name, price: 300 });
      expect(order.totalPrice).toBe(300);
    });

    it('lists every order the dashboard counts, to the customer and the admin alike', async () => {
      const bikes = await Promise.all([1, 2, 3, 4, 5].map(() => createProduct(ctx)));
      const placed: { orderId: string; url: string }[] = [];
      for (const bike of bikes) {
        placed.unshift(await placeOrderOk(ctx, alice, bike.id, 1));
        ctx.clock.advance(1000);
      }
      const [, , , second, oldest] = placed;
      requireStatus(await cancelAs(ctx, alice, oldest?.orderId ?? ''), 200, 'cancel');
      requireStatus(await payWithCard(ctx, second?.url ?? ''), 303, 'pay');
      const ids = placed.map((o) => o.orderId);
      // What could have hidden an order: its bicycle deleted, its buyer renamed, blocked, unblocked.
      await ctx.database.db
        .update(products)
        .set({ deletedAt: ctx.clock.now() })
        .where(eq(products.id, (bikes[0] as { id: string }).id));
      await ctx.database.db
        .update(users)
        .set({ name: 'Alice Renamed' })
        .where(eq(users.id, alice.id));
      requireStatus(await setBlocked(ctx, admin.auth, alice.id, true), 200, 'block');
      requireStatus(await setBlocked(ctx, admin.auth, alice.id, false), 200, 'unblock');
      const again = { ...alice, ...(await signIn(ctx, alice.email, alice.password)) };

      expect((await listOrdersAs(ctx, again)).map((o) => o._id)).toEqual(ids);
      expect(
        (await listOrdersAs(ctx, admin, '?searchTerm=alice%40example')).map((o) => o._id),
      ).toEqual(ids);
      const summary = await getAs(ctx, '/api/v1/dashboard/summary', admin.auth);
      const counts = summary.json<{ data: { ordersByStatus: Record<string, number> } }>().data;
      expect(counts.ordersByStatus).toEqual({ Pending: 4, Ongoing: 0, Completed: 0, Cancelled: 1 });
    });

    it('requires sign-in', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/orders' })).statusCode).toBe(401);
    });
  });

  describe('ownership', () => {
    it('hides one customer’s order from another on verify, cancel and list (404)', async () => {
      const product = await createProduct(ctx, { quantity: 3 });
      const { orderId } = await placeOrderOk(ctx, alice, product.id, 1);

      const peek = await verify(ctx, bob, orderId);
      expect(peek.statusCode).toBe(404);
      expect(peek.json()).toMatchObject({ success: false, message: 'Order not found.' });
      expect((await cancelAs(ctx, bob, orderId)).statusCode).toBe(404);
      expect(await listOrdersAs(ctx, bob)).toEqual([]);
      expect(await orderAs(ctx, alice, orderId)).toMatchObject({ status: 'Pending' });
      expect(await stockOf(ctx, product.id)).toBe(2);

      // The admin may verify any order.
      expect((await verifyOk(ctx, admin, orderId)).order_id).toBe(orderId);
    });
  });

  describe('PATCH /orders/:orderId/cancel', () => {
    it('cancels an unpaid pending order, releases the stock and closes its checkout', async () => {
      const product = await createProduct(ctx, { quantity: 3 });
      const { orderId, url } = await placeOrderOk(ctx, alice, product.id, 2);
      const res = await cancelAs(ctx, alice, orderId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Order cancelled successfully',
        data: { _id: orderId, status: 'Cancelled', paymentStatus: 'Failed' },
      });
      expect(await stockOf(ctx, product.id)).toBe(3);

      // The checkout can no longer be paid.
      expect((await payWithCard(ctx, url)).statusCode).toBe(303);
      expect(await stateOf(ctx, alice, orderId)).toBe('Cancelled / Failed');
      expect((await verifyOk(ctx, alice, orderId)).bank_status).not.toBe('Success');

      // A second cancel changes nothing: stock released once.
      const again = await cancelAs(ctx, alice, orderId);
      expect(again.statusCode).toBe(409);
      expect(await stockOf(ctx, product.id)).toBe(3);
    });

    it('refunds a paid order through the provider', async () => {
      const product = await createProduct(ctx, { quantity: 3 });
      const { orderId, url } = await placeOrderOk(ctx, alice, product.id, 1);
      await payWithCard(ctx, url);
      const res = await cancelAs(ctx, alice, orderId);
      expect(res.json()).toMatchObject({
        data: { status: 'Cancelled', paymentStatus: 'Refunded' },
      });
      expect(await stockOf(ctx, product.id)).toBe(3);
    });

    it('refuses an admin (403) and an order that is no longer pending (409)', async () => {
      const product = await createProduct(ctx, { quantity: 3 });
      const { orderId } = await placeOrderOk(ctx, alice, product.id, 1);
      expect((await cancelAs(ctx, admin, orderId)).statusCode).toBe(403);
      expect((await setStatusAs(ctx, admin, orderId, 'Ongoing')).statusCode).toBe(200);
      const res = await cancelAs(ctx, alice, orderId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'Only pending orders can be cancelled.' });
      expect(await stockOf(ctx, product.id)).toBe(2);
    });

    it('releases stock once when cancelled many times at once', async () => {
      const product = await createProduct(ctx, { quantity: 3 });
      const { orderId } = await placeOrderOk(ctx, alice, product.id, 2);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => cancelAs(ctx, alice, orderId)),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
      expect(await stockOf(ctx, product.id)).toBe(3);
    });
  });

  describe('PATCH /orders/:orderId/status', () => {
    it('lets an admin move an order through any status and keeps Cancelled final', async () => {
      const product = await createProduct(ctx, { quantity: 3 });
      const { orderId } = await placeOrderOk(ctx, alice, product.id, 1);
      for (const status of ['Ongoing', 'Completed', 'Pending', 'Completed'] as const) {
        const res = await setStatusAs(ctx, admin, orderId, status);
        expect(res.statusCode).toBe(200);
        expect(res.json<{ data: Order }>().data.status).toBe(status);
      }
      const cancel = await setStatusAs(ctx, admin, orderId, 'Cancelled');
      expect(cancel.json()).toMatchObject({
        data: { status: 'Cancelled', paymentStatus: 'Failed' },
      });
      expect(await stockOf(ctx, product.id)).toBe(3);

      const after = await setStatusAs(ctx, admin, orderId, 'Ongoing');
      expect(after.statusCode).toBe(409);
      expect(after.json()).toMatchObject({ message: 'A cancelled order cannot be changed.' });
      expect((await setStatusAs(ctx, admin, orderId, 'Cancelled')).statusCode).toBe(409);
      expect(await stockOf(ctx, product.id)).toBe(3);
    });

    it('refunds a paid order the admin cancels', async () => {
      const product = await createProduct(ctx, { quantity: 3 });
      const { orderId, url } = await placeOrderOk(ctx, alice, product.id, 2);
      await payWithCard(ctx, url);
      await setStatusAs(ctx, admin, orderId, 'Ongoing');
      const res = await setStatusAs(ctx, admin, orderId, 'Cancelled');
      expect(res.json()).toMatchObject({
        data: { status: 'Cancelled', paymentStatus: 'Refunded' },
      });
      expect(await stockOf(ctx, product.id)).toBe(3);
      expect((await orderRow(ctx, orderId)).bankStatus).toBe('Success');
    });

    it('is for admins only, with a valid status', async () => {
      const product = await createProduct(ctx, { quantity: 3 });
      const { orderId } = await placeOrderOk(ctx, alice, product.id, 1);
      expect((await setStatusAs(ctx, alice, orderId, 'Completed')).statusCode).toBe(403);
      expect((await setStatusAs(ctx, admin, orderId, 'Shipped')).statusCode).toBe(400);
      expect(
        (await setStatusAs(ctx, admin, '00000000-0000-4000-8000-000000000000', 'Ongoing'))
          .statusCode,
      ).toBe(404);
      expect(await orderAs(ctx, alice, orderId)).toMatchObject({ status: 'Pending' });
    });
  });

  describe('GET /orders/order/verify', () => {
    it('answers Pending before payment and applies a payment once under 20 concurrent calls', async () => {
      const product = await createProduct(ctx, { price: 250, quantity: 3 });
      const { orderId } = await placeOrderOk(ctx, alice, product.id, 1);
      expect(await verifyOk(ctx, alice, orderId)).toMatchObject({
        bank_status: 'Pending',
        amount: 250,
      });

      // The sandbox page records the outcome; verify calls race to apply it.
      await recordSandboxOutcome(ctx, orderId);
      ctx.clock.advance(5000);

      const results = await Promise.all(
        Array.from({ length: 20 }, () => verify(ctx, alice, orderId)),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const answers = results.map(
        (r) =>
          r.json<{ data: [{ bank_status: string; transaction_id: string; date_time: string }] }>()
            .data[0],
      );
      expect(new Set(answers.map((a) => a.bank_status))).toEqual(new Set(['Success']));
      expect(new Set(answers.map((a) => a.transaction_id)).size).toBe(1);
      expect(new Set(answers.map((a) => a.date_time)).size).toBe(1);

      const paid = await orderRow(ctx, orderId);
      expect(paid).toMatchObject({ paymentStatus: 'Paid', status: 'Pending' });
      expect(paid.updatedAt.getTime()).toBe(paid.paidAt?.getTime());
      expect(await stockOf(ctx, product.id)).toBe(2);
    });

    it('keeps the order payable, its stock held and one failure noted, when 20 concurrent verifies see a failed payment', async () => {
      const product = await createProduct(ctx, { quantity: 3 });
      const { orderId } = await placeOrderOk(ctx, alice, product.id, 2);
      await recordSandboxOutcome(ctx, orderId, 'Failed');

      const results = await Promise.all(
        Array.from({ length: 20 }, () => verify(ctx, alice, orderId)),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      expect(await stockOf(ctx, product.id)).toBe(1);
      expect(await orderRow(ctx, orderId)).toMatchObject({
        status: 'Pending',
        paymentStatus: 'Pending',
        bankStatus: 'Failed',
      });
      const events = await orderEventsOf(ctx, orderId);
      expect(events.filter((type) => type === 'payment_failed')).toHaveLength(1);
    });

    it('rejects a malformed order id', async () => {
      const res = await verify(ctx, alice, 'abc');
      expect(res.statusCode).toBe(400);
    });
  });
});
