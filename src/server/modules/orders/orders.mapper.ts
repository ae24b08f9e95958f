import type { Order, Transaction, Verification } from '#shared/contract/order.ts';
import { toDollars } from '#shared/rules/money.ts';
import type { ImageUrls } from '../uploads/images.ts';
import type { OrderRow, OrderView } from './orders.repository.ts';

function toTransaction(order: OrderRow): Transaction | null {
  if (!order.bankStatus || !order.transactionId) return null;
  return {
    id: order.transactionId,
    bank_status: order.bankStatus,
    method: order.paymentMethod ?? 'card',
    date_time: (order.transactionAt ?? order.updatedAt).toISOString(),
  };
}

export function toOrder({ order, product, user }: OrderView, urls: ImageUrls): Order {
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
