import type { PageMeta } from '#shared/contract/envelope.ts';
import {
  formatOrderNumber,
  ORDER_NUMBER_PATTERN,
  type CreateOrderBody,
  type FulfilmentPatchBody,
  type Order,
  type OrderDetail,
  type OrderListQuery,
  type OrderStatus,
  type PayOrderBody,
  type Verification,
} from '#shared/contract/order.ts';
import { RETURN_URL_MESSAGE } from '#shared/contract/order.ts';
import { sizesMessages } from '#shared/messages/sizes.ts';
import { unpaidOrdersMessages } from '#shared/messages/unpaid-orders.ts';
import { orderSizeMessage } from '#shared/rules/sizes.ts';
import type { Deps } from '#server/deps.ts';
import { AppError, conflict, forbidden, notFound } from '#server/lib/app-error.ts';
import { pageMeta } from '#server/lib/reply.ts';
import { fieldError } from '#server/lib/validation.ts';
import type { AuthUser } from '../auth/current-user.ts';
import { closeReplacedCheckout, startCheckout } from './order-checkout.ts';
import { orderMessages } from './order-messages.ts';
import { listOrderEvents } from './order-events.repository.ts';
import {
  changeDestination,
  resolveDestination,
  type DestinationChoice,
} from './order-destination.ts';
import { syncOrderPayment } from './order-payments.ts';
import { finishClaimedRefund } from './order-refunds.ts';
import {
  isPayable,
  toOrder,
  toOrderEvent,
  toVerification,
  type OrderShowing,
} from './orders.mapper.ts';
import {
  cancelAndRelease,
  claimPaymentAttempt,
  findOrder,
  findOrderByNumber,
  findOrderView,
  fulfilmentMoveOf,
  listOrders,
  moveFulfilment,
  reserveStockAndCreateOrder,
  setOpenStatus,
  type OrderRow,
} from './orders.repository.ts';
import { defaultReturnPage, isAllowedReturnPage } from './return-page.ts';

const orderNotFound = () => notFound(orderMessages.orderNotFound);

/** What every order answer is shown with, as of now. */
function showing(deps: Deps): OrderShowing {
  return {
    urls: deps.imageUrls,
    paymentTimeoutMs: deps.config.payments.timeoutMs,
    now: deps.clock.now(),
  };
}

/** Orders placed after this are still inside their payment window. */
function payableFrom(deps: Deps): Date {
  return new Date(deps.clock.now().getTime() - deps.config.payments.timeoutMs);
}

/** A return page on another origin than the allowed ones would turn checkout into an open redirect. */
function returnPageOf(deps: Deps, returnUrl: string | undefined): string {
  if (returnUrl === undefined) return defaultReturnPage(deps.config);
  if (!isAllowedReturnPage(deps.config, returnUrl)) {
    throw fieldError('body', 'returnUrl', RETURN_URL_MESSAGE);
  }
  return returnUrl;
}

/** The 409 that offers the shopper the open order for the same bicycle instead of a new one. */
function unpaidOrderExists(open: { id: string; number: number }): AppError {
  const number = formatOrderNumber(open.number);
  return new AppError(409, 'UNPAID_ORDER_EXISTS', unpaidOrdersMessages.sameBicycle(number), [
    { path: 'order._id', message: open.id },
    { path: 'order.number', message: number },
  ]);
}

/**
 * Reserves the stock, writes the order, then opens the provider's checkout (outside the
 * transaction). Where the order goes is checked before anything is reserved.
 */
