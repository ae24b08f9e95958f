import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { addressLine, type PostalAddress } from '#shared/contract/address.ts';
import type {
  BankStatus,
  FulfilmentMethod,
  FulfilmentState,
  OrderEventType,
  OrderListQuery,
  OrderStatus,
  PaymentStatus,
} from '#shared/contract/order.ts';
import { formatOrderNumber } from '#shared/contract/order.ts';
import type { OrderSizeProblem } from '#shared/rules/sizes.ts';
import type { Executor } from '#server/db/client.ts';
import { containing } from '#server/db/like.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { lockUserAndCount } from '#server/db/queries.ts';
import { locations, orders, productSizes, products, users } from '#server/db/schema.ts';
import { enqueueOrderMail, type OrderMailEvent } from '../mail/outbox.ts';
import { setStockContext } from '../products/stock-ledger.context.ts';
import { recordOrderEvent } from './order-events.repository.ts';

export type OrderRow = typeof orders.$inferSelect;

/** An order with the product, buyer and shop it is shown with. */
export interface OrderView {
  order: OrderRow;
  product: { id: string; name: string; brand: string; imageKey: string | null };
  user: { id: string; name: string; email: string };
  location: {
    id: string;
    name: string;
    address: PostalAddress;
    hours: string;
    leadDays: number;
  } | null;
}

/** Where an order goes, as it is written on the order. */
export type Destination =
  | { method: null }
  | { method: 'delivery'; address: PostalAddress }
  | { method: 'collect'; locationId: string; readyBy: Date };

function destinationColumns(destination: Destination) {
  return {
    fulfilmentMethod: destination.method,
    deliveryAddress: destination.method === 'delivery' ? destination.address : null,
    locationId: destination.method === 'collect' ? destination.locationId : null,
    readyBy: destination.method === 'collect' ? destination.readyBy : null,
  };
}

/** Unpaid, not cancelled, and created after `payableFrom`: the shopper may still pay it. */
function payableSince(payableFrom: Date): SQL[] {
  return [
    eq(orders.paymentStatus, 'Pending'),
    ne(orders.status, 'Cancelled'),
    gt(orders.createdAt, payableFrom),
  ];
}

type ReserveResult =
  | { ok: true; order: OrderRow; productName: string }
  | { ok: false; reason: 'unpaid-exists'; open: { id: string; number: number } }
  | {
      ok: false;
      reason: 'not-found' | 'no-stock' | 'too-many-unpaid' | OrderSizeProblem;
    };

/** The product has sizes: its stock lives in product_sizes (decision 011). */
const hasSizes = (productId: SQL | string) =>
  sql`exists (select 1 from ${productSizes} where ${productSizes.productId} = ${productId})`;

/**
 * Takes `quantity` units of one size with the conditional update, after locking the product row:
 * product first, then size, the order every writer of a sized product takes its locks in
 * (decision 011).
 */
async function reserveSize(
  tx: Executor,
  productId: string,
  size: string,
  quantity: number,
): Promise<{ priceCents: number; name: string } | undefined> {
  const [product] = await tx
    .select({ priceCents: products.priceCents, name: products.name })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .for('update');
  if (!product) return undefined;
  const taken = await tx
    .update(productSizes)
    .set({ quantity: sql`${productSizes.quantity} - ${quantity}` })
    .where(
      and(
        eq(productSizes.productId, productId),
        eq(productSizes.label, size),
        sql`${productSizes.quantity} >= ${quantity}`,
      ),
    )
    .returning({ quantity: productSizes.quantity });
  return taken.length > 0 ? product : undefined;
}

/** Takes units of a one-size product; a product given sizes meanwhile is refused, not raised. */
async function reserveOneSize(
  tx: Executor,
  productId: string,
  quantity: number,
): Promise<{ priceCents: number; name: string } | undefined> {
  const [reserved] = await tx
    .update(products)
    .set({ quantity: sql`${products.quantity} - ${quantity}` })
    .where(
      and(
        eq(products.id, productId),
        sql`${products.quantity} >= ${quantity}`,
        isNull(products.deletedAt),
        sql`not ${hasSizes(sql`${products.id}`)}`,
      ),
    )
    .returning({ priceCents: products.priceCents, name: products.name });
  return reserved;
}

