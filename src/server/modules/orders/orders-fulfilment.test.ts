import { asc, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Address } from '#shared/contract/address.ts';
import type { Location } from '#shared/contract/location.ts';
import type { Order, OrderDetail } from '#shared/contract/order.ts';
import { emailOutbox } from '#server/db/schema.ts';
import { getAs, injectAs, requireStatus } from '#server/test/accounts-helpers.ts';
import { createProduct, createUser, type TestUser } from '#server/test/fixtures.ts';
import {
  createLocationAs,
  getOrderAs,
  listOrdersAs,
  orderDetailAs,
  orderEventsOf,
  patchFulfilmentAs,
  placeOrder,
  placeOrderOk,
  placePaidOrder,
  setStatusAs,
  usAddress,
} from '#server/test/orders-helpers.ts';
import { useTestContext } from '#server/test/test-app.ts';
import { renderMail } from '../mail/mail-templates.ts';
import type { MailContent } from '../mail/outbox.ts';

interface ErrorBody {
  code: string;
  details?: { path: string; message: string }[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe('delivery or collection, order numbers and the order page', () => {
  const ctx = useTestContext();
  let rider: TestUser;
  let admin: TestUser;
  let shop: Location;
  let productId: string;

  beforeEach(async () => {
    await ctx.reset();
    rider = await createUser(ctx, { name: 'Ada Rider' });
    admin = await createUser(ctx, { role: 'admin' });
    shop = await createLocationAs(ctx, admin, { leadDays: 3 });
    productId = (await createProduct(ctx, { name: 'Domane AL 2', quantity: 20 })).id;
  });

  /** The customer's mails about the order, as the outbox holds them, oldest first. */
  async function mailsOf(orderId: string) {
    const rows = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `order:${orderId}:%`))
      .orderBy(asc(emailOutbox.createdAt));
    return rows.map((row) => ({
      kind: row.kind,
      ...renderMail({ kind: row.kind, payload: row.payload } as MailContent, 'http://store.test'),
    }));
  }

  const bookOf = async (user: TestUser) =>
    requireStatus(await getAs(ctx, '/api/v1/users/me/addresses', user.auth), 200, 'book').json<{
      data: Address[];
    }>().data;

  describe('placing an order', () => {
    it('delivers to a new address, stored on the order in E.164 and kept in the address book', async () => {
      const { orderId } = await placeOrderOk(ctx, rider, productId, 1, {
        fulfilment: { method: 'delivery', address: usAddress() },
      });
      const order = await orderDetailAs(ctx, rider, orderId);
      expect(order.number).toMatch(/^BC-\d{6,}$/);
      expect(order.fulfilment).toEqual({
        method: 'delivery',
        address: {
          name: 'Ada Rider',
          phone: '+12125550123',
          line1: '350 Fifth Avenue',
          line2: 'Floor 2',
          city: 'New York',
          region: 'NY',
          postalCode: '10118',
          country: 'US',
        },
        location: null,
        state: 'Unfulfilled',
        carrier: null,
        trackingNumber: null,
        trackingUrl: null,
        readyBy: null,
      });
      expect(order.events.map((e) => e.type)).toEqual(['placed']);
      const book = await bookOf(rider);
      expect(book).toHaveLength(1);
      expect(book[0]).toMatchObject({ line1: '350 Fifth Avenue', isDefault: true });

      // The same address again is not saved twice.
      await placeOrderOk(ctx, rider, (await createProduct(ctx)).id, 1, {
        fulfilment: { method: 'delivery', address: usAddress() },
      });
      expect(await bookOf(rider)).toHaveLength(1);
    });

    it('delivers to a saved address, copied so that later edits leave the order as it was', async () => {
      const saved = requireStatus(
        await injectAs(ctx, 'POST', '/api/v1/users/me/addresses', rider.auth, {
          address: usAddress({ line1: '1 Saved Road' }),
        }),
        201,
        'address',
      ).json<{ data: Address }>().data;
      const { orderId } = await placeOrderOk(ctx, rider, productId, 1, {
        fulfilment: { method: 'delivery', addressId: saved._id },
      });
      await injectAs(ctx, 'PUT', `/api/v1/users/me/addresses/${saved._id}`, rider.auth, {
        address: usAddress({ line1: '2 Moved Road' }),
      });
      expect((await orderDetailAs(ctx, rider, orderId)).fulfilment.address?.line1).toBe(
        '1 Saved Road',
      );

      // Another customer's saved address cannot be used.
      const other = await createUser(ctx);
      const res = await placeOrder(ctx, other, productId, 1, {
        fulfilment: { method: 'delivery', addressId: saved._id },
      });
      expect(res.statusCode).toBe(404);
    });

    it('is collected from a shop, ready after its lead days', async () => {
      const placedAt = ctx.clock.now().getTime();
      const { orderId } = await placeOrderOk(ctx, rider, productId, 1, {
        fulfilment: { method: 'collect', locationId: shop._id },
      });
      const order = await orderDetailAs(ctx, rider, orderId);
      expect(order.fulfilment).toMatchObject({
        method: 'collect',
        address: null,
        location: { _id: shop._id, name: shop.name, hours: shop.hours, leadDays: 3 },
        state: 'Unfulfilled',
      });
      expect(Date.parse(order.fulfilment.readyBy ?? '')).toBe(placedAt + 3 * DAY_MS);
    });

    it('is placed without fulfilment by other clients, with method null', async () => {
      const { orderId } = await placeOrderOk(ctx, rider, productId, 1);
      const order = await orderDetailAs(ctx, rider, orderId);
      expect(order.fulfilment).toMatchObject({
        method: null,
        address: null,
        location: null,
        state: 'Unfulfilled',
      });
      expect(order.payableUntil).not.toBeNull();
    });

    it.each([
      {
        why: 'a bad postal code',
        fulfilment: { method: 'delivery', address: usAddress({ postalCode: 'ABCDE' }) },
        path: 'body.fulfilment.address.postalCode',
      },
      {
        why: 'a bad phone number',
        fulfilment: { method: 'delivery', address: usAddress({ phone: '12' }) },
        path: 'body.fulfilment.address.phone',
      },
      {
        why: 'delivery without an address',
        fulfilment: { method: 'delivery' },
        path: 'body.fulfilment.address',
      },
      {
        why: 'collection without a shop',
        fulfilment: { method: 'collect' },
        path: 'body.fulfilment.locationId',
      },
      {
        why: 'an unknown method',
        fulfilment: { method: 'drone' },
        path: 'body.fulfilment.method',
      },
    ])('refuses $why (400 at $path) and reserves nothing', async ({ fulfilment, path }) => {
      const res = await placeOrder(ctx, rider, productId, 1, { fulfilment });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().details?.map((d) => d.path)).toContain(path);
      expect(await listOrdersAs(ctx, rider)).toEqual([]);
    });

    it('refuses a shop that is unknown or was removed (404)', async () => {
      await injectAs(ctx, 'DELETE', `/api/v1/locations/${shop._id}`, admin.auth);
      const res = await placeOrder(ctx, rider, productId, 1, {
        fulfilment: { method: 'collect', locationId: shop._id },
      });
      expect(res.statusCode).toBe(404);
      expect(await listOrdersAs(ctx, rider)).toEqual([]);
    });
  });

