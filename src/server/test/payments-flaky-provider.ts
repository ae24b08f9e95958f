import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentProvider,
  PaymentState,
  RefundRequest,
} from '../payments/provider.ts';
import { PaymentProviderError } from '../payments/provider.ts';

type Call = 'createCheckout' | 'getPaymentState' | 'refund' | 'closeCheckout';

/**
 * A provider that forwards to a real one (set once the app exists) and fails the calls a test
 * names, to show what the store does when its payment provider is down.
 */
export class FlakyProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  inner: PaymentProvider | undefined;
  readonly failing = new Set<Call>();
  readonly calls: Call[] = [];

  private target(call: Call): PaymentProvider {
    this.calls.push(call);
    if (this.failing.has(call)) throw new PaymentProviderError(`${call} is down`);
    if (!this.inner) throw new Error('no inner provider yet');
    return this.inner;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    return this.target('createCheckout').createCheckout(request);
  }

  async getPaymentState(sessionId: string): Promise<PaymentState> {
    return this.target('getPaymentState').getPaymentState(sessionId);
  }

  async refund(request: RefundRequest): Promise<void> {
    await this.target('refund').refund(request);
  }

  async closeCheckout(sessionId: string): Promise<void> {
    await this.target('closeCheckout').closeCheckout(sessionId);
  }
}
