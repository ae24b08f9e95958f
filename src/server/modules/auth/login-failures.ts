import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock.ts';

/** Failed sign-ins of one account in the current window. */
export interface FailureWindow {
  count: number;
  /** When the window closes and the count starts again from zero. */
  resetAt: Date;
}

/**
 * Counts failed sign-ins per account over a fixed window. Kept behind an interface so that
 * several API instances can share one count (Redis) while a single node needs nothing extra.
 */
export interface LoginFailureStore {
  /** The open window of this account, or undefined when it has no recent failures. */
  get(account: string): Promise<FailureWindow | undefined>;
  /** Counts one more failure, opening a window of windowMs if none is open. */
  increment(account: string, windowMs: number): Promise<FailureWindow>;
  reset(account: string): Promise<void>;
  close(): Promise<void>;
}

/** Accounts are keyed by a hash of the normalized email, so no address sits in the store. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export class MemoryLoginFailureStore implements LoginFailureStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly clock: Clock) {}

  get(account: string): Promise<FailureWindow | undefined> {
    return Promise.resolve(this.open(account));
  }

  increment(account: string, windowMs: number): Promise<FailureWindow> {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const current = this.windows.get(account);
    const next =
      current && current.resetAt > now
        ? { count: current.count + 1, resetAt: current.resetAt }
        : { count: 1, resetAt: now + windowMs };
    this.windows.set(account, next);
    return Promise.resolve({ count: next.count, resetAt: new Date(next.resetAt) });
  }

  reset(account: string): Promise<void> {
    this.windows.delete(account);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.windows.clear();
    return Promise.resolve();
  }

  private open(account: string): FailureWindow | undefined {
    const current = this.windows.get(account);
    if (!current) return undefined;
    if (current.resetAt <= this.clock.now().getTime()) {
      this.windows.delete(account);
      return undefined;
    }
    return { count: current.count, resetAt: new Date(current.resetAt) };
  }

  /** Drops closed windows now and then, so a stream of made-up emails cannot grow the map forever. */
  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, value] of this.windows) if (value.resetAt <= now) this.windows.delete(key);
  }
}

/** INCR and start the expiry on the first failure, atomically, and report the time left. */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** Shares the counts between instances; Redis expires each window on its own clock. */
export class RedisLoginFailureStore implements LoginFailureStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'bicycle-store:login-failures:',
  ) {}

  async get(account: string): Promise<FailureWindow | undefined> {
    const key = this.prefix + account;
    const results = await this.redis.multi().get(key).pttl(key).exec();
    const count = results?.[0]?.[1];
    const ttl = results?.[1]?.[1];
    if (typeof count !== 'string' || typeof ttl !== 'number' || ttl <= 0) return undefined;
    return { count: Number(count), resetAt: new Date(Date.now() + ttl) };
  }

  async increment(account: string, windowMs: number): Promise<FailureWindow> {
    const reply = await this.redis.eval(INCREMENT, 1, this.prefix + account, String(windowMs));
    if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
      throw new Error('unexpected reply from the login failure counter');
    }
    return { count: reply[0], resetAt: new Date(Date.now() + reply[1]) };
  }

  async reset(account: string): Promise<void> {
    await this.redis.del(this.prefix + account);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => {
      this.redis.disconnect();
    });
  }
}
