import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { BackgroundTasks } from './lib/background.ts';
import type { Clock } from './lib/clock.ts';
import type { LoginThrottle } from './modules/auth/login-throttle.ts';
import type { AccessTokens } from './modules/auth/tokens.ts';
import type { CatalogSuggestions } from './modules/products/suggestion-index.service.ts';
import type { ImageStore, ImageUrls } from './modules/uploads/images.ts';
import type { PaymentProvider } from './payments/provider.ts';

/**
 * What every service is given, as its first argument (docs/decisions/010-service-dependencies.md).
 * buildApp makes it once; a route hands its services `request.deps`, the same parts with the
 * request's logger, so what they log carries the request's id.
 */
export interface Deps {
  db: Db;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Uploaded image files. */
  images: ImageStore;
  /** The absolute URLs of stored images in API answers (PUBLIC_ASSET_URL). */
  imageUrls: ImageUrls;
  payments: PaymentProvider;
  accessTokens: AccessTokens;
  /** Failed sign-ins per account and address, shared through Redis when REDIS_URL is set. */
  loginThrottle: LoginThrottle;
  /**
   * Called once a catalog write is committed, so this instance never serves a catalog page from
   * before it; other instances (and this one, a moment later) hear of it through the change feed.
   */
  catalogChanged: () => void;
  /** The in-process suggestion index, kept from the change feed (decision 033). */
  suggestions: CatalogSuggestions;
  /** Work done after the answer is sent (see lib/background.ts); the app waits for it on close. */
  background: BackgroundTasks;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    deps: Deps;
  }
}
