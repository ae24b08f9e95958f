import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { listenForCatalogChanges, type ChangeFeed } from './db/change-feed.ts';
import type { Database, Db } from './db/client.ts';
import type { Deps } from './deps.ts';
import { AppError } from './lib/app-error.ts';
import { BackgroundTasks } from './lib/background.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { closeRedis, connectRedis } from './lib/redis.ts';
import { redactingLoggerOptions } from './lib/log-redaction.ts';
import { ResponseCache } from './lib/response-cache.ts';
import { addressesRoutes } from './modules/addresses/addresses.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { loginFailureStore } from './modules/auth/login-failures.ts';
import { LoginThrottle } from './modules/auth/login-throttle.ts';
import { AccessTokens } from './modules/auth/tokens.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mailPlugin, type MailOptions } from './modules/mail/mail.plugin.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import {
  lowStockDigestPlugin,
  type LowStockDigestOptions,
} from './modules/mail/low-stock-digest.ts';
import { stockAlertPageRoutes, stockAlertRoutes } from './modules/mail/stock-alerts.routes.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { orderSweepPlugin, type OrderSweepOptions } from './modules/orders/order-sweep.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { CatalogSuggestions } from './modules/products/suggestion-index.service.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { locationsRoutes } from './modules/locations/locations.routes.ts';
import { ImageStore, ImageUrls } from './modules/uploads/images.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { configuredProvider } from './payments/configured-provider.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { authPlugin } from './plugins/auth.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { RENDER_TOKEN_HEADER } from './plugins/render.ts';
import { staticPlugin } from './plugins/static.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    clock: Clock;
    images: ImageStore;
    /** The absolute URLs of stored images in API answers (PUBLIC_ASSET_URL). */
    imageUrls: ImageUrls;
    /**
     * Serialized catalog pages; emptied whenever any instance commits a change to the products
     * table (the change feed), and at once by this instance's own committed catalog writes.
     */
    catalogCache: ResponseCache;
    catalogFeed: ChangeFeed;
  }
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Folder of the built React app; unset serves the API only. */
  clientDir?: string;
  /** Logger options (level, stream...); `false` silences it. Secrets are always redacted. */
  logger?: false | LoggerOptions;
  /** A payment provider to use instead of the configured one (tests). */
  payments?: { provider?: PaymentProvider };
  /** The periodic order sweep; without `sweep`, orders are swept only when a test asks. */
  orders?: OrderSweepOptions;
  /** The outbox sender; without `worker`, mails are sent only by `app.mail.flush()` (tests). */
  mail?: MailOptions;
  /** The low-stock digest's timer (with LOW_STOCK_DIGEST); without `schedule`, tests run passes. */
  lowStockDigest?: LowStockDigestOptions;
}

export type App = FastifyInstance;

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify (5.12.8) trusts no hop at all for a bare count,
 * since it cannot tell a proxy from a client that connects directly; TRUST_PROXY=N states that
 * every connection comes through N proxies, so the count becomes the function proxy-addr calls
 * with each hop's index, nearest first: the connecting address is hop 0, the address the nearest
 * proxy appended is hop 1, and so on. Addresses a client wrote before them are never believed.
 */
