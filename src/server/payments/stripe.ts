import Stripe from 'stripe';
import type { Clock } from '../lib/clock.ts';
import {
  PaymentProviderError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type PaymentState,
  type RefundRequest,
} from './provider.ts';

interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another Stripe API base (a local fake in tests); unset: api.stripe.com. */
  apiBase?: string | undefined;
  clock: Clock;
  /** Unpaid orders expire after this long; the checkout closes no earlier than Stripe allows. */
  paymentTimeoutMs: number;
}

/** A webhook event, checked and reduced to what the orders module acts on. */
export interface StripeWebhookEvent {
  eventId: string;
  type: string;
  /** The order the event is about, when it is a checkout session event of this store. */
  orderId: string | null;
  sessionId: string | null;
  state: PaymentState | null;
  payload: unknown;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

const MIN_EXPIRY_S = 30 * 60 + 60;
const MAX_EXPIRY_S = 24 * 60 * 60 - 60;
const WEBHOOK_TOLERANCE_S = 300;

function apiAddress(
  apiBase: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function sessionState(
  session: Stripe.Checkout.Session,
  override?: PaymentState['bankStatus'],
): PaymentState {
  const paymentIntent =
    typeof session.payment_intent === 'string'
      ? session.payment_intent
      : (session.payment_intent?.id ?? null);
  let bankStatus: PaymentState['bankStatus'] = 'Pending';
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
    bankStatus = 'Success';
  else if (session.status === 'expired') bankStatus = 'Cancel';
  return {
    bankStatus: override ?? bankStatus,
    transactionId: paymentIntent ?? session.id,
    method: session.payment_method_types[0] ?? 'card',
    completedAt: null,
  };
}

function asProviderError(error: unknown): PaymentProviderError {
  const message = error instanceof Error ? error.message : 'unknown error';
  return new PaymentProviderError(`Stripe request failed: ${message}`, { cause: error });
}

/** Stripe Checkout Sessions: the browser pays on Stripe's page; webhooks and verify report back. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeOptions) {
    this.stripe = new Stripe(options.secretKey, {
      ...apiAddress(options.apiBase),
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const nowS = Math.floor(this.options.clock.now().getTime() / 1000);
    const expiresIn = Math.min(
      MAX_EXPIRY_S,
      Math.max(MIN_EXPIRY_S, Math.ceil(this.options.paymentTimeoutMs / 1000)),
    );
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: request.quantity,
              price_data: {
                currency: 'usd',
                unit_amount: request.unitAmountCents,
                product_data: { name: request.productName },
              },
            },
          ],
          client_reference_id: request.orderId,
          metadata: { order_id: request.orderId },
          payment_intent_data: { metadata: { order_id: request.orderId } },
          success_url: request.returnUrl,
          cancel_url: request.returnUrl,
          expires_at: nowS + expiresIn,
        },
        // The first attempt keeps the key orders were opened with before pay later existed.
        {
          idempotencyKey:
            request.attempt === 1
              ? request.orderId
              : `${request.orderId}:${String(request.attempt)}`,
        },
      );
      if (!session.url) throw new Error('the checkout session has no URL');
      return { sessionId: session.id, url: session.url };
    } catch (error) {
      throw asProviderError(error);
    }
  }

  async getPaymentState(sessionId: string): Promise<PaymentState> {
    try {
      return sessionState(await this.stripe.checkout.sessions.retrieve(sessionId));
    } catch (error) {
      throw asProviderError(error);
    }
  }

  async refund(request: RefundRequest): Promise<void> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(request.sessionId);
      const paymentIntent =
        typeof session.payment_intent === 'string'
          ? session.payment_intent
          : session.payment_intent?.id;
      if (!paymentIntent) throw new Error('the checkout session has no payment to refund');
      await this.stripe.refunds.create(
        { payment_intent: paymentIntent, metadata: { order_id: request.orderId } },
        { idempotencyKey: `refund-${request.orderId}` },
      );
    } catch (error) {
      throw asProviderError(error);
    }
  }

  async closeCheckout(sessionId: string): Promise<void> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === 'open') await this.stripe.checkout.sessions.expire(sessionId);
    } catch (error) {
      throw asProviderError(error);
    }
  }

  /** Verifies the signature over the raw body (and its age, by the app's clock) and reads the event. */
  parseWebhook(
    rawBody: Buffer,
    signature: string | undefined,
    receivedAt: Date,
  ): StripeWebhookEvent {
    if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.options.webhookSecret,
        WEBHOOK_TOLERANCE_S,
        undefined,
        receivedAt.getTime(),
      );
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad signature');
    }
    const base = { eventId: event.id, type: event.type, payload: event as unknown };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed': {
        const session = event.data.object;
        const override =
          event.type === 'checkout.session.async_payment_failed' ? 'Failed' : undefined;
        return {
          ...base,
          orderId: session.metadata?.order_id ?? session.client_reference_id,
          sessionId: session.id,
          state: sessionState(session, override),
        };
      }
      default:
        return { ...base, orderId: null, sessionId: null, state: null };
    }
  }
}
