import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock, type Clock } from '#server/lib/clock.ts';
import {
  MemoryLoginFailureStore,
  RedisLoginFailureStore,
  type LoginFailureStore,
} from './login-failures.ts';
import { clientNetwork, LoginThrottle } from './login-throttle.ts';

const MAX = 3;
const quiet = { warn: () => undefined };

interface Harness {
  throttle: LoginThrottle;
  /** Every hold-back the throttle asked for, in milliseconds. */
  waits: number[];
}

function harness(store: LoginFailureStore, clock: Clock): Harness {
  const waits: number[] = [];
  const throttle = new LoginThrottle(store, MAX, clock, quiet, {
    wait: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  });
  return { throttle, waits };
}

const email = () => `target-${randomBytes(6).toString('hex')}@example.com`;

const redisUrl = process.env.TEST_REDIS_URL;
const redisClients: Redis[] = [];
afterAll(async () => {
  await Promise.all(redisClients.map((client) => client.quit()));
});

const stores: [string, (clock: Clock) => LoginFailureStore][] = [
  ['memory', (clock) => new MemoryLoginFailureStore(clock)],
  // Registered where a Redis server is provided (CI sets TEST_REDIS_URL).
  ...(redisUrl
    ? [
        [
          'Redis',
          (clock: Clock) => {
            const client = new Redis(redisUrl);
            redisClients.push(client);
            return new RedisLoginFailureStore(client, clock);
          },
        ] as [string, (clock: Clock) => LoginFailureStore],
      ]
    : []),
];

describe.each(stores)('sign-in throttle (%s store)', (_name, makeStore) => {
  it('holds every attempt on an account back once its failures from all addresses reach the limit, longer as they grow, at most 3 s', async () => {
    const clock = manualClock();
    const { throttle, waits } = harness(makeStore(clock), clock);
    const target = email();
    for (let i = 0; i < 18; i += 1) {
      const address = `203.0.113.${String(i)}`;
      expect(await throttle.admit(target, address)).toBeUndefined();
      await throttle.recordFailure(target, address);
    }
    expect(waits).toEqual([
      250, 250, 250, 500, 500, 500, 1000, 1000, 1000, 2000, 2000, 2000, 3000, 3000, 3000,
    ]);
    // Another account is not held back.
    waits.length = 0;
    expect(await throttle.admit(email(), '203.0.113.1')).toBeUndefined();
    expect(waits).toEqual([]);
  });

  it('turns away the address that reached the limit with the seconds left in its window, without holding it', async () => {
    const clock = manualClock();
    const { throttle, waits } = harness(makeStore(clock), clock);
    const target = email();
    for (let i = 0; i < MAX; i += 1) await throttle.recordFailure(target, '198.51.100.7');
    waits.length = 0;
    const retryAfter = await throttle.admit(target, '198.51.100.7');
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(waits).toEqual([]);
    expect(await throttle.admit(target, '198.51.100.8')).toBeUndefined();
  });

  it("forgets an address's failures when it signs in, but keeps the account's", async () => {
    const clock = manualClock();
    const { throttle, waits } = harness(makeStore(clock), clock);
    const target = email();
    for (let i = 0; i < MAX; i += 1) await throttle.recordFailure(target, '198.51.100.7');
    await throttle.succeeded(target, '198.51.100.7');
    waits.length = 0;
    expect(await throttle.admit(target, '198.51.100.7')).toBeUndefined();
    expect(waits).toEqual([250]);
  });
});

describe('clientNetwork', () => {
  it('keeps an IPv4 address whole and reads IPv4-mapped IPv6 as IPv4', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('::FFFF:203.0.113.9')).toBe('203.0.113.9');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const net = clientNetwork('2001:db8:1:2::1');
    expect(net).toBe('2001:db8:1:2::/64');
    for (const same of [
      '2001:0db8:0001:0002:ffff:1:2:3',
      '2001:DB8:1:2:0:0:0:9',
      '2001:db8:1:2::1%eth0',
      '2001:db8:1:2::192.0.2.1',
    ])
      expect(clientNetwork(same), same).toBe(net);
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(net);
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });

  it('passes anything else through unchanged', () => {
    expect(clientNetwork('not-an-address')).toBe('not-an-address');
  });
});