  describe('GET /orders/:orderId', () => {
    it('finds an order by its _id or its number, for its owner and the admin only', async () => {
      const { orderId } = await placeOrderOk(ctx, rider, productId, 1);
      const byId = await orderDetailAs(ctx, rider, orderId);
      const byNumber = await orderDetailAs(ctx, rider, byId.number);
      expect(byNumber._id).toBe(orderId);
      expect((await orderDetailAs(ctx, admin, byId.number.toLowerCase()))._id).toBe(orderId);

      const other = await createUser(ctx);
      expect((await getOrderAs(ctx, other, orderId)).statusCode).toBe(404);
      expect((await getOrderAs(ctx, other, byId.number)).statusCode).toBe(404);
      expect((await getOrderAs(ctx, rider, 'BC-999999')).statusCode).toBe(404);
      expect((await getOrderAs(ctx, rider, 'order-1')).statusCode).toBe(400);
      expect((await getAs(ctx, `/api/v1/orders/${orderId}`)).statusCode).toBe(401);
    });

    it('numbers orders one after another, and the list shows the numbers', async () => {
      const first = await placeOrderOk(ctx, rider, productId, 1);
      ctx.clock.advance(1000);
      const second = await placeOrderOk(ctx, rider, (await createProduct(ctx)).id, 1);
      const numbers = await Promise.all(
        [first, second].map(
          async ({ orderId }) => (await orderDetailAs(ctx, rider, orderId)).number,
        ),
      );
      const [a, b] = numbers.map((n) => Number(n.slice(3)));
      expect(b).toBeGreaterThan(a ?? Infinity);
      const listed = await listOrdersAs(ctx, rider);
      expect(listed.map((o) => o.number)).toEqual([numbers[1], numbers[0]]);
    });
  });

