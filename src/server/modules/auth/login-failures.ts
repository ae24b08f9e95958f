import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '#server/lib/clock.ts';

/** Failed sign-ins counted under one key in the current window. */
interface FailureWindow {
  count: number;
  /** When the window closes and the count starts again from zero. */
  resetAt: Date;
}

/**
 * Counts failed sign-ins per key over a fixed window (the throttle keeps one count per account and
 * one per account and address). Kept behind an interface so that several API instances can share
 * the counts (Redis) while a single node needs nothing extra. Calls take several keys at once so
 * that Redis answers them in one round trip.
 */
export interface LoginFailureStore {
  /** The open window of each key (undefined when it has no recent failures), in the same order. */
  get(keys: readonly string[]): Promise<(FailureWindow | undefined)[]>;
  /** Counts one more failure under each key, opening a window of windowMs where none is open. */
  increment(keys: readonly string[], windowMs: number): Promise<FailureWindow[]>;
  reset(key: string): Promise<void>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The keys one sign-in attempt counts under: its account, and its account as seen from its client
 * network. Both are hashes, so no email or address sits in the store, and they share the account's
 * hash in braces so that Redis Cluster keeps them in one slot (one round trip, one script).
 */
export function failureKeys(email: string, network: string): { account: string; address: string } {
  const account = `{${sha256(email.trim().toLowerCase())}}`;
  return { account, address: `${account}:${sha256(network)}` };
}

export class MemoryLoginFailureStore implements LoginFailureStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly clock: Clock) {}

  get(keys: readonly string[]): Promise<(FailureWindow | undefined)[]> {
    return Promise.resolve(keys.map((key) => this.open(key)));
  }

  increment(keys: readonly string[], windowMs: number): Promise<FailureWindow[]> {
    const now = this.clock.now().getTime();
    this.sweep(now);
    return Promise.resolve(
      keys.map((key) => {
        const current = this.windows.get(key);
        const next =
          current && current.resetAt > now
            ? { count: current.count + 1, resetAt: current.resetAt }
            : { count: 1, resetAt: now + windowMs };
        this.windows.set(key, next);
        return { count: next.count, resetAt: new Date(next.resetAt) };
      }),
    );
  }

  reset(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }

  private open(key: string): FailureWindow | undefined {
    const current = this.windows.get(key);
    if (!current) return undefined;
    if (current.resetAt <= this.clock.now().getTime()) {
      this.windows.delete(key);
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

/** For each key: INCR and start the expiry on the first failure, atomically, and report the time left. */
const INCREMENT = `
local out = {}
for _, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  table.insert(out, count)
  table.insert(out, ttl)
end
return out
`;

/**
 * Shares the counts between instances, over the app's own Redis connection (closed with the app).
 * Redis expires each window on its own clock; the time left is turned into a date on the caller's
 * clock, the one the throttle compares it with.
 */
export class RedisLoginFailureStore implements LoginFailureStore {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly prefix = 'bicycle-store:login-failures:',
  ) {}

  async get(keys: readonly string[]): Promise<(FailureWindow | undefined)[]> {
    const batch = this.redis.multi();
    for (const key of keys) batch.get(this.prefix + key).pttl(this.prefix + key);
    const results = (await batch.exec()) ?? [];
    const now = this.clock.now().getTime();
    return keys.map((_key, i) => {
      const count = results[2 * i]?.[1];
      const ttl = results[2 * i + 1]?.[1];
      if (typeof count !== 'string' || typeof ttl !== 'number' || ttl <= 0) return undefined;
      return { count: Number(count), resetAt: new Date(now + ttl) };
    });
  }

  async increment(keys: readonly string[], windowMs: number): Promise<FailureWindow[]> {
    const reply = await this.redis.eval(
      INCREMENT,
      keys.length,
      ...keys.map((key) => this.prefix + key),
      String(windowMs),
    );
    const numbers = Array.isArray(reply) ? reply : [];
    const now = this.clock.now().getTime();
    return keys.map((_key, i) => {
      const count: unknown = numbers[2 * i];
      const ttl: unknown = numbers[2 * i + 1];
      if (typeof count !== 'number' || typeof ttl !== 'number') {
        throw new Error('unexpected reply from the login failure counter');
      }
      return { count, resetAt: new Date(now + ttl) };
    });
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

/** Several instances share the counts through the app's Redis when REDIS_URL is set. */
export function loginFailureStore(redis: Redis | undefined, clock: Clock): LoginFailureStore {
  return redis ? new RedisLoginFailureStore(redis, clock) : new MemoryLoginFailureStore(clock);
}