function proxyTrust(
  setting: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** The body limit of every route that does not set its own (DESIGN.md section 7). */
const JSON_BODY_LIMIT = 16 * 1024;

/** The parts every service is given (deps.ts), made once per app. */
function createDeps(
  app: FastifyInstance,
  provider: PaymentProvider | undefined,
  redis: Redis | undefined,
  suggestions: CatalogSuggestions,
): Deps {
  const { config, clock, db } = app;
  const background = new BackgroundTasks();
  app.addHook('onClose', () => background.settled());
  return {
    db,
    config,
    clock,
    log: app.log,
    images: app.images,
    imageUrls: app.imageUrls,
    payments: provider ?? configuredProvider(config, db, clock),
    accessTokens: new AccessTokens(config.jwtSecret, config.accessTokenTtlMs),
    loginThrottle: new LoginThrottle(
      loginFailureStore(redis, clock),
      config.loginMaxFailures,
      clock,
      app.log,
    ),
    catalogChanged: () => {
      app.catalogCache.invalidate();
      suggestions.changed('marked');
    },
    suggestions,
    background,
  };
}

/**
 * The app's logger: the given options (tests pass a stream), else JSON lines on stdout, or
 * pino-pretty's lines when LOG_FORMAT is pretty (by default at a terminal, outside production).
 * Redaction is added to whatever is given.
 */
async function loggerOptions(
  config: Config,
  given: AppOptions['logger'],
): Promise<LoggerOptions | false> {
  if (given === false) return false;
  const base: LoggerOptions = { level: config.logLevel, ...given, ...redactingLoggerOptions };
  if (given?.stream || config.logFormat !== 'pretty') return base;
  const { default: pretty } = await import('pino-pretty');
  return { ...base, stream: pretty({ sync: true, ignore: 'pid,hostname' }) };
}

export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const app = Fastify({
    logger: await loggerOptions(config, options.logger),
    genReqId: () => randomUUID(),
    // JSON bodies are small (the longest is a product search or a sign-up); refusing more before
    // reading it keeps parsing cheap. Multipart forms are streamed with their own limits
    // (modules/uploads/multipart.ts), and the routes that need more set it on their parser.
    bodyLimit: JSON_BODY_LIMIT,
    // request.ip (rate limits, logs) is the client's address as the trusted proxies saw it.
    trustProxy: proxyTrust(config.trustProxy),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('images', new ImageStore(path.join(config.dataDir, 'uploads')));
  app.decorate('imageUrls', new ImageUrls(config.publicAssetUrl));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const catalogCache = new ResponseCache();
  app.decorate('catalogCache', catalogCache);
  const suggestions = new CatalogSuggestions(options.database.db, app.log, () => feed.live);
  const feed = await listenForCatalogChanges(
    options.database,
    (change) => {
      catalogCache.invalidate();
      suggestions.changed(change);
    },
    (error) => {
      app.log.warn({ err: error }, 'catalog change feed interrupted; reconnecting');
    },
  );
  app.decorate('catalogFeed', feed);
  app.addHook('onClose', () => feed.close().catch(() => undefined));
  // Not awaited: suggestions come from PostgreSQL until the index is built (decision 033).
  suggestions.start();
  app.addHook('onClose', () => suggestions.close());

  // One Redis connection (REDIS_URL) for the rate limits and the sign-in failure counts.
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', () => closeRedis(redis));
  app.decorate('deps', createDeps(app, options.payments?.provider, redis, suggestions));
  app.decorateRequest('deps', {
    getter(this: FastifyRequest) {
      return { ...app.deps, log: this.log };
    },
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  // Pages, answers and scripts travel compressed: on a phone's connection the bytes are the wait.
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 20 } });
  // The multipart parser leaves the body unread until a route reads it. Only the upload routes,
  // which declare multipart/form-data, may: anywhere else such a body is refused unread, so the
  // uploads' larger limits never reach the JSON routes.
  app.addHook('preValidation', (request, _reply, done) => {
    const refused =
      request.isMultipart() &&
      !request.routeOptions.schema?.consumes?.includes('multipart/form-data');
    done(
      refused
        ? new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send this request as JSON.')
        : undefined,
    );
  });
  await app.register(docsPlugin, { ui: config.apiDocs });
  await app.register(authPlugin);
  await app.register(mailPlugin, options.mail ?? {});
  await app.register(orderSweepPlugin, options.orders ?? {});
  await app.register(lowStockDigestPlugin, options.lowStockDigest ?? {});

  // The page renderer's own catalog reads run in this process on behalf of every visitor; a
  // random value per process, so no outside request can claim it.
  const renderToken = randomUUID();
  await app.register(
    async (api) => {
      await api.register(rateLimit, {
        max: config.rateLimitMax,
        timeWindow: '1 minute',
        allowList: (request) => request.headers[RENDER_TOKEN_HEADER] === renderToken,
        // If Redis is down, serve rather than fail every request; the per-account limits still hold.
        ...(redis ? { redis, nameSpace: 'bicycle-store-rl:', skipOnError: true } : {}),
      });
      await api.register(paymentsRoutes, { prefix: '/payments' });
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(usersRoutes, { prefix: '/users' });
      await api.register(addressesRoutes, { prefix: '/users/me/addresses' });
      await api.register(locationsRoutes, { prefix: '/locations' });
      await api.register(productsRoutes, { prefix: '/products' });
      await api.register(ordersRoutes, { prefix: '/orders' });
      await api.register(dashboardRoutes, { prefix: '/dashboard' });
      await api.register(mailRoutes, { prefix: '/dashboard/mail' });
      await api.register(stockAlertRoutes);
      await api.register(reviewsRoutes);
    },
    { prefix: '/api/v1' },
  );

  // At the site's root, outside the API: crawlers look for them there.
  await app.register(seoRoutes);
  // The confirmation link of a stock alert's mail opens a page at the site's root (decision 020).
  await app.register(stockAlertPageRoutes);

  await app.register(staticPlugin, {
    clientDir: options.clientDir,
    uploadsDir: app.images.dir,
    appUrl: config.appUrl,
    renderToken,
  });

  return app;
}