/** Locks the product row: every writer of a sized product's stock takes it first (decision 011). */
async function lockProduct(tx: Executor, productId: string): Promise<void> {
  await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
}

/**
 * The label of a product's only size, or null when it has none or several, read under the product's
 * lock so the sizes cannot change before it is reserved. A client that knows nothing of sizes (the
 * spec's own sends `{product, quantity}`) can still buy such a bicycle.
 */
async function onlySizeOf(tx: Executor, productId: string): Promise<string | null> {
  await lockProduct(tx, productId);
  const labels = await tx
    .select({ label: productSizes.label })
    .from(productSizes)
    .where(eq(productSizes.productId, productId))
    .limit(2);
  return labels.length === 1 ? (labels[0]?.label ?? null) : null;
}

/**
 * Takes the units: of the size named, or with none named, of a one-size product or else of the
 * only size of a product that has just one. The one-size product is tried first, so its order
 * stays one statement. Answers the size the order is for.
 */
async function reserve(
  tx: Executor,
  productId: string,
  size: string | null,
  quantity: number,
): Promise<{ priceCents: number; name: string; size: string | null } | undefined> {
  if (size === null) {
    const oneSize = await reserveOneSize(tx, productId, quantity);
    if (oneSize) return { ...oneSize, size: null };
  }
  const label = size ?? (await onlySizeOf(tx, productId));
  if (label === null) return undefined;
  const reserved = await reserveSize(tx, productId, label, quantity);
  return reserved && { ...reserved, size: label };
}

/** Why a reservation took nothing: the product is gone, the size does not suit it, or no stock. */
async function whyNotReserved(
  tx: Executor,
  productId: string,
  size: string | null,
): Promise<'not-found' | 'no-stock' | OrderSizeProblem> {
  const [live] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .limit(1);
  if (!live) return 'not-found';
  const labels = await tx
    .select({ label: productSizes.label })
    .from(productSizes)
    .where(eq(productSizes.productId, productId));
  if (size === null) return labels.length > 1 ? 'size-required' : 'no-stock';
  if (labels.length === 0) return 'one-size';
  return labels.some((l) => l.label === size) ? 'no-stock' : 'unknown-size';
}

/**
 * Takes the units from stock and writes the order in one short transaction. The decrement is
 * conditional, so concurrent buyers can never take more than there is. The buyer's row is locked
 * first, so one customer's concurrent orders are counted one after another against the limit of
 * unpaid orders (READ COMMITTED: the count after the lock sees every order committed before it).
 */
