import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { AddressInput } from '#shared/contract/address.ts';
import type { Location, LocationBody } from '#shared/contract/location.ts';
import type { Order, OrderDetail, OrderEventType, Verification } from '#shared/contract/order.ts';
import { orderEvents, orders, products, sandboxSessions } from '../db/schema.ts';
import { runOrderSweep } from '../modules/orders/order-sweep.ts';
import { recordOutcome } from '../payments/sandbox.repository.ts';
import { getAs, injectAs, requireStatus } from './accounts-helpers.ts';
import type { TestUser } from './fixtures.ts';
import type { TestContext } from './test-app.ts';

export const SUCCESS_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

/** An expiry date a year after the test clock's now, as MM/YY. */
export function futureExpiry(ctx: TestContext): string {
  const d = ctx.clock.now();
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String((d.getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
}

export function placeOrder(
  ctx: TestContext,
  user: TestUser,
  product: string,
  quantity = 1,
  extra: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return injectAs(ctx, 'POST', '/api/v1/orders/order/create', user.auth, {
    product,
    quantity,
    ...extra,
  });
}

/** Places an order that must succeed; returns the checkout URL and the new order's id. */
export async function placeOrderOk(
  ctx: TestContext,
  user: TestUser,
  product: string,
  quantity = 1,
  extra: Record<string, unknown> = {},
): Promise<{ url: string; orderId: string }> {
  const res = requireStatus(await placeOrder(ctx, user, product, quantity, extra), 201, 'order');
  const url = res.json<{ data: string }>().data;
  const [row] = await ctx.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.checkoutUrl, url))
    .limit(1);
  if (!row) throw new Error('order not found by its checkout URL');
  return { url, orderId: row.id };
}

/** The path part of an absolute URL, for app.inject. */
export function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

