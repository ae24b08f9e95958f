import type { BankStatus } from '#shared/contract/order.ts';

export type ProviderName = 'sandbox' | 'stripe';

/** What the store asks a provider to charge: amounts always come from the database. */
export interface CheckoutRequest {
  orderId: string;
  /** The order's payment attempt (1 at checkout, then one more per "Pay now"): with the order id, the idempotency key. */
  attempt: number;
  productName: string;
  quantity: number;
  unitAmountCents: number;
  totalCents: number;
  /** Where the provider sends the browser back, for a payment, a decline and a cancel alike. */
  returnUrl: string;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
}

/** The provider's answer about one checkout session. */
export interface PaymentState {
  bankStatus: BankStatus;
  transactionId: string;
  method: string;
  /** When the outcome was recorded by the provider, if it says. */
  completedAt: Date | null;
}

export interface RefundRequest {
  orderId: string;
  sessionId: string;
  amountCents: number;
}

/**
 * A card payment provider. Every call may be slow network I/O: never call one inside a database
 * transaction. Calls with an order id are idempotent per order.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  getPaymentState(sessionId: string): Promise<PaymentState>;
  refund(request: RefundRequest): Promise<void>;
  /** Closes an open checkout so it can no longer be paid; a completed one is left as it is. */
  closeCheckout(sessionId: string): Promise<void>;
}

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}
