import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { accountKey, type LoginFailureStore } from './login-failures.ts';

export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Slows down password guessing against one account from many addresses: after maxFailures
 * failed sign-ins within the window, the account answers "try later" until the window closes.
 * If the shared store is unreachable, sign-in keeps working (the per-address limit still holds)
 * rather than locking every customer out.
 */
export class LoginThrottle {
  constructor(
    private readonly store: LoginFailureStore,
    private readonly maxFailures: number,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly windowMs = LOGIN_FAILURE_WINDOW_MS,
  ) {}

  /** Seconds until this account may try again, or undefined when it may try now. */
  async retryAfterSeconds(email: string): Promise<number | undefined> {
    const window = await this.store
      .get(accountKey(email))
      .catch((error: unknown) => this.unavailable(error));
    if (!window || window.count < this.maxFailures) return undefined;
    const waitMs = window.resetAt.getTime() - this.clock.now().getTime();
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : undefined;
  }

  async recordFailure(email: string): Promise<void> {
    await this.store
      .increment(accountKey(email), this.windowMs)
      .catch((error: unknown) => this.unavailable(error));
  }

  async clear(email: string): Promise<void> {
    await this.store.reset(accountKey(email)).catch((error: unknown) => this.unavailable(error));
  }

  private unavailable(error: unknown): undefined {
    this.log.warn({ err: error }, 'login failure counter unavailable');
    return undefined;
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
