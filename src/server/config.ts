import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Durations like 15m, 7d, 30s, 2h or plain milliseconds. */
const duration = z
  .string()
  .trim()
  .regex(/^\d+(ms|s|m|h|d)?$/, 'must be a duration such as 30s, 15m, 7d')
  .transform((v) => {
    const match = /^(\d+)(ms|s|m|h|d)?$/.exec(v);
    const n = Number(match?.[1]);
    const unit = match?.[2] ?? 'ms';
    const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit] ?? 1;
    return n * factor;
  })
  .refine((ms) => ms > 0, 'must be greater than zero');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const positiveInt = z.coerce.number().int().positive();

/**
 * Fastify's trustProxy: off (false), a hop count, or the proxies' addresses (IPs or CIDR ranges,
 * comma-separated). `true` (trust every hop) is refused: any client could then choose its address.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    if (['false', '0', 'off', 'no'].includes(v)) return false;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const address = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;
    if (list.length === 0 || !list.every((a) => address.test(a))) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a hop count or a comma-separated list of proxy addresses',
      });
      return z.NEVER;
    }
    return list;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    APP_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL: duration.prefault('15m'),
    REFRESH_TOKEN_TTL: duration.prefault('7d'),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    ADMIN_NAME: z.string().min(1).default('Store Admin'),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_API_BASE: z.url().optional(),
    PAYMENT_TIMEOUT: duration.prefault('30m'),
    SEED_DEMO: bool.optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    RATE_LIMIT_MAX: positiveInt.default(600),
    AUTH_RATE_LIMIT_MAX: positiveInt.default(10),
    LOGIN_MAX_FAILURES: positiveInt.default(10),
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    API_DOCS: bool.optional(),
    CLIENT_DIR: z.string().min(1).optional(),
    TRUST_PROXY: trustProxy.optional(),
    ALLOW_SANDBOX_PAYMENTS: bool.optional(),
    MAX_UNPAID_ORDERS: positiveInt.default(3),
    ADMIN_PROMOTE_EXISTING: bool.optional(),
    PUBLIC_ASSET_URL: z.url().optional(),
    STOREFRONT_URL: z.url().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    LOW_STOCK_DIGEST: bool.optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required when NODE_ENV=production',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    if (
      env.NODE_ENV === 'production' &&
      env.PAYMENT_PROVIDER === 'sandbox' &&
      env.ALLOW_SANDBOX_PAYMENTS !== true
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message:
          'the sandbox provider accepts a public test card; with NODE_ENV=production set PAYMENT_PROVIDER=stripe, or ALLOW_SANDBOX_PAYMENTS=true to run it anyway',
      });
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when PAYMENT_PROVIDER=stripe',
          });
      }
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  admin: { email: string; password: string; name: string } | undefined;
  payments: {
    provider: 'sandbox' | 'stripe';
    stripeSecretKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    stripeApiBase: string | undefined;
    timeoutMs: number;
  };
  seedDemo: boolean;
  logLevel: string;
  /** JSON lines, or pino-pretty's colored lines for a person at a terminal (development). */
  logFormat: 'json' | 'pretty';
  rateLimitMax: number;
  authRateLimitMax: number;
  loginMaxFailures: number;
  corsOrigins: string[];
  redisUrl: string | undefined;
  apiDocs: boolean;
  /** The built React app; defaults to dist/client. */
  clientDir: string | undefined;
  /** Fastify's trustProxy: false, a hop count or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Unpaid, not cancelled orders a customer may hold at once. */
  maxUnpaidOrders: number;
  /** Whether ADMIN_EMAIL may turn an existing customer into an admin. */
  adminPromoteExisting: boolean;
  /** Base of the image URLs the API returns (a CDN); defaults to appUrl. */
  publicAssetUrl: string;
  /** Where the provider sends a shopper back after paying; defaults to appUrl. */
  storefrontUrl: string;
  mail: { smtpUrl: string | undefined; from: string };
  /** A daily mail to the admins listing the sizes under the low-stock threshold; off by default. */
  lowStockDigest: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the secret kept in DATA_DIR, creating it (mode 0600) on first start. */
function localJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** The one reader of process.env. Unset or empty variables take their defaults. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const appUrl = (env.APP_URL ?? `http://localhost:${String(env.PORT)}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    jwtSecret: env.JWT_SECRET ?? localJwtSecret(dataDir),
    accessTokenTtlMs: env.ACCESS_TOKEN_TTL,
    refreshTokenTtlMs: env.REFRESH_TOKEN_TTL,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME }
        : undefined,
    payments: {
      provider: env.PAYMENT_PROVIDER,
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: env.STRIPE_API_BASE,
      timeoutMs: env.PAYMENT_TIMEOUT,
    },
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    logFormat:
      env.LOG_FORMAT ?? (env.NODE_ENV !== 'production' && process.stdout.isTTY ? 'pretty' : 'json'),
    rateLimitMax: env.RATE_LIMIT_MAX,
    authRateLimitMax: env.AUTH_RATE_LIMIT_MAX,
    loginMaxFailures: env.LOGIN_MAX_FAILURES,
    corsOrigins: env.CORS_ORIGINS,
    redisUrl: env.REDIS_URL,
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
    clientDir: env.CLIENT_DIR ? path.resolve(env.CLIENT_DIR) : undefined,
    trustProxy: env.TRUST_PROXY ?? false,
    maxUnpaidOrders: env.MAX_UNPAID_ORDERS,
    adminPromoteExisting: env.ADMIN_PROMOTE_EXISTING ?? false,
    publicAssetUrl: (env.PUBLIC_ASSET_URL ?? appUrl).replace(/\/+$/, ''),
    storefrontUrl: (env.STOREFRONT_URL ?? appUrl).replace(/\/+$/, ''),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? 'Bi-Cycle Store <store@localhost>' },
    lowStockDigest: env.LOW_STOCK_DIGEST ?? false,
  };
}
