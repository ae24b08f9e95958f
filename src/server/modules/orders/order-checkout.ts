import type { Deps } from '#server/deps.ts';
import { conflict, type AppError } from '#server/lib/app-error.ts';
import { orderMessages } from './order-messages.ts';
import { providerUnavailable, syncOrderPayment } from './order-payments.ts';
import { attachCheckout, type OrderRow } from './orders.repository.ts';
import { defaultReturnPage, paymentReturnUrl } from './return-page.ts';

/**
 * Opens the provider's checkout for the order's payment attempt `attempt` (outside any
 * transaction) and points the order at it. The attempt is part of the provider's idempotency
 * key: a retried call opens the same session, a later attempt a new one.
 */
export async function startCheckout(
  deps: Deps,
  order: OrderRow,
  attempt: number,
  productName: string,
  returnPage = defaultReturnPage(deps.config),
): Promise<string> {
  let checkout;
  try {
    checkout = await deps.payments.createCheckout({
      orderId: order.id,
      attempt,
      productName,
      quantity: order.quantity,
      unitAmountCents: order.unitPriceCents,
      totalCents: order.totalCents,
      returnUrl: paymentReturnUrl(returnPage, order.id),
    });
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id }, 'checkout could not be opened');
    throw providerUnavailable();
  }
  if (!(await attachCheckout(deps.db, order.id, attempt, checkout))) {
    // Paid, cancelled or given a newer attempt meanwhile: this session must not take money.
    await deps.payments.closeCheckout(checkout.sessionId).catch((error: unknown) => {
      deps.log.warn({ err: error, orderId: order.id }, 'checkout could not be closed');
    });
    throw conflict('ORDER_CHANGED', orderMessages.changedMeanwhile);
  }
  // Whoever holds the checkout URL can pay or cancel the order: not for the usual logs.
  deps.log.debug({ orderId: order.id, checkoutUrl: checkout.url }, 'checkout opened');
  return checkout.url;
}

/**
 * Closes the order's current checkout before another is opened, so only one session of an order
 * can ever take money, and asks the provider how it ended: paid meanwhile (the order is moved to
 * Paid and the new session refused), still open (the provider did not close it: refused too), or
 * over. Returns the refusal, or undefined when a new session may be opened.
 */
export async function closeReplacedCheckout(
  deps: Deps,
  order: OrderRow,
): Promise<AppError | undefined> {
  const sessionId = order.providerSessionId;
  if (!sessionId || order.provider !== deps.payments.name) return undefined;
  await deps.payments.closeCheckout(sessionId).catch((error: unknown) => {
    deps.log.warn({ err: error, orderId: order.id }, 'checkout could not be closed');
  });
  let state;
  try {
    state = await deps.payments.getPaymentState(sessionId);
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id }, 'payment status lookup failed');
    return providerUnavailable();
  }
  if (state.bankStatus === 'Success') {
    await syncOrderPayment(deps, order);
    return conflict('ORDER_ALREADY_PAID', orderMessages.alreadyPaid);
  }
  return state.bankStatus === 'Pending' ? providerUnavailable() : undefined;
}