export async function reserveStockAndCreateOrder(
  db: Executor,
  input: {
    userId: string;
    productId: string;
    /** The size's label; null for a one-size product, or for the only size of a product with one. */
    size: string | null;
    quantity: number;
    provider: string;
    maxUnpaid: number;
    destination: Destination;
    /** Orders created after this are still inside their payment window. */
    payableFrom: Date;
    now: Date;
  },
): Promise<ReserveResult> {
  return inTransaction(db, async (tx) => {
    const unpaid = await lockUserAndCount(
      tx,
      input.userId,
      orders,
      orders.userId,
      eq(orders.paymentStatus, 'Pending'),
      ne(orders.status, 'Cancelled'),
    );
    // The same bicycle and size still payable: the shopper is offered that order to finish. No
    // size named means a one-size bicycle or one with a single size: any order of it matches.
    const [open] = await tx
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .where(
        and(
          eq(orders.userId, input.userId),
          eq(orders.productId, input.productId),
          input.size === null ? undefined : eq(orders.size, input.size),
          ...payableSince(input.payableFrom),
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(1);
    if (open) return { ok: false, reason: 'unpaid-exists', open };
    if (unpaid >= input.maxUnpaid) return { ok: false, reason: 'too-many-unpaid' };

    // The order's id is chosen here, so the stock ledger's line names the order it reserves for.
    const orderId = randomUUID();
    await setStockContext(tx, { reason: 'order', orderId, actorId: input.userId });
    const reserved = await reserve(tx, input.productId, input.size, input.quantity);
    if (!reserved)
      return { ok: false, reason: await whyNotReserved(tx, input.productId, input.size) };
    const [order] = await tx
      .insert(orders)
      .values({
        id: orderId,
        userId: input.userId,
        productId: input.productId,
        size: reserved.size,
        quantity: input.quantity,
        unitPriceCents: reserved.priceCents,
        totalCents: reserved.priceCents * input.quantity,
        provider: input.provider,
        ...destinationColumns(input.destination),
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!order) throw new Error('order insert returned nothing');
    await recordOrderEvent(tx, order.id, 'placed', input.now);
    return { ok: true, order, productName: reserved.name };
  });
}

/**
 * Points the order at the checkout session of its payment attempt `attempt`, and forgets the
 * previous session's answer: verify then reports on the new session. A newer attempt wins.
 */
export async function attachCheckout(
  db: Executor,
  orderId: string,
  attempt: number,
  checkout: { sessionId: string; url: string },
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({
      providerSessionId: checkout.sessionId,
      checkoutUrl: checkout.url,
      transactionId: null,
      bankStatus: null,
      paymentMethod: null,
      transactionAt: null,
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.paymentAttempt, attempt),
        eq(orders.paymentStatus, 'Pending'),
      ),
    )
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Takes the order's next payment attempt, if it is still payable and still at the attempt and
 * session the caller saw (and closed): the attempt's number after the update, or undefined. A
 * session attached meanwhile by another caller makes the claim fail, so it is never left open.
 */
export async function claimPaymentAttempt(
  db: Executor,
  orderId: string,
  seen: { attempt: number; sessionId: string | null },
  payableFrom: Date,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(orders)
    .set({ paymentAttempt: sql`${orders.paymentAttempt} + 1`, updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.paymentAttempt, seen.attempt),
        seen.sessionId === null
          ? isNull(orders.providerSessionId)
          : eq(orders.providerSessionId, seen.sessionId),
        ...payableSince(payableFrom),
      ),
    )
    .returning({ attempt: orders.paymentAttempt });
  return row?.attempt;
}

export async function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** The order with this number ("BC-100001" read as 100001). */
export async function findOrderByNumber(
  db: Executor,
  number: number,
): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
  return row;
}

const viewColumns = {
  order: orders,
  product: {
    id: products.id,
    name: products.name,
    brand: products.brand,
    imageKey: products.imageKey,
  },
  user: { id: users.id, name: users.name, email: users.email },
  location: {
    id: locations.id,
    name: locations.name,
    address: locations.address,
    hours: locations.hours,
    leadDays: locations.leadDays,
  },
};

export async function findOrderView(db: Executor, id: string): Promise<OrderView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .where(eq(orders.id, id))
    .limit(1);
  return row;
}

/** The order number a search term names ("BC-100001", "bc100001" or "100001"), if any. */
function numberOf(term: string): number | undefined {
  const match = /^(?:bc-?)?(\d{1,15})$/i.exec(term.trim());
  return match?.[1] ? Number(match[1]) : undefined;
}

function listConditions(
  query: Omit<OrderListQuery, 'page' | 'limit'> & { userId?: string },
): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (query.userId) conditions.push(eq(orders.userId, query.userId));
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.paymentStatus) conditions.push(eq(orders.paymentStatus, query.paymentStatus));
  if (query.method === 'none') conditions.push(isNull(orders.fulfilmentMethod));
  else if (query.method) conditions.push(eq(orders.fulfilmentMethod, query.method));
  if (query.state) conditions.push(eq(orders.fulfilmentState, query.state));
  if (query.locationId) conditions.push(eq(orders.locationId, query.locationId));
  if (query.searchTerm) {
    const pattern = containing(query.searchTerm);
    const number = numberOf(query.searchTerm);
    conditions.push(
      or(
        ilike(products.name, pattern),
        ilike(products.brand, pattern),
        ilike(users.name, pattern),
        ilike(users.email, pattern),
        number === undefined ? undefined : eq(orders.number, number),
      ),
    );
  }
  return conditions;
}