export async function createOrder(
  deps: Deps,
  user: AuthUser,
  body: CreateOrderBody,
): Promise<string> {
  const returnPage = returnPageOf(deps, body.returnUrl);
  const choice: DestinationChoice = body.fulfilment
    ? await resolveDestination(deps, user.id, body.fulfilment)
    : { destination: { method: null } };
  const reserved = await reserveStockAndCreateOrder(deps.db, {
    userId: user.id,
    productId: body.product,
    size: body.size ?? null,
    quantity: body.quantity,
    provider: deps.payments.name,
    maxUnpaid: deps.config.maxUnpaidOrders,
    destination: choice.destination,
    payableFrom: payableFrom(deps),
    now: deps.clock.now(),
  });
  if (!reserved.ok) {
    if (reserved.reason === 'not-found') throw notFound(orderMessages.productNotFound);
    if (reserved.reason === 'unpaid-exists') throw unpaidOrderExists(reserved.open);
    if (reserved.reason === 'too-many-unpaid')
      throw conflict(
        'TOO_MANY_UNPAID_ORDERS',
        unpaidOrdersMessages.tooMany(deps.config.maxUnpaidOrders),
      );
    if (reserved.reason === 'no-stock')
      throw conflict(
        'OUT_OF_STOCK',
        body.size === undefined ? orderMessages.notEnoughStock : sizesMessages.soldOut,
      );
    throw fieldError('body', 'size', orderSizeMessage(reserved.reason));
  }
  const { order, productName } = reserved;
  await choice.remember?.();
  try {
    return await startCheckout(deps, order, 1, productName, returnPage);
  } catch (error) {
    await cancelAndRelease(
      deps.db,
      order.id,
      { status: 'Pending', paymentStatus: 'Pending' },
      'Failed',
      deps.clock.now(),
      orderMessages.providerDown,
    );
    throw error;
  }
}

export async function getOrderPage(
  deps: Deps,
  user: AuthUser,
  query: OrderListQuery,
): Promise<{ data: Order[]; meta: PageMeta }> {
  const { rows, total } = await listOrders(deps.db, {
    ...query,
    ...(user.role === 'admin' ? {} : { userId: user.id }),
  });
  const shown = showing(deps);
  return {
    data: rows.map((view) => toOrder(view, shown)),
    meta: pageMeta(query.page, query.limit, total),
  };
}

/** The order an `_id` or a number ("BC-100001") names. */
function findOrderRef(deps: Deps, ref: string): Promise<OrderRow | undefined> {
  const number = ORDER_NUMBER_PATTERN.exec(ref)?.[1];
  return number === undefined
    ? findOrder(deps.db, ref)
    : findOrderByNumber(deps.db, Number(number));
}

/** The order if this user may see it: its owner or an admin. Anyone else is told it does not exist. */
async function visibleOrder(deps: Deps, user: AuthUser, ref: string): Promise<OrderRow> {
  const order = await findOrderRef(deps, ref);
  if (!order || (user.role !== 'admin' && order.userId !== user.id)) throw orderNotFound();
  return order;
}

async function orderView(deps: Deps, orderId: string): Promise<Order> {
  const view = await findOrderView(deps.db, orderId);
  if (!view) throw orderNotFound();
  return toOrder(view, showing(deps));
}

async function orderDetail(deps: Deps, orderId: string): Promise<OrderDetail> {
  const order = await orderView(deps, orderId);
  const events = await listOrderEvents(deps.db, orderId);
  return { ...order, events: events.map(toOrderEvent) };
}

/** GET /orders/:orderId: one order and its timeline, for its owner or an admin. */
export async function getOrder(deps: Deps, user: AuthUser, ref: string): Promise<OrderDetail> {
  return orderDetail(deps, (await visibleOrder(deps, user, ref)).id);
}

export async function verifyOrder(
  deps: Deps,
  user: AuthUser,
  orderId: string,
): Promise<Verification[]> {
  const order = await syncOrderPayment(deps, await visibleOrder(deps, user, orderId));
  return [toVerification(order, deps.clock.now())];
}

/** Why an order cannot be paid (any more), or undefined while it can. */
function notPayable(deps: Deps, order: OrderRow): AppError | undefined {
  if (order.paymentStatus === 'Paid' || order.paymentStatus === 'Refunded')
    return conflict('ORDER_ALREADY_PAID', orderMessages.alreadyPaid);
  if (order.status === 'Cancelled')
    return conflict('ORDER_CANCELLED', orderMessages.cancelledNotPayable);
  if (!isPayable(order, deps.config.payments.timeoutMs, deps.clock.now()))
    return conflict('PAYMENT_WINDOW_CLOSED', orderMessages.windowClosed);
  return undefined;
}

/**
 * POST /orders/:orderId/pay: a new checkout session for the same order, never a second order or
 * reservation. The provider is asked first whether the current session was paid meanwhile; that
 * session is then closed, so at most one session of an order can take money, and the next attempt
 * is claimed with a conditional update, so two clicks open one session.
 */