export function submitSandbox(
  ctx: TestContext,
  checkoutUrl: string,
  form: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: pathOf(checkoutUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

export function payWithCard(ctx: TestContext, checkoutUrl: string, cardNumber = SUCCESS_CARD) {
  return submitSandbox(ctx, checkoutUrl, {
    cardNumber,
    expiry: futureExpiry(ctx),
    cvc: '123',
    action: 'pay',
  });
}

export function verify(
  ctx: TestContext,
  user: TestUser,
  orderId: string,
): Promise<LightMyRequestResponse> {
  return getAs(ctx, `/api/v1/orders/order/verify?order_id=${orderId}`, user.auth);
}

export async function verifyOk(
  ctx: TestContext,
  user: TestUser,
  orderId: string,
): Promise<Verification> {
  const res = requireStatus(await verify(ctx, user, orderId), 200, 'verify');
  const [first] = res.json<{ data: Verification[] }>().data;
  if (!first) throw new Error('verify answered no data');
  return first;
}

export async function listOrdersAs(ctx: TestContext, user: TestUser, query = ''): Promise<Order[]> {
  const res = requireStatus(await getAs(ctx, `/api/v1/orders${query}`, user.auth), 200, 'list');
  return res.json<{ data: Order[] }>().data;
}

export async function orderAs(ctx: TestContext, user: TestUser, orderId: string): Promise<Order> {
  const found = (await listOrdersAs(ctx, user, '?limit=100')).find((o) => o._id === orderId);
  if (!found) throw new Error('order not in the list');
  return found;
}

/** An order's status and payment status as its owner sees them, written "status / payment". */
export async function stateOf(ctx: TestContext, user: TestUser, orderId: string): Promise<string> {
  const order = await orderAs(ctx, user, orderId);
  return `${order.status} / ${order.paymentStatus}`;
}

export async function stockOf(ctx: TestContext, productId: string): Promise<number> {
  const [row] = await ctx.database.db.select().from(products).where(eq(products.id, productId));
  if (!row) throw new Error('product not found');
  return row.quantity;
}

export async function orderRow(ctx: TestContext, orderId: string) {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error('order not found');
  return row;
}

/** PATCH /orders/:orderId/cancel as `user` (a customer cancels their own unpaid order). */
export function cancelAs(
  ctx: TestContext,
  user: TestUser,
  orderId: string,
): Promise<LightMyRequestResponse> {
  return patchOrderAs(ctx, user, orderId, 'cancel');
}

/** PATCH /orders/:orderId/status as `user` (an admin moves the order on). */
export function setStatusAs(
  ctx: TestContext,
  user: TestUser,
  orderId: string,
  status: string,
): Promise<LightMyRequestResponse> {
  return patchOrderAs(ctx, user, orderId, 'status', { status });
}

function patchOrderAs(
  ctx: TestContext,
  user: TestUser,
  orderId: string,
  action: 'cancel' | 'status',
  payload?: object,
): Promise<LightMyRequestResponse> {
  return injectAs(ctx, 'PATCH', `/api/v1/orders/${orderId}/${action}`, user.auth, payload);
}

/** One pass of the periodic sweep, as any instance runs it. */
export function sweepOnce(ctx: TestContext) {
  return runOrderSweep(ctx.app.deps);
}

/** When the sandbox provider refunded the order's payment, or null. */
export async function refundedAtProvider(ctx: TestContext, orderId: string): Promise<Date | null> {
  const [session] = await ctx.database.db
    .select({ refundedAt: sandboxSessions.refundedAt })
    .from(sandboxSessions)
    .where(eq(sandboxSessions.orderId, orderId));
  if (!session) throw new Error('no sandbox session');
  return session.refundedAt;
}

/**
 * Records a card payment's outcome on the order's sandbox session, as the page's POST does (also
 * for apps whose provider is wrapped and whose page is not mounted); the order moves on the next
 * verify.
 */
export async function recordSandboxOutcome(
  ctx: TestContext,
  orderId: string,
  outcome: 'Success' | 'Failed' = 'Success',
): Promise<void> {
  const row = await orderRow(ctx, orderId);
  if (!row.providerSessionId) throw new Error('the order has no checkout');
  const last4 = outcome === 'Success' ? '4242' : '0002';
  await recordOutcome(ctx.database.db, row.providerSessionId, outcome, last4, ctx.clock.now());
}

/** The types of the order's timeline entries, oldest first. */
export async function orderEventsOf(ctx: TestContext, orderId: string): Promise<OrderEventType[]> {
  const rows = await ctx.database.db
    .select({ type: orderEvents.type })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  return rows.map((r) => r.type);
}

/** GET /orders/:orderId (an `_id` or a number) as `user`. */
export function getOrderAs(
  ctx: TestContext,
  user: TestUser,
  ref: string,
): Promise<LightMyRequestResponse> {
  return getAs(ctx, `/api/v1/orders/${encodeURIComponent(ref)}`, user.auth);
}

export async function orderDetailAs(
  ctx: TestContext,
  user: TestUser,
  ref: string,
): Promise<OrderDetail> {
  const res = requireStatus(await getOrderAs(ctx, user, ref), 200, 'order detail');
  return res.json<{ data: OrderDetail }>().data;
}

/** POST /orders/:orderId/pay as `user`: a new checkout of the same order. */
export function payLaterAs(
  ctx: TestContext,
  user: TestUser,
  ref: string,
  body: object = {},
): Promise<LightMyRequestResponse> {
  return injectAs(ctx, 'POST', `/api/v1/orders/${encodeURIComponent(ref)}/pay`, user.auth, body);
}

/** PATCH /orders/:orderId/fulfilment as `user`. */
export function patchFulfilmentAs(
  ctx: TestContext,
  user: TestUser,
  ref: string,
  body: object,
): Promise<LightMyRequestResponse> {
  return injectAs(
    ctx,
    'PATCH',
    `/api/v1/orders/${encodeURIComponent(ref)}/fulfilment`,
    user.auth,
    body,
  );
}

/** A valid address in the United States, with fields the test may change. */
export function usAddress(overrides: Partial<AddressInput> = {}): AddressInput {
  return {
    name: 'Ada Rider',
    phone: '(212) 555-0123',
    line1: '350 Fifth Avenue',
    line2: 'Floor 2',
    city: 'New York',
    region: 'NY',
    postalCode: '10118',
    country: 'US',
    ...overrides,
  };
}

/** Adds a shop as `admin` through the API. */
export async function createLocationAs(
  ctx: TestContext,
  admin: TestUser,
  overrides: Partial<LocationBody> = {},
): Promise<Location> {
  const body: LocationBody = {
    name: 'Test Cycles Downtown',
    address: usAddress({ name: 'Test Cycles Downtown', line2: null }),
    hours: 'Mon-Sat 09:00-18:00',
    leadDays: 3,
    ...overrides,
  };
  const res = requireStatus(
    await injectAs(ctx, 'POST', '/api/v1/locations', admin.auth, body),
    201,
    'location',
  );
  return res.json<{ data: Location }>().data;
}

/** Places an order and pays it with the success card; returns its id. */
export async function placePaidOrder(
  ctx: TestContext,
  user: TestUser,
  product: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const { url, orderId } = await placeOrderOk(ctx, user, product, 1, extra);
  requireStatus(await payWithCard(ctx, url), 303, 'payment');
  return orderId;
}