/**
 * Newest first; a customer sees only their own; the filters narrow it; the search spans bicycle,
 * buyer and order number.
 */
export async function listOrders(
  db: Executor,
  query: Omit<OrderListQuery, 'page' | 'limit'> & { userId?: string; page: number; limit: number },
): Promise<{ rows: OrderView[]; total: number }> {
  const where = and(...listConditions(query));
  const rows = await db
    .select({ ...viewColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  if (rows.length > 0) {
    return {
      rows: rows.map(({ order, product, user, location }) => ({ order, product, user, location })),
      total: rows[0]?.total ?? 0,
    };
  }
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where);
  return { rows: [], total: count?.n ?? 0 };
}

/**
 * Writes the customer's mail about a change of the order, in the transaction of the change (only
 * called once the conditional update moved the order). The outbox keeps one mail per order and
 * event, so a retried or raced change never writes a second one.
 */
async function notifyCustomer(
  tx: Executor,
  orderId: string,
  event: OrderMailEvent,
  now: Date,
): Promise<void> {
  const view = await findOrderView(tx, orderId);
  if (!view) return;
  const { order, location } = view;
  await enqueueOrderMail(
    tx,
    event,
    view.user.email,
    {
      orderId,
      number: formatOrderNumber(order.number),
      customerName: view.user.name,
      productName: view.product.name,
      brand: view.product.brand,
      size: order.size,
      quantity: order.quantity,
      totalCents: order.totalCents,
      paid: order.paymentStatus === 'Paid',
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      trackingUrl: order.trackingUrl,
      shop: location
        ? { name: location.name, address: addressLine(location.address), hours: location.hours }
        : null,
    },
    now,
  );
}

/** What a change of the order writes beside it: a timeline entry, and a mail to the customer. */
interface Announcement {
  event?: { type: OrderEventType; note?: string | null };
  mail?: OrderMailEvent;
}

async function announce(
  tx: Executor,
  orderId: string,
  what: Announcement,
  now: Date,
): Promise<void> {
  if (what.event) await recordOrderEvent(tx, orderId, what.event.type, now, what.event.note);
  if (what.mail) await notifyCustomer(tx, orderId, what.mail, now);
}

interface Release {
  productId: string;
  size: string | null;
  quantity: number;
}

/** Why units go back, for the stock ledger: the order, and who cancelled it (none: the shop). */
interface ReleaseCause {
  orderId: string;
  actorId: string | null;
}

/**
 * Gives an order's units back: to its size, or to a one-size product. The product row is locked
 * first (decision 011). A size removed since the order, or a one-size order whose product has
 * since been given sizes, has nowhere to take them back: they are not put anywhere.
 */
async function releaseStock(tx: Executor, release: Release, cause: ReleaseCause): Promise<void> {
  await setStockContext(tx, { reason: 'release', ...cause });
  if (release.size === null) {
    await tx
      .update(products)
      .set({ quantity: sql`${products.quantity} + ${release.quantity}` })
      .where(and(eq(products.id, release.productId), sql`not ${hasSizes(sql`${products.id}`)}`));
    return;
  }
  await lockProduct(tx, release.productId);
  await tx
    .update(productSizes)
    .set({ quantity: sql`${productSizes.quantity} + ${release.quantity}` })
    .where(
      and(eq(productSizes.productId, release.productId), eq(productSizes.label, release.size)),
    );
}

/**
 * Cancels the order if it is still in the expected state, and gives its units back to stock in
 * the same transaction. Returns false when the order had already moved (nothing changes then).
 * An unpaid order ends Failed; a paid one stays Paid, which on a cancelled order means "refund
 * due" until the provider has made it (markRefunded).
 */
export async function cancelAndRelease(
  db: Executor,
  orderId: string,
  expect: { status: OrderStatus | 'any-open'; paymentStatus: 'Pending' | 'Paid' },
  paymentStatus: Extract<PaymentStatus, 'Failed' | 'Paid'>,
  now: Date,
  /** Why, on the timeline: who cancelled, or what failed. */
  note: string | null = null,
  /** Who cancelled, for the stock ledger; null when the shop did (a failed payment). */
  actorId: string | null = null,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [cancelled] = await tx
      .update(orders)
      .set({
        status: 'Cancelled',
        paymentStatus,
        updatedAt: now,
        // The canceller makes the first refund attempt itself (finishClaimedRefund).
        ...(paymentStatus === 'Paid' ? { refundAttemptAt: now } : {}),
      })
      .where(
        and(
          eq(orders.id, orderId),
          expect.status === 'any-open'
            ? ne(orders.status, 'Cancelled')
            : eq(orders.status, expect.status),
          eq(orders.paymentStatus, expect.paymentStatus),
        ),
      )
      .returning({
        productId: orders.productId,
        size: orders.size,
        quantity: orders.quantity,
      });
    if (!cancelled) return false;
    await releaseStock(tx, cancelled, { orderId, actorId });
    await announce(tx, orderId, { event: { type: 'cancelled', note }, mail: 'cancelled' }, now);
    return true;
  });
}

