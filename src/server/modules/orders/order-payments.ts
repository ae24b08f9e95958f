import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentState } from '../../payments/provider.ts';
import type { OrderDeps } from './order-deps.ts';
import {
  cancelAndRelease,
  claimLatePaymentRefund,
  fillTransaction,
  findOrder,
  inTransaction,
  markPaid,
  releaseLatePaymentRefund,
  type OrderRow,
} from './orders.repository.ts';

export const providerUnavailable = () =>
  new AppError(
    502,
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'The payment service is not available right now. Please try again in a few minutes.',
  );

/**
 * Moves the order as the provider's answer says, with conditional updates, so replays, concurrent
 * calls and out-of-order events change it once: Success -> Paid; Failed or Cancel -> Cancelled,
 * payment Failed and stock back. Returns true when a payment arrived for an order that is already
 * cancelled and now has to be refunded (after the transaction: see settleLatePayment).
 */
export async function applyPaymentState(
  db: Executor,
  orderId: string,
  state: PaymentState,
  now: Date,
): Promise<{ lateRefund: boolean }> {
  const { bankStatus } = state;
  if (bankStatus === 'Pending') return { lateRefund: false };
  return inTransaction(db, async (tx) => {
    let lateRefund = false;
    if (bankStatus === 'Success') {
      const paid = await markPaid(tx, orderId, state.completedAt ?? now);
      if (!paid) lateRefund = await claimLatePaymentRefund(tx, orderId, now);
    } else {
      await cancelAndRelease(
        tx,
        orderId,
        { status: 'any-open', paymentStatus: 'Pending' },
        'Failed',
        now,
      );
    }
    await fillTransaction(tx, orderId, {
      id: state.transactionId,
      bankStatus,
      method: state.method,
      at: state.completedAt ?? now,
    });
    return { lateRefund };
  });
}

/** Refunds a payment that arrived after its order was cancelled; gives the claim back on failure. */
export async function settleLatePayment(deps: OrderDeps, order: OrderRow): Promise<void> {
  if (!order.providerSessionId) return;
  try {
    await deps.payments.refund({
      orderId: order.id,
      sessionId: order.providerSessionId,
      amountCents: order.totalCents,
    });
    deps.log.warn({ orderId: order.id }, 'payment arrived for a cancelled order and was refunded');
  } catch (error) {
    deps.log.error(
      { err: error, orderId: order.id },
      'refund of a late payment failed; it is retried on the next check',
    );
    await releaseLatePaymentRefund(deps.db, order.id, deps.clock.now());
  }
}

function needsProviderAnswer(order: OrderRow): boolean {
  if (order.bankStatus === null || order.paymentStatus === 'Pending') return true;
  // A late payment whose refund failed earlier is tried again.
  return order.bankStatus === 'Success' && order.paymentStatus === 'Failed';
}

/** Asks the provider about the order's checkout and applies the answer. Returns the order as it now is. */
export async function syncOrderPayment(deps: OrderDeps, order: OrderRow): Promise<OrderRow> {
  if (
    !order.providerSessionId ||
    order.provider !== deps.payments.name ||
    !needsProviderAnswer(order)
  ) {
    return order;
  }
  let state: PaymentState;
  try {
    state = await deps.payments.getPaymentState(order.providerSessionId);
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id }, 'payment status lookup failed');
    throw providerUnavailable();
  }
  const { lateRefund } = await applyPaymentState(deps.db, order.id, state, deps.clock.now());
  if (lateRefund) await settleLatePayment(deps, order);
  return (await findOrder(deps.db, order.id)) ?? order;
}
