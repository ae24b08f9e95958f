import { paymentMessages } from '#shared/messages/payment.ts';
import type { Deps } from '#server/deps.ts';
import { checkCard, type CardInput } from '#server/payments/sandbox-cards.ts';
import { findCheckoutView, recordOutcome } from '#server/payments/sandbox.repository.ts';
import { defaultReturnUrl, recordDeclinedCard, syncPaymentOf } from '../orders/orders.payments.ts';

/** A sandbox checkout as its page shows it. */
export interface Checkout {
  sessionId: string;
  orderId: string;
  productName: string;
  quantity: number;
  /** The size being paid for; null for a one-size bicycle. */
  size: string | null;
  amountCents: number;
  /** Where the page sends the shopper once an outcome is recorded. */
  returnUrl: string;
  /** An outcome is recorded: the page changes nothing any more. */
  closed: boolean;
}

/** What the page posts: a card to pay with, or the shopper's cancel. */
interface CheckoutForm extends CardInput {
  action: 'pay' | 'cancel';
}

export async function findCheckout(deps: Deps, sessionId: string): Promise<Checkout | undefined> {
  const view = await findCheckoutView(deps.db, sessionId);
  if (!view) return undefined;
  const { session, quantity, size } = view;
  return {
    sessionId: session.id,
    orderId: session.orderId,
    productName: session.description,
    quantity,
    size,
    amountCents: session.amountCents,
    // Sessions opened before the return URL was kept go back to the store front.
    returnUrl: session.returnUrl ?? defaultReturnUrl(deps, session.orderId),
    closed: session.outcome !== 'Pending',
  };
}

/**
 * Records the page's outcome once, then moves the order at once, as a provider's webhook does,
 * even if the shopper never comes back. A form that does not check out records nothing, and a
 * declined card neither (the session stays open for another card, as a hosted checkout does; the
 * order's timeline notes the decline): the error is answered for the page to show.
 */
export async function submitCheckout(
  deps: Deps,
  checkout: Checkout,
  form: CheckoutForm,
): Promise<{ refused: string; declined: boolean } | undefined> {
  const now = deps.clock.now();
  if (form.action === 'cancel') {
    await recordOutcome(deps.db, checkout.sessionId, 'Cancel', null, now);
  } else {
    const check = checkCard(form, now);
    if (!check.ok) return { refused: check.error, declined: false };
    if (check.outcome === 'Failed') {
      await recordDeclinedCard(deps, checkout.orderId);
      return { refused: paymentMessages.declined, declined: true };
    }
    await recordOutcome(deps.db, checkout.sessionId, check.outcome, check.last4, now);
  }
  await syncPaymentOf(deps, checkout.orderId).catch((error: unknown) => {
    deps.log.error(
      { err: error, orderId: checkout.orderId },
      'order update after sandbox payment failed',
    );
  });
  return undefined;
}
