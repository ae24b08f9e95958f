import { beforeAll } from 'vitest';
import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentProvider,
  PaymentState,
  RefundRequest,
} from '../payments/provider.ts';
import { PaymentProviderError } from '../payments/provider.ts';
import { SandboxProvider } from '../payments/sandbox.ts';
import { useTestContext, type TestContext } from './test-app.ts';

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

/** One app for the enclosing `describe` whose payments go through a FlakyProvider over the sandbox. */
export function useFlakyPayments(env: Record<string, string> = {}): {
  ctx: TestContext;
  provider: FlakyProvider;
} {
  const provider = new FlakyProvider();
  const ctx = useTestContext(env, { payments: { provider } });
  beforeAll(() => {
    provider.inner = new SandboxProvider({
      db: ctx.app.db,
      clock: ctx.clock,
      appUrl: ctx.config.appUrl,
    });
  });
  return { ctx, provider };
}
