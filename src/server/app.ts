import { randomUUID } from 'node:crypto';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { listenForCatalogChanges, type ChangeFeed } from './db/change-feed.ts';
import type { Database, Db } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { ResponseCache } from './lib/response-cache.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { paymentsPlugin, type PaymentsOptions } from './modules/payments/payments.plugin.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { ImageStore } from './modules/uploads/images.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticPlugin } from './plugins/static.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    clock: Clock;
    images: ImageStore;
    /** Serialized catalog pages; emptied whenever any instance changes the products table. */
    catalogCache: ResponseCache;
    catalogFeed: ChangeFeed;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Folder of the built React app; unset serves the API only. */
  clientDir?: string;
  /** Logger options (level, stream...); `false` silences it. Secrets are always redacted. */
  logger?: false | Exclude<FastifyServerOptions['logger'], boolean | undefined>;
  payments?: PaymentsOptions;
}

export type App = FastifyInstance;

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.accessToken',
  '*.refreshToken',
  '*.cardNumber',
  '*.cvc',
];

export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const redact = { paths: REDACT, censor: '[redacted]' };
  const logger =
    options.logger === false ? false : { level: config.logLevel, ...options.logger, redact };
  const app = Fastify({
    logger,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Errors the router raises before any route runs (bad URL encoding, over-long parameters) still
    // answer with the envelope.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      // Sent before any hook runs, so the security headers are set here.
      void reply
        .code(status)
        .headers({
          'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'strict-origin-when-cross-origin',
        })
        .send({
          success: false,
          message: status === 414 ? 'The address is too long.' : 'The address is not valid.',
          code: status === 414 ? 'URI_TOO_LONG' : 'BAD_REQUEST',
        });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('images', new ImageStore(path.join(config.dataDir, 'uploads')));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const catalogCache = new ResponseCache();
  app.decorate('catalogCache', catalogCache);
  const feed = await listenForCatalogChanges(
    options.database,
    () => {
      catalogCache.invalidate();
    },
    (error) => {
      app.log.warn({ err: error }, 'catalog change feed interrupted; reconnecting');
    },
  );
  app.decorate('catalogFeed', feed);
  app.addHook('onClose', () => feed.close().catch(() => undefined));
  // A write answered by this instance must not be followed by a stale read from it, even before the
  // database's notification arrives: writes to the catalog or to orders (stock) empty the cache first.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const url = request.url;
    const writes = request.method !== 'GET' && request.method !== 'HEAD';
    if (
      (writes && /^\/api\/v1\/(products|orders|payments)/.test(url)) ||
      url.startsWith('/api/v1/orders/order/verify')
    ) {
      catalogCache.invalidate();
    }
    done(null, payload);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(docsPlugin, { ui: config.apiDocs });
  await app.register(authPlugin);

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis)
    app.addHook('onClose', async () => {
      await redis.quit();
    });

  await app.register(
    async (api) => {
      await api.register(rateLimit, {
        max: config.rateLimitMax,
        timeWindow: '1 minute',
        // If Redis is down, serve rather than fail every request; the per-account limits still hold.
        ...(redis ? { redis, nameSpace: 'bicycle-store-rl:', skipOnError: true } : {}),
      });
      await api.register(paymentsPlugin, options.payments ?? {});
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(usersRoutes, { prefix: '/users' });
      await api.register(productsRoutes, { prefix: '/products' });
      await api.register(ordersRoutes, { prefix: '/orders' });
      await api.register(dashboardRoutes, { prefix: '/dashboard' });
    },
    { prefix: '/api/v1' },
  );

  await app.register(staticPlugin, {
    clientDir: options.clientDir,
    uploadsDir: app.images.dir,
  });

  return app;
}