/**
 * Moves the order with one conditional update and, when it moved, writes the customer's mail
 * about it in the same transaction. Returns false when the order was not in the expected state
 * (nothing changes then).
 */
function moveOrder(
  db: Executor,
  orderId: string,
  change: PgUpdateSetSource<typeof orders>,
  expected: (SQL | undefined)[],
  what: Announcement,
  now: Date,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const rows = await tx
      .update(orders)
      .set(change)
      .where(and(eq(orders.id, orderId), ...expected))
      .returning({ id: orders.id });
    if (rows.length === 0) return false;
    await announce(tx, orderId, what, now);
    return true;
  });
}

/** Pending payment -> Paid, once. */
export async function markPaid(db: Executor, orderId: string, paidAt: Date): Promise<boolean> {
  return moveOrder(
    db,
    orderId,
    { paymentStatus: 'Paid', paidAt, updatedAt: paidAt },
    [eq(orders.paymentStatus, 'Pending'), ne(orders.status, 'Cancelled')],
    { event: { type: 'paid' }, mail: 'paid' },
    paidAt,
  );
}

/** A payment attempt the provider refused (a declined card): the order stays payable. */
export async function recordPaymentFailure(
  db: Executor,
  orderId: string,
  note: string,
  now: Date,
): Promise<void> {
  await recordOrderEvent(db, orderId, 'payment_failed', now, note);
}

/** The timeline's texts for moves that are not the customer's or the store's own choice. */
export const EVENT_NOTES = {
  latePayment: 'The payment arrived after the order was cancelled; it is refunded.',
  notPaidInTime: 'Not paid within the payment window.',
} as const;

/**
 * A payment that arrived for an order already cancelled (expired or cancelled while the shopper
 * was still paying) must go back: the order takes the money as due for refund (Cancelled and
 * Paid), once, and the refund is finished like any other (markRefunded). The claimant makes the
 * first attempt.
 */
export async function claimLatePayment(
  db: Executor,
  orderId: string,
  paidAt: Date,
  now: Date,
): Promise<boolean> {
  return moveOrder(
    db,
    orderId,
    { paymentStatus: 'Paid', paidAt, updatedAt: now, refundAttemptAt: now },
    [
      eq(orders.status, 'Cancelled'),
      eq(orders.paymentStatus, 'Failed'),
      or(isNull(orders.bankStatus), eq(orders.bankStatus, 'Success')),
    ],
    { event: { type: 'paid', note: EVENT_NOTES.latePayment } },
    now,
  );
}

const refundDue = sql`${orders.status} = 'Cancelled' AND ${orders.paymentStatus} = 'Paid'`;

/**
 * Takes the next refund attempt of a due refund, unless another finisher started one after
 * `staleBefore` (and may still be waiting for the provider). Only the taker calls the provider.
 */