  describe('the customer names where an order goes', () => {
    it('adds an address to an order placed without one, and cannot change it once shipped', async () => {
      const orderId = await placePaidOrder(ctx, rider, productId);
      const res = await patchFulfilmentAs(ctx, rider, orderId, { address: usAddress() });
      expect(res.statusCode).toBe(200);
      const order = res.json<{ data: OrderDetail }>().data;
      expect(order.fulfilment).toMatchObject({ method: 'delivery', state: 'Unfulfilled' });
      expect(order.events.map((e) => e.type)).toEqual(['placed', 'paid', 'address_added']);
      expect(order.events.at(-1)?.note).toContain('350 Fifth Avenue');

      // Changed to collection: the address goes, the shop comes.
      const moved = await patchFulfilmentAs(ctx, rider, orderId, { locationId: shop._id });
      expect(moved.json<{ data: Order }>().data.fulfilment).toMatchObject({
        method: 'collect',
        address: null,
        location: { _id: shop._id },
      });
      await patchFulfilmentAs(ctx, rider, orderId, { address: usAddress() });

      await patchFulfilmentAs(ctx, admin, orderId, {
        state: 'Shipped',
        carrier: 'UPS',
        trackingNumber: '1Z999',
      });
      const locked = await patchFulfilmentAs(ctx, rider, orderId, { locationId: shop._id });
      expect(locked.statusCode).toBe(409);
      expect(locked.json<ErrorBody>().code).toBe('FULFILMENT_LOCKED');
    });

    it('refuses no destination, several at once, a state from the customer and bad input', async () => {
      const { orderId } = await placeOrderOk(ctx, rider, productId, 1);
      expect((await patchFulfilmentAs(ctx, rider, orderId, {})).statusCode).toBe(400);
      expect(
        (
          await patchFulfilmentAs(ctx, rider, orderId, {
            address: usAddress(),
            locationId: shop._id,
          })
        ).statusCode,
      ).toBe(400);
      expect((await patchFulfilmentAs(ctx, rider, orderId, { state: 'Shipped' })).statusCode).toBe(
        403,
      );
      const bad = await patchFulfilmentAs(ctx, rider, orderId, {
        address: usAddress({ postalCode: '1' }),
      });
      expect(bad.json<ErrorBody>().details?.map((d) => d.path)).toEqual([
        'body.address.postalCode',
      ]);
      const other = await createUser(ctx);
      expect(
        (await patchFulfilmentAs(ctx, other, orderId, { locationId: shop._id })).statusCode,
      ).toBe(404);
      expect(await orderEventsOf(ctx, orderId)).toEqual(['placed']);
    });
  });

