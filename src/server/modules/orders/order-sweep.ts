import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Deps } from '#server/deps.ts';
import { expireUnpaidOrders } from './order-expiry.ts';
import { finishDueRefunds } from './order-refunds.ts';

/**
 * One pass of the periodic sweep: expires unpaid open orders past the payment timeout and closes
 * their checkouts, then finishes refunds that are still due. Every step is a conditional update
 * (and the provider's refund is idempotent per order), so several instances may sweep at once.
 */
export async function runOrderSweep(
  deps: Deps,
): Promise<{ expired: number; refunded: number; refundsDue: number }> {
  const expired = await expireUnpaidOrders(deps);
  for (const order of expired) {
    if (!order.providerSessionId || order.provider !== deps.payments.name) continue;
    await deps.payments.closeCheckout(order.providerSessionId).catch((error: unknown) => {
      deps.log.warn(
        { err: error, orderId: order.id },
        'checkout of an expired order could not be closed',
      );
    });
  }
  const { refunded, stillDue } = await finishDueRefunds(deps);
  return { expired: expired.length, refunded, refundsDue: stillDue };
}

export interface OrderSweepOptions {
  /** Sweep on a timer (the server); off in tests, which sweep when they choose. */
  sweep?: boolean;
  /** How often the sweep runs; one minute unless a test wants it sooner. */
  intervalMs?: number;
}

/** Sweeps on a timer while the app is up, on every instance: the passes never collide. */
export const orderSweepPlugin = fp((app: FastifyInstance, opts: OrderSweepOptions) => {
  if (!opts.sweep) return;
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const result = await runOrderSweep(app.deps);
      if (result.expired > 0) app.log.info({ orders: result.expired }, 'unpaid orders expired');
      if (result.refundsDue > 0)
        app.log.warn({ orders: result.refundsDue }, 'refunds still due after the sweep');
    } catch (error) {
      app.log.error({ err: error }, 'order sweep failed');
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', (done) => {
    timer = setInterval(() => void sweep(), opts.intervalMs ?? 60_000);
    timer.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
});