export async function takeRefundAttempt(
  db: Executor,
  orderId: string,
  now: Date,
  staleBefore: Date,
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ refundAttemptAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        refundDue,
        or(isNull(orders.refundAttemptAt), lt(orders.refundAttemptAt, staleBefore)),
      ),
    )
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Gives an attempt that failed back at once, so the next sweep or verify tries again. */
export async function releaseRefundAttempt(
  db: Executor,
  orderId: string,
  startedAt: Date,
): Promise<void> {
  await db
    .update(orders)
    .set({ refundAttemptAt: null })
    .where(and(eq(orders.id, orderId), refundDue, eq(orders.refundAttemptAt, startedAt)));
}

/** Cancelled and Paid -> Refunded, once, after the provider made the refund. */
export async function markRefunded(db: Executor, orderId: string, now: Date): Promise<boolean> {
  return moveOrder(
    db,
    orderId,
    { paymentStatus: 'Refunded', updatedAt: now },
    [eq(orders.status, 'Cancelled'), eq(orders.paymentStatus, 'Paid')],
    { event: { type: 'refunded' }, mail: 'refunded' },
    now,
  );
}

/**
 * Cancelled orders of this provider whose money has not gone back yet and that no finisher is on
 * (no attempt started after `staleBefore`), a page at a time after the previous page's last id.
 */
export async function findDueRefunds(
  db: Executor,
  provider: string,
  staleBefore: Date,
  limit: number,
  afterId?: string,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        refundDue,
        eq(orders.provider, provider),
        or(isNull(orders.refundAttemptAt), lt(orders.refundAttemptAt, staleBefore)),
        afterId ? gt(orders.id, afterId) : undefined,
      ),
    )
    .orderBy(orders.id)
    .limit(limit);
}

