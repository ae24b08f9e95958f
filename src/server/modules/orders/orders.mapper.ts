import {
  formatOrderNumber,
  type Order,
  type OrderEvent,
  type Transaction,
  type Verification,
} from '#shared/contract/order.ts';
import { toDollars } from '#shared/rules/money.ts';
import type { ImageUrls } from '../uploads/images.ts';
import { toLocation } from '../locations/locations.service.ts';
import type { OrderEventRow } from './order-events.repository.ts';
import type { OrderRow, OrderView } from './orders.repository.ts';

/** What showing an order needs besides its row: image addresses and its payment window. */
export interface OrderShowing {
  urls: ImageUrls;
  paymentTimeoutMs: number;
  now: Date;
}

/** The end of an order's payment window (PAYMENT_TIMEOUT after it was placed). */
export function payableUntilOf(order: OrderRow, paymentTimeoutMs: number): Date {
  return new Date(order.createdAt.getTime() + paymentTimeoutMs);
}

/** Whether the shopper may still pay the order (POST /orders/:orderId/pay). */
export function isPayable(order: OrderRow, paymentTimeoutMs: number, now: Date): boolean {
  return (
    order.paymentStatus === 'Pending' &&
    order.status !== 'Cancelled' &&
    now < payableUntilOf(order, paymentTimeoutMs)
  );
}

function toTransaction(order: OrderRow): Transaction | null {
  if (!order.bankStatus || !order.transactionId) return null;
  return {
    id: order.transactionId,
    bank_status: order.bankStatus,
    method: order.paymentMethod ?? 'card',
    date_time: (order.transactionAt ?? order.updatedAt).toISOString(),
  };
}

export function toOrder(
  { order, product, user, location }: OrderView,
  { urls, paymentTimeoutMs, now }: OrderShowing,
): Order {
  return {
    _id: order.id,
    product: {
      _id: product.id,
      name: product.name,
      brand: product.brand,
      // The unit price this order was charged, not today's price.
      price: toDollars(order.unitPriceCents),
      imageUrl: urls.of(product.imageKey).imageUrl,
    },
    size: order.size,
    user: { _id: user.id, name: user.name, email: user.email },
    quantity: order.quantity,
    totalPrice: toDollars(order.totalCents),
    status: order.status,
    paymentStatus: order.paymentStatus,
    transaction: toTransaction(order),
    number: formatOrderNumber(order.number),
    fulfilment: {
      method: order.fulfilmentMethod,
      address: order.deliveryAddress,
      location: location ? toLocation(location) : null,
      state: order.fulfilmentState,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      trackingUrl: order.trackingUrl,
      readyBy: order.readyBy?.toISOString() ?? null,
    },
    payableUntil: isPayable(order, paymentTimeoutMs, now)
      ? payableUntilOf(order, paymentTimeoutMs).toISOString()
      : null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

export function toVerification(order: OrderRow, now: Date): Verification {
  const transaction = toTransaction(order);
  // An order cancelled before any payment answer (provider down, expired, cancelled) did not pay.
  const unanswered = order.status === 'Cancelled' ? 'Failed' : 'Pending';
  return {
    order_id: order.id,
    bank_status: transaction?.bank_status ?? unanswered,
    amount: toDollars(order.totalCents),
    currency: 'USD',
    method: transaction?.method ?? '',
    date_time: transaction?.date_time ?? now.toISOString(),
    transaction_id: transaction?.id ?? order.providerSessionId ?? '',
  };
}

export function toOrderEvent(row: OrderEventRow): OrderEvent {
  return { at: row.createdAt.toISOString(), type: row.type, note: row.note };
}
