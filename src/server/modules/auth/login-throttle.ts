import { isIPv4, isIPv6 } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/lib/clock.ts';
import { failureKeys, type LoginFailureStore } from './login-failures.ts';

const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** The hold-back once an account's failures reach the limit; it doubles every further limit's worth. */
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 3000;

/**
 * The network a client address stands for: an IPv4 address itself, and for IPv6 its /64, the
 * block one subscriber usually holds, so hopping through it does not give fresh counts.
 */
export function clientNetwork(address: string): string {
  const bare = address.split('%')[0] ?? address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(bare)) return address;
  const [head = '', tail] = bare.toLowerCase().split('::');
  // An embedded IPv4 tail takes the place of two groups.
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

interface LoginThrottleOptions {
  windowMs?: number;
  /** How the hold-back is spent; tests record it instead of waiting. */
  wait?: (ms: number) => Promise<void>;
}

/**
 * Failed sign-ins are counted per account and client network, and per account across all networks,
 * over a fixed window:
 * - a network that reaches maxFailures for an account is told to try later (429) for that account
 *   until its window closes; other networks, the owner's among them, are not;
 * - once the account's failures from everywhere reach maxFailures, every attempt on it is held
 *   back before the password is checked, longer as the failures grow (at most MAX_DELAY_MS), so a
 *   flood from many addresses is slowed down but the right password from anywhere else still
 *   signs in. The hold-back comes before the verdict, so its length says nothing about the password.
 * If the shared store is unreachable, sign-in keeps working (the per-address rate limit still
 * holds) rather than locking every customer out.
 */
export class LoginThrottle {
  private readonly windowMs: number;
  private readonly wait: (ms: number) => Promise<void>;

  constructor(
    private readonly store: LoginFailureStore,
    private readonly maxFailures: number,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    options: LoginThrottleOptions = {},
  ) {
    this.windowMs = options.windowMs ?? LOGIN_FAILURE_WINDOW_MS;
    this.wait = options.wait ?? ((ms) => sleep(ms));
  }

  /**
   * Called before a password is checked. Answers the seconds this address must wait before it may
   * try this account again, or holds the attempt back as long as the account's failures ask and
   * answers undefined.
   */
  async admit(email: string, address: string): Promise<number | undefined> {
    const keys = failureKeys(email, clientNetwork(address));
    const [account, fromHere] = await this.store
      .get([keys.account, keys.address])
      .catch((error: unknown) => this.unavailable(error, []));
    if (fromHere && fromHere.count >= this.maxFailures) {
      const waitMs = fromHere.resetAt.getTime() - this.clock.now().getTime();
      if (waitMs > 0) return Math.ceil(waitMs / 1000);
    }
    const delayMs = this.delayFor(account?.count ?? 0);
    if (delayMs > 0) await this.wait(delayMs);
    return undefined;
  }

  async recordFailure(email: string, address: string): Promise<void> {
    const keys = failureKeys(email, clientNetwork(address));
    await this.store
      .increment([keys.account, keys.address], this.windowMs)
      .catch((error: unknown) => this.unavailable(error, undefined));
  }

  /**
   * Forgets this address's failures for the account. The account's own count stays: a flood from
   * elsewhere goes on whether or not the owner has just signed in.
   */
  async succeeded(email: string, address: string): Promise<void> {
    await this.store
      .reset(failureKeys(email, clientNetwork(address)).address)
      .catch((error: unknown) => this.unavailable(error, undefined));
  }

  private delayFor(accountFailures: number): number {
    if (accountFailures < this.maxFailures) return 0;
    const doublings = Math.floor((accountFailures - this.maxFailures) / this.maxFailures);
    return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(doublings, 16));
  }

  private unavailable<T>(error: unknown, fallback: T): T {
    this.log.warn({ err: error }, 'login failure counter unavailable');
    return fallback;
  }
}