/** The order's transaction comes from the first provider answer that is not Pending. */
export async function fillTransaction(
  db: Executor,
  orderId: string,
  transaction: { id: string; bankStatus: Exclude<BankStatus, 'Pending'>; method: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({
      transactionId: transaction.id,
      bankStatus: transaction.bankStatus,
      paymentMethod: transaction.method,
      transactionAt: transaction.at,
    })
    .where(and(eq(orders.id, orderId), isNull(orders.bankStatus)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Moves an open order to another open status; a cancelled order never moves. */
export async function setOpenStatus(
  db: Executor,
  orderId: string,
  status: Exclude<OrderStatus, 'Cancelled'>,
  now: Date,
): Promise<boolean> {
  // Pending again is an admin's correction, not news for the customer.
  const mail = status === 'Ongoing' ? 'ongoing' : status === 'Completed' ? 'completed' : undefined;
  return moveOrder(
    db,
    orderId,
    { status, updatedAt: now },
    [ne(orders.status, 'Cancelled')],
    mail ? { mail } : {},
    now,
  );
}

export interface ExpiredOrder {
  id: string;
  provider: string;
  providerSessionId: string | null;
}

/** Unpaid orders still open (Pending, or moved on to Ongoing by an admin): what the timeout expires. */
const unpaidAndOpen = sql`${orders.paymentStatus} = 'Pending' AND ${orders.status} IN ('Pending', 'Ongoing')`;

/**
 * Cancels unpaid open orders created before the cutoff and releases their stock. Rows locked by
 * another instance's sweep are skipped, and the conditions are checked again on update, so each
 * order is expired (and its stock released) exactly once. The conditions are the partial index's
 * own (orders_unpaid_open_idx), written out so the planner can match them.
 */
export async function expireUnpaid(
  db: Executor,
  cutoff: Date,
  now: Date,
  batch: number,
): Promise<ExpiredOrder[]> {
  return inTransaction(db, async (tx) => {
    const candidates = tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(unpaidAndOpen, lt(orders.createdAt, cutoff)))
      .orderBy(orders.createdAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    const expired = await tx
      .update(orders)
      .set({ status: 'Cancelled', paymentStatus: 'Failed', updatedAt: now })
      .where(and(inArray(orders.id, candidates), unpaidAndOpen))
      .returning({
        id: orders.id,
        productId: orders.productId,
        size: orders.size,
        quantity: orders.quantity,
        provider: orders.provider,
        providerSessionId: orders.providerSessionId,
      });
    // One release per order (the stock ledger names each), in product order, so two sweeps
    // lock alike.
    const ordered = [...expired].sort(
      (a, b) =>
        a.productId.localeCompare(b.productId) ||
        (a.size ?? '').localeCompare(b.size ?? '') ||
        a.id.localeCompare(b.id),
    );
    for (const row of ordered) await releaseStock(tx, row, { orderId: row.id, actorId: null });
    for (const row of expired) {
      await recordOrderEvent(tx, row.id, 'payment_failed', now, EVENT_NOTES.notPaidInTime);
      await announce(tx, row.id, { event: { type: 'cancelled' }, mail: 'cancelled' }, now);
    }
    return expired.map(({ id, provider, providerSessionId }) => ({
      id,
      provider,
      providerSessionId,
    }));
  });
}

/** The fulfilment state an order must be in for each move, and the event and mail of the move. */
const FULFILMENT_MOVES = {
  ReadyForCollection: { from: 'Unfulfilled', method: 'collect', event: 'ready', mail: 'ready' },
  Shipped: { from: 'Unfulfilled', method: 'delivery', event: 'shipped', mail: 'shipped' },
  Delivered: { from: 'Shipped', method: 'delivery', event: 'delivered', mail: 'delivered' },
  Collected: {
    from: 'ReadyForCollection',
    method: 'collect',
    event: 'collected',
    mail: 'collected',
  },
} as const satisfies Record<
  Exclude<FulfilmentState, 'Unfulfilled'>,
  {
    from: FulfilmentState;
    method: FulfilmentMethod;
    event: OrderEventType;
    mail: OrderMailEvent;
  }
>;
export type FulfilmentMove = keyof typeof FULFILMENT_MOVES;

export function fulfilmentMoveOf(state: FulfilmentMove) {
  return FULFILMENT_MOVES[state];
}

/**
 * Moves a paid, open order's fulfilment on, with one conditional update: only from the state the
 * move starts from, and only for an order of the move's method. Ready and Shipped put a pending
 * order in progress; Delivered and Collected complete it.
 */
export function moveFulfilment(
  db: Executor,
  orderId: string,
  to: FulfilmentMove,
  tracking: { carrier: string; trackingNumber: string; trackingUrl: string | null } | null,
  now: Date,
): Promise<boolean> {
  const move = FULFILMENT_MOVES[to];
  const finished = to === 'Delivered' || to === 'Collected';
  return moveOrder(
    db,
    orderId,
    {
      fulfilmentState: to,
      ...(tracking ?? {}),
      status: finished
        ? 'Completed'
        : sql`CASE WHEN ${orders.status} = 'Pending' THEN 'Ongoing'::order_status ELSE ${orders.status} END`,
      updatedAt: now,
    },
    [
      eq(orders.fulfilmentState, move.from),
      eq(orders.fulfilmentMethod, move.method),
      eq(orders.paymentStatus, 'Paid'),
      ne(orders.status, 'Cancelled'),
    ],
    {
      event: {
        type: move.event,
        note: tracking ? `${tracking.carrier} ${tracking.trackingNumber}` : null,
      },
      mail: move.mail,
    },
    now,
  );
}

/**
 * Sets where an open order goes, while nothing has left or been made ready: the customer's
 * choice, made at checkout or later (an order placed without one).
 */
export function setDestination(
  db: Executor,
  orderId: string,
  destination: Exclude<Destination, { method: null }>,
  note: string,
  now: Date,
): Promise<boolean> {
  return moveOrder(
    db,
    orderId,
    { ...destinationColumns(destination), updatedAt: now },
    [eq(orders.fulfilmentState, 'Unfulfilled'), inArray(orders.status, ['Pending', 'Ongoing'])],
    { event: { type: 'address_added', note } },
    now,
  );
}
