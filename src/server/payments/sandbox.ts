import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentProvider,
  PaymentState,
  RefundRequest,
} from './provider.ts';
import {
  findSession,
  insertOrFindSession,
  markRefunded,
  recordOutcome,
} from './sandbox.repository.ts';

const SANDBOX_CHECKOUT_PATH = '/api/v1/payments/sandbox/checkout';

interface SandboxOptions {
  db: Db;
  clock: Clock;
  appUrl: string;
}

/**
 * The built-in test provider: its checkout page lives in this app and its records in
 * sandbox_sessions, so the whole payment flow works with no account anywhere.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly options: SandboxOptions) {}

  checkoutUrl(sessionId: string): string {
    return `${this.options.appUrl}${SANDBOX_CHECKOUT_PATH}/${sessionId}`;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const session = await insertOrFindSession(this.options.db, {
      id: `cs_sandbox_${randomBytes(18).toString('base64url')}`,
      orderId: request.orderId,
      attempt: request.attempt,
      amountCents: request.totalCents,
      description: request.productName,
      // Kept like a real provider keeps its success URL: the page's POST answers 303 to it.
      returnUrl: request.returnUrl,
      createdAt: this.options.clock.now(),
    });
    return { sessionId: session.id, url: this.checkoutUrl(session.id) };
  }

  async getPaymentState(sessionId: string): Promise<PaymentState> {
    const session = await findSession(this.options.db, sessionId);
    if (!session) throw new Error('unknown sandbox session');
    return {
      bankStatus: session.outcome,
      transactionId: session.id,
      method: 'card',
      completedAt: session.completedAt,
    };
  }

  async refund(request: RefundRequest): Promise<void> {
    await markRefunded(this.options.db, request.sessionId, this.options.clock.now());
  }

  async closeCheckout(sessionId: string): Promise<void> {
    await recordOutcome(this.options.db, sessionId, 'Cancel', null, this.options.clock.now());
  }
}
