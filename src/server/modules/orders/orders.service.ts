import type { PageMeta } from '#shared/contract/envelope.ts';
import type {
  CreateOrderBody,
  Order,
  OrderListQuery,
  OrderStatus,
  Verification,
} from '#shared/contract/order.ts';
import { RETURN_URL_MESSAGE } from '#shared/contract/order.ts';
import { messages } from '#shared/messages.ts';
import { orderSizeMessage } from '#shared/rules/sizes.ts';
import type { Deps } from '#server/deps.ts';
import { conflict, forbidden, notFound } from '#server/lib/app-error.ts';
import { pageMeta } from '#server/lib/reply.ts';
import { fieldError } from '#server/lib/validation.ts';
import type { AuthUser } from '../auth/current-user.ts';
import { providerUnavailable, syncOrderPayment } from './order-payments.ts';
import { finishClaimedRefund } from './order-refunds.ts';
import { toOrder, toVerification } from './orders.mapper.ts';
import {
  attachCheckout,
  cancelAndRelease,
  findOrder,
  findOrderView,
  listOrders,
  reserveStockAndCreateOrder,
  setOpenStatus,
  type OrderRow,
} from './orders.repository.ts';
import { defaultReturnPage, isAllowedReturnPage, paymentReturnUrl } from './return-page.ts';

const orderMessages = {
  productNotFound: 'Bicycle not found.',
  notEnoughStock: 'Not enough stock for this bicycle.',
  orderNotFound: 'Order not found.',
  onlyPendingCancel: 'Only pending orders can be cancelled.',
  cancelledIsFinal: 'A cancelled order cannot be changed.',
  adminCancel: 'Admins change an order through its status.',
  changedMeanwhile: 'The order changed in the meantime. Please reload and try again.',
  tooManyUnpaid: 'You have unpaid orders. Pay or cancel one before placing another.',
} as const;

const orderNotFound = () => notFound(orderMessages.orderNotFound);

/** A return page on another origin than the allowed ones would turn checkout into an open redirect. */
function returnPageOf(deps: Deps, body: CreateOrderBody): string {
  if (body.returnUrl === undefined) return defaultReturnPage(deps.config);
  if (!isAllowedReturnPage(deps.config, body.returnUrl)) {
    throw fieldError('body', 'returnUrl', RETURN_URL_MESSAGE);
  }
  return body.returnUrl;
}

/** Reserves the stock, writes the order, then opens the provider's checkout (outside the transaction). */
export async function createOrder(
  deps: Deps,
  user: AuthUser,
  body: CreateOrderBody,
): Promise<string> {
  const returnPage = returnPageOf(deps, body);
  const reserved = await reserveStockAndCreateOrder(deps.db, {
    userId: user.id,
    productId: body.product,
    size: body.size ?? null,
    quantity: body.quantity,
    provider: deps.payments.name,
    maxUnpaid: deps.config.maxUnpaidOrders,
    now: deps.clock.now(),
  });
  if (!reserved.ok) {
    if (reserved.reason === 'not-found') throw notFound(orderMessages.productNotFound);
    if (reserved.reason === 'too-many-unpaid')
      throw conflict('TOO_MANY_UNPAID_ORDERS', orderMessages.tooManyUnpaid);
    if (reserved.reason === 'no-stock')
      throw conflict(
        'OUT_OF_STOCK',
        body.size === undefined ? orderMessages.notEnoughStock : messages.sizes.soldOut,
      );
    throw fieldError('body', 'size', orderSizeMessage(reserved.reason));
  }
  const { order, productName } = reserved;
  let checkout;
  try {
    checkout = await deps.payments.createCheckout({
      orderId: order.id,
      productName,
      quantity: order.quantity,
      unitAmountCents: order.unitPriceCents,
      totalCents: order.totalCents,
      returnUrl: paymentReturnUrl(returnPage, order.id),
    });
  } catch (error) {
    deps.log.error(
      { err: error, orderId: order.id },
      'checkout could not be opened; the order is cancelled',
    );
    await cancelAndRelease(
      deps.db,
      order.id,
      { status: 'Pending', paymentStatus: 'Pending' },
      'Failed',
      deps.clock.now(),
    );
    throw providerUnavailable();
  }
  await attachCheckout(deps.db, order.id, checkout);
  // Whoever holds the checkout URL can pay or cancel the order: not for the usual logs.
  deps.log.debug({ orderId: order.id, checkoutUrl: checkout.url }, 'checkout opened');
  return checkout.url;
}

export async function getOrderPage(
  deps: Deps,
  user: AuthUser,
  query: OrderListQuery,
): Promise<{ data: Order[]; meta: PageMeta }> {
  const { rows, total } = await listOrders(deps.db, {
    ...(user.role === 'admin' ? {} : { userId: user.id }),
    searchTerm: query.searchTerm,
    page: query.page,
    limit: query.limit,
  });
  return {
    data: rows.map((view) => toOrder(view, deps.imageUrls)),
    meta: pageMeta(query.page, query.limit, total),
  };
}

/** The order if this user may see it: its owner or an admin. Anyone else is told it does not exist. */
async function visibleOrder(deps: Deps, user: AuthUser, orderId: string): Promise<OrderRow> {
  const order = await findOrder(deps.db, orderId);
  if (!order || (user.role !== 'admin' && order.userId !== user.id)) throw orderNotFound();
  return order;
}

async function orderView(deps: Deps, orderId: string): Promise<Order> {
  const view = await findOrderView(deps.db, orderId);
  if (!view) throw orderNotFound();
  return toOrder(view, deps.imageUrls);
}

export async function verifyOrder(
  deps: Deps,
  user: AuthUser,
  orderId: string,
): Promise<Verification[]> {
  const order = await syncOrderPayment(deps, await visibleOrder(deps, user, orderId));
  return [toVerification(order, deps.clock.now())];
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
  await cancelOpenOrder(deps, order, 'Pending');
  return orderView(deps, orderId);
}

export async function changeOrderStatus(
  deps: Deps,
  orderId: string,
  status: OrderStatus,
): Promise<Order> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw orderNotFound();
  if (order.status === 'Cancelled')
    throw conflict('ORDER_CANCELLED', orderMessages.cancelledIsFinal);
  if (status === 'Cancelled') {
    await cancelOpenOrder(deps, order, 'any-open');
  } else if (status !== order.status) {
    const moved = await setOpenStatus(deps.db, orderId, status, deps.clock.now());
    if (!moved) throw conflict('ORDER_CANCELLED', orderMessages.cancelledIsFinal);
  }
  return orderView(deps, orderId);
}