export async function payOrder(
  deps: Deps,
  user: AuthUser,
  ref: string,
  body: PayOrderBody,
): Promise<string> {
  if (user.role === 'admin') throw forbidden(orderMessages.adminPay);
  const returnPage = returnPageOf(deps, body?.returnUrl);
  const found = await visibleOrder(deps, user, ref);
  const refusal = notPayable(deps, found);
  if (refusal) throw refusal;
  const order = await syncOrderPayment(deps, found);
  const stillRefused = notPayable(deps, order) ?? (await closeReplacedCheckout(deps, order));
  if (stillRefused) throw stillRefused;
  const attempt = await claimPaymentAttempt(
    deps.db,
    order.id,
    { attempt: order.paymentAttempt, sessionId: order.providerSessionId },
    payableFrom(deps),
    deps.clock.now(),
  );
  if (attempt === undefined) {
    const fresh = await findOrder(deps.db, order.id);
    throw (
      (fresh && notPayable(deps, fresh)) ??
      conflict('ORDER_CHANGED', orderMessages.changedMeanwhile)
    );
  }
  const view = await findOrderView(deps.db, order.id);
  if (!view) throw orderNotFound();
  return startCheckout(deps, order, attempt, view.product.name, returnPage);
}

/** Best effort: an unpaid cancelled order's checkout is closed so it cannot be paid any more. */
async function closeCheckout(deps: Deps, order: OrderRow): Promise<void> {
  if (!order.providerSessionId || order.provider !== deps.payments.name) return;
  try {
    await deps.payments.closeCheckout(order.providerSessionId);
  } catch (error) {
    deps.log.warn({ err: error, orderId: order.id }, 'checkout could not be closed');
  }
}

/**
 * Cancels an open order and releases its stock with one conditional update. An unpaid order ends
 * Failed and its checkout is closed. A paid one is claimed first: Cancelled and still Paid means
 * "refund due"; then the provider refunds it and the order becomes Refunded (order-refunds.ts). If the
 * provider fails, the cancel still stands and the sweep or the next verify finishes the refund, so
 * money never goes back for an order that is not Cancelled, and a cancelled order never keeps it.
 */
async function cancelOpenOrder(
  deps: Deps,
  start: OrderRow,
  status: OrderStatus | 'any-open',
  note: string,
  /** Who cancels, for the stock ledger. */
  actorId: string | null,
): Promise<void> {
  let order = start;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (order.paymentStatus === 'Paid' || order.paymentStatus === 'Pending') {
      const paid = order.paymentStatus === 'Paid';
      const now = deps.clock.now();
      const claimed = await cancelAndRelease(
        deps.db,
        order.id,
        { status, paymentStatus: order.paymentStatus },
        paid ? 'Paid' : 'Failed',
        now,
        note,
        actorId,
      );
      if (claimed) {
        if (paid) await finishClaimedRefund(deps, order, now);
        else await closeCheckout(deps, order);
        return;
      }
    }
    // Someone else moved the order meanwhile: look again.
    const fresh = await findOrder(deps.db, order.id);
    if (!fresh) throw orderNotFound();
    if (fresh.status === 'Cancelled')
      throw conflict('ORDER_CANCELLED', orderMessages.cancelledIsFinal);
    if (status !== 'any-open' && fresh.status !== status) {
      throw conflict('ORDER_NOT_CANCELLABLE', orderMessages.onlyPendingCancel);
    }
    order = fresh;
  }
  throw conflict('ORDER_CHANGED', orderMessages.changedMeanwhile);
}

export async function cancelOrder(deps: Deps, user: AuthUser, orderId: string): Promise<Order> {
  if (user.role === 'admin') throw forbidden(orderMessages.adminCancel);
  const order = await visibleOrder(deps, user, orderId);
  if (order.status !== 'Pending')
    throw conflict('ORDER_NOT_CANCELLABLE', orderMessages.onlyPendingCancel);
  await cancelOpenOrder(deps, order, 'Pending', orderMessages.cancelledByCustomer, user.id);
  return orderView(deps, orderId);
}

