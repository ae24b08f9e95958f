import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'bicycle-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.accessTokenTtlMs).toBe(15 * 60_000);
    expect(config.refreshTokenTtlMs).toBe(7 * 86_400_000);
    expect(config.payments.provider).toBe('sandbox');
    expect(config.payments.timeoutMs).toBe(30 * 60_000);
    expect(config.rateLimitMax).toBe(600);
    expect(config.authRateLimitMax).toBe(10);
    expect(config.loginMaxFailures).toBe(10);
    expect(config.corsOrigins).toEqual([]);
    expect(config.seedDemo).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('writes JSON logs in production and wherever LOG_FORMAT says json', () => {
    const production = { DATA_DIR: tmp(), NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...production, ALLOW_SANDBOX_PAYMENTS: 'true' }).logFormat).toBe('json');
    expect(loadConfig({ DATA_DIR: tmp(), LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ DATA_DIR: tmp(), LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ DATA_DIR: tmp(), LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('does not seed a PostgreSQL database unless asked', () => {
    const config = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://localhost/shop' });
    expect(config.seedDemo).toBe(false);
    expect(
      loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://x/y', SEED_DEMO: 'true' }).seedDemo,
    ).toBe(true);
  });

  it.each([
    ['PORT', 'not-a-port'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/shop'],
    ['ACCESS_TOKEN_TTL', 'soon'],
    ['PAYMENT_PROVIDER', 'paypal'],
    ['LOG_LEVEL', 'loud'],
    ['RATE_LIMIT_MAX', '-1'],
    ['APP_URL', 'not a url'],
    ['SEED_DEMO', 'maybe'],
  ])('stops with a message naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET: is required/,
    );
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('requires the Stripe keys when Stripe is the provider', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });

  it('generates a JWT secret once, kept in DATA_DIR with mode 0600', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first).toHaveLength(64);
    expect(second).toBe(first);
    const file = path.join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('parses CORS_ORIGINS as a list', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it('refuses the sandbox provider in production unless ALLOW_SANDBOX_PAYMENTS=true', () => {
    const production = { DATA_DIR: tmp(), NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(/PAYMENT_PROVIDER: .*ALLOW_SANDBOX_PAYMENTS=true/);
    expect(loadConfig({ ...production, ALLOW_SANDBOX_PAYMENTS: 'true' }).payments.provider).toBe(
      'sandbox',
    );
    expect(loadConfig({ DATA_DIR: tmp() }).payments.provider).toBe('sandbox');
  });

  it.each([
    ['1', 1],
    ['false', false],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('refuses TRUST_PROXY=true, which would let any client choose its address', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY:/);
  });

  it('defaults the new limits and addresses from APP_URL', () => {
    const config = loadConfig({ DATA_DIR: tmp(), APP_URL: 'https://shop.example/' });
    expect(config.maxUnpaidOrders).toBe(3);
    expect(config.adminPromoteExisting).toBe(false);
    expect(config.trustProxy).toBe(false);
    expect(config.publicAssetUrl).toBe('https://shop.example');
    expect(config.storefrontUrl).toBe('https://shop.example');
  });
});