  describe('the store moves an order on (PATCH /orders/:orderId/fulfilment)', () => {
    it('ships a delivery order with its tracking, then delivers it: Completed, an event and a mail each', async () => {
      const orderId = await placePaidOrder(ctx, rider, productId, {
        fulfilment: { method: 'delivery', address: usAddress() },
      });
      const shipped = await patchFulfilmentAs(ctx, admin, orderId, {
        state: 'Shipped',
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      });
      expect(shipped.statusCode).toBe(200);
      expect(shipped.json<{ data: Order }>().data).toMatchObject({
        status: 'Ongoing',
        fulfilment: {
          state: 'Shipped',
          carrier: 'UPS',
          trackingNumber: '1Z999AA10123456784',
          trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        },
      });
      const delivered = await patchFulfilmentAs(ctx, admin, orderId, { state: 'Delivered' });
      const order = delivered.json<{ data: OrderDetail }>().data;
      expect(order).toMatchObject({ status: 'Completed', fulfilment: { state: 'Delivered' } });
      expect(order.events.map((e) => e.type)).toEqual(['placed', 'paid', 'shipped', 'delivered']);
      expect(order.events[2]?.note).toBe('UPS 1Z999AA10123456784');

      const mails = await mailsOf(orderId);
      expect(mails.map((m) => m.kind)).toEqual(['order-paid', 'order-shipped', 'order-delivered']);
      for (const mail of mails) {
        expect(mail.subject).toContain(order.number);
        expect(mail.text).toContain(`/orders/${order.number}`);
      }
      expect(mails[1]?.text).toContain('Tracking number: 1Z999AA10123456784');
      expect(mails[1]?.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    });

    it('makes a collect order ready, then collected: Completed, an event and a mail each', async () => {
      const orderId = await placePaidOrder(ctx, rider, productId, {
        fulfilment: { method: 'collect', locationId: shop._id },
      });
      const ready = await patchFulfilmentAs(ctx, admin, orderId, {
        state: 'ReadyForCollection',
      });
      expect(ready.json<{ data: Order }>().data).toMatchObject({
        status: 'Ongoing',
        fulfilment: { state: 'ReadyForCollection' },
      });
      const collected = await patchFulfilmentAs(ctx, admin, orderId, { state: 'Collected' });
      const order = collected.json<{ data: OrderDetail }>().data;
      expect(order).toMatchObject({ status: 'Completed', fulfilment: { state: 'Collected' } });
      expect(order.events.map((e) => e.type)).toEqual(['placed', 'paid', 'ready', 'collected']);
      const mails = await mailsOf(orderId);
      expect(mails.map((m) => m.kind)).toEqual(['order-paid', 'order-ready', 'order-collected']);
      expect(mails[1]?.text).toContain(`Collect it at ${shop.name}`);
      expect(mails[1]?.text).toContain(shop.hours);
      expect(mails.every((m) => m.subject.includes(order.number))).toBe(true);
    });

    it('refuses moves that do not fit the order, changing nothing', async () => {
      const delivery = await placePaidOrder(ctx, rider, productId, {
        fulfilment: { method: 'delivery', address: usAddress() },
      });
      const collect = await placePaidOrder(ctx, rider, (await createProduct(ctx)).id, {
        fulfilment: { method: 'collect', locationId: shop._id },
      });
      const without = await placePaidOrder(ctx, rider, (await createProduct(ctx)).id);
      const { orderId: unpaid } = await placeOrderOk(ctx, rider, (await createProduct(ctx)).id, 1, {
        fulfilment: { method: 'delivery', address: usAddress() },
      });
      const ship = { state: 'Shipped', carrier: 'DHL', trackingNumber: 'JD0001' };

      const refusals: [string, object, number, string?][] = [
        [collect, ship, 409, 'FULFILMENT_METHOD_MISMATCH'],
        [delivery, { state: 'ReadyForCollection' }, 409, 'FULFILMENT_METHOD_MISMATCH'],
        [delivery, { state: 'Collected' }, 409, 'FULFILMENT_METHOD_MISMATCH'],
        [collect, { state: 'Delivered' }, 409, 'FULFILMENT_METHOD_MISMATCH'],
        [unpaid, ship, 409, 'ORDER_NOT_PAID'],
        [without, ship, 409, 'FULFILMENT_METHOD_MISSING'],
        [without, { state: 'ReadyForCollection' }, 409, 'FULFILMENT_METHOD_MISSING'],
        [delivery, { state: 'Delivered' }, 409, 'FULFILMENT_MOVE_NOT_ALLOWED'],
        [collect, { state: 'Collected' }, 409, 'FULFILMENT_MOVE_NOT_ALLOWED'],
        [delivery, { state: 'Unfulfilled' }, 409, 'FULFILMENT_MOVE_NOT_ALLOWED'],
        [delivery, { state: 'Shipped', carrier: 'DHL' }, 400],
        [delivery, { state: 'Shipped', trackingNumber: 'JD0001' }, 400],
        [delivery, { ...ship, trackingUrl: 'javascript:alert(1)' }, 400],
        [delivery, { carrier: 'DHL' }, 400],
      ];
      for (const [orderId, body, status, code] of refusals) {
        const res = await patchFulfilmentAs(ctx, admin, orderId, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        if (code) expect(res.json<ErrorBody>().code, JSON.stringify(body)).toBe(code);
      }
      for (const orderId of [delivery, collect, without, unpaid]) {
        const order = await orderDetailAs(ctx, admin, orderId);
        expect(order.fulfilment.state).toBe('Unfulfilled');
        expect(order.events.map((e) => e.type)).not.toContain('shipped');
        expect((await mailsOf(orderId)).map((m) => m.kind)).not.toContain('order-shipped');
      }

      // A cancelled order does not move either; the status select keeps working beside it.
      expect((await setStatusAs(ctx, admin, delivery, 'Cancelled')).statusCode).toBe(200);
      const cancelled = await patchFulfilmentAs(ctx, admin, delivery, ship);
      expect(cancelled.json<ErrorBody>().code).toBe('ORDER_CANCELLED');
    });

    it('moves an order once when two admins ship it at once', async () => {
      const orderId = await placePaidOrder(ctx, rider, productId, {
        fulfilment: { method: 'delivery', address: usAddress() },
      });
      const ship = { state: 'Shipped', carrier: 'DHL', trackingNumber: 'JD0001' };
      const results = await Promise.all(
        Array.from({ length: 5 }, () => patchFulfilmentAs(ctx, admin, orderId, ship)),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
      expect((await orderEventsOf(ctx, orderId)).filter((t) => t === 'shipped')).toHaveLength(1);
      expect((await mailsOf(orderId)).filter((m) => m.kind === 'order-shipped')).toHaveLength(1);
    });
  });

  describe('GET /orders for the store: filters and the search by number', () => {
    it('narrows by status, payment, method, state and shop, and finds an order by its number', async () => {
      const other = await createLocationAs(ctx, admin, { name: 'Second Shop' });
      const atShop = await placePaidOrder(ctx, rider, productId, {
        fulfilment: { method: 'collect', locationId: shop._id },
      });
      const atOther = await placePaidOrder(ctx, rider, (await createProduct(ctx)).id, {
        fulfilment: { method: 'collect', locationId: other._id },
      });
      const delivered = await placePaidOrder(ctx, rider, (await createProduct(ctx)).id, {
        fulfilment: { method: 'delivery', address: usAddress() },
      });
      const { orderId: unpaid } = await placeOrderOk(ctx, rider, (await createProduct(ctx)).id);
      await patchFulfilmentAs(ctx, admin, atShop, { state: 'ReadyForCollection' });
      await patchFulfilmentAs(ctx, admin, delivered, {
        state: 'Shipped',
        carrier: 'UPS',
        trackingNumber: '1Z1',
      });

      const ids = async (query: string) =>
        (await listOrdersAs(ctx, admin, query)).map((o) => o._id).sort();
      const sorted = (...list: string[]) => [...list].sort();
      expect(await ids('?method=collect')).toEqual(sorted(atShop, atOther));
      expect(await ids('?method=delivery')).toEqual([delivered]);
      expect(await ids('?method=none')).toEqual([unpaid]);
      expect(await ids(`?locationId=${shop._id}`)).toEqual([atShop]);
      expect(await ids('?state=ReadyForCollection')).toEqual([atShop]);
      expect(await ids('?state=Shipped&method=delivery')).toEqual([delivered]);
      expect(await ids('?paymentStatus=Pending')).toEqual([unpaid]);
      expect(await ids('?status=Ongoing')).toEqual(sorted(atShop, delivered));
      expect(await ids('?status=Ongoing&paymentStatus=Pending')).toEqual([]);

      const number = (await orderDetailAs(ctx, admin, atOther)).number;
      expect(await ids(`?searchTerm=${number}`)).toEqual([atOther]);
      expect(await ids(`?searchTerm=${number.toLowerCase()}`)).toEqual([atOther]);
      expect(await ids(`?searchTerm=${number.slice(3)}`)).toEqual([atOther]);
      // The customer's own list takes the filters too, but never shows another's orders.
      const stranger = await createUser(ctx);
      expect(await listOrdersAs(ctx, stranger, `?searchTerm=${number}`)).toEqual([]);

      for (const bad of ['?method=drone', '?state=Lost', '?locationId=abc', '?status=Done']) {
        expect((await getAs(ctx, `/api/v1/orders${bad}`, admin.auth)).statusCode).toBe(400);
      }
    });
  });
});