export async function changeOrderStatus(
  deps: Deps,
  orderId: string,
  status: OrderStatus,
  /** The admin making the change, for the stock ledger when it cancels. */
  actorId: string | null = null,
): Promise<Order> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw orderNotFound();
  if (order.status === 'Cancelled')
    throw conflict('ORDER_CANCELLED', orderMessages.cancelledIsFinal);
  if (status === 'Cancelled') {
    await cancelOpenOrder(deps, order, 'any-open', orderMessages.cancelledByStore, actorId);
  } else if (status !== order.status) {
    const moved = await setOpenStatus(deps.db, orderId, status, deps.clock.now());
    if (!moved) throw conflict('ORDER_CANCELLED', orderMessages.cancelledIsFinal);
  }
  return orderView(deps, orderId);
}

/** Why the store cannot make this move on this order, or undefined when it can. */
function refusedMove(
  order: OrderRow,
  to: Exclude<FulfilmentPatchBody['state'], undefined>,
): AppError | undefined {
  if (to === 'Unfulfilled')
    return conflict('FULFILMENT_MOVE_NOT_ALLOWED', orderMessages.backToUnfulfilled);
  if (order.status === 'Cancelled')
    return conflict('ORDER_CANCELLED', orderMessages.cancelledIsFinal);
  if (order.paymentStatus !== 'Paid') return conflict('ORDER_NOT_PAID', orderMessages.notPaid);
  const move = fulfilmentMoveOf(to);
  if (order.fulfilmentMethod === null)
    return conflict('FULFILMENT_METHOD_MISSING', orderMessages.noMethod);
  if (order.fulfilmentMethod !== move.method)
    return conflict(
      'FULFILMENT_METHOD_MISMATCH',
      move.method === 'delivery' ? orderMessages.deliveryOnly : orderMessages.collectOnly,
    );
  if (order.fulfilmentState !== move.from)
    return conflict(
      'FULFILMENT_MOVE_NOT_ALLOWED',
      orderMessages.moveNotAllowed(order.fulfilmentState, to),
    );
  return undefined;
}

/** The store moves a paid order on: ready, shipped (with tracking), delivered or collected. */
async function moveOrderOn(deps: Deps, order: OrderRow, body: FulfilmentPatchBody): Promise<void> {
  const to = body.state;
  if (to === undefined) throw fieldError('body', 'state', orderMessages.stateRequired);
  let tracking = null;
  if (to === 'Shipped') {
    if (!body.carrier) throw fieldError('body', 'carrier', orderMessages.carrierRequired);
    if (!body.trackingNumber)
      throw fieldError('body', 'trackingNumber', orderMessages.trackingRequired);
    tracking = {
      carrier: body.carrier,
      trackingNumber: body.trackingNumber,
      trackingUrl: body.trackingUrl ?? null,
    };
  }
  const refusal = refusedMove(order, to);
  if (refusal) throw refusal;
  if (to === 'Unfulfilled') return;
  if (await moveFulfilment(deps.db, order.id, to, tracking, deps.clock.now())) return;
  const fresh = await findOrder(deps.db, order.id);
  throw (
    (fresh && refusedMove(fresh, to)) ?? conflict('ORDER_CHANGED', orderMessages.changedMeanwhile)
  );
}

/**
 * PATCH /orders/:orderId/fulfilment: the customer says where the order goes (until it has left or
 * is ready); the store moves it on. Each change writes its timeline entry, and each move of the
 * store a mail to the customer.
 */
export async function changeFulfilment(
  deps: Deps,
  user: AuthUser,
  ref: string,
  body: FulfilmentPatchBody,
): Promise<OrderDetail> {
  const order = await visibleOrder(deps, user, ref);
  if (user.role === 'admin') {
    await moveOrderOn(deps, order, body);
  } else {
    if (body.state !== undefined) throw forbidden(orderMessages.storeMovesFulfilment);
    const locked =
      order.fulfilmentState !== 'Unfulfilled' ||
      order.status === 'Cancelled' ||
      order.status === 'Completed';
    if (locked) throw conflict('FULFILMENT_LOCKED', orderMessages.destinationLocked);
    if (!(await changeDestination(deps, user.id, order.id, body)))
      throw conflict('FULFILMENT_LOCKED', orderMessages.destinationLocked);
  }
  return orderDetail(deps, order.id);
}
