import type { Executor } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { PaymentState } from '#server/payments/provider.ts';
import type { Deps } from '#server/deps.ts';
import { finishClaimedRefund, retryRefund } from './order-refunds.ts';
import {
  claimLatePayment,
  fillTransaction,
  findOrder,
  markPaid,
  recordPaymentFailure,
  type OrderRow,
} from './orders.repository.ts';
import { inTransaction } from '#server/db/transaction.ts';

const PAYMENT_FAILED_NOTE = 'The payment did not go through.';

export const providerUnavailable = () =>
  new AppError(
    502,
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'The payment service is not available right now. Please try again in a few minutes.',
  );

/**
 * Moves the order as the provider's answer says, with conditional updates, so replays, concurrent
 * calls and out-of-order events change it once: Success -> Paid. Failed or Cancel (a refused
 * payment, a shopper who left the provider's page) leave the order unpaid and payable until its
 * window ends (POST /orders/:orderId/pay opens a new session); only the sweep cancels it then. A
 * payment that arrives for an order already cancelled makes it Cancelled and Paid (refund due);
 * the refund itself is made after the transaction (settleLatePayment), never inside it. Returns
 * whether such a refund is now due.
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
      const paidAt = state.completedAt ?? now;
      const paid = await markPaid(tx, orderId, paidAt);
      if (!paid) lateRefund = await claimLatePayment(tx, orderId, paidAt, now);
    }
    const filled = await fillTransaction(tx, orderId, {
      id: state.transactionId,
      bankStatus,
      method: state.method,
      at: state.completedAt ?? now,
    });
    // Once per session: the answer is kept on the order the first time it is read.
    if (filled && bankStatus === 'Failed') {
      await recordPaymentFailure(tx, orderId, PAYMENT_FAILED_NOTE, now);
    }
    return { lateRefund };
  });
}

/**
 * Refunds a payment that arrived after its order was cancelled, once applyPaymentState claimed it
 * at `claimedAt` (its `now`); a failure leaves the refund due.
 */
export async function settleLatePayment(
  deps: Deps,
  order: OrderRow,
  claimedAt: Date,
): Promise<void> {
  if (await finishClaimedRefund(deps, order, claimedAt)) {
    deps.log.warn({ orderId: order.id }, 'payment arrived for a cancelled order and was refunded');
  }
}

function refundDue(order: OrderRow): boolean {
  return order.status === 'Cancelled' && order.paymentStatus === 'Paid';
}

function needsProviderAnswer(order: OrderRow): boolean {
  if (order.bankStatus === null || order.paymentStatus === 'Pending') return true;
  // A late payment recorded before refunds were claimed on the order: claim and refund it now.
  return order.bankStatus === 'Success' && order.paymentStatus === 'Failed';
}

/**
 * Asks the provider about the order's checkout and applies the answer, or finishes a refund that
 * is due. Returns the order as it now is.
 */
export async function syncOrderPayment(deps: Deps, order: OrderRow): Promise<OrderRow> {
  if (refundDue(order)) {
    await retryRefund(deps, order);
    return (await findOrder(deps.db, order.id)) ?? order;
  }
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
  const now = deps.clock.now();
  const { lateRefund } = await applyPaymentState(deps.db, order.id, state, now);
  if (lateRefund) await settleLatePayment(deps, order, now);
  return (await findOrder(deps.db, order.id)) ?? order;
}
