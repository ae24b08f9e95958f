import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { ImageUrls } from '../uploads/images.ts';

/** What the order rules need from the app: the database, the provider, the clock, a logger and settings. */
export interface OrderDeps {
  db: Db;
  payments: PaymentProvider;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The page the provider sends the shopper back to, unless the order names another. */
  defaultReturnPage: string;
  /** Origins whose pages an order may name as its return page (exact origins). */
  returnOrigins: ReadonlySet<string>;
  /** Unpaid, not cancelled orders a customer may hold at once. */
  maxUnpaidOrders: number;
  /** The absolute URLs of product pictures in order answers. */
  imageUrls: ImageUrls;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The store's own origins (STOREFRONT_URL, APP_URL) and CORS_ORIGINS, worked out once per config. */
const returnOriginsByConfig = new WeakMap<Config, ReadonlySet<string>>();

function returnOriginsOf(config: Config): ReadonlySet<string> {
  let origins = returnOriginsByConfig.get(config);
  if (!origins) {
    origins = new Set(
      [config.storefrontUrl, config.appUrl, ...config.corsOrigins]
        .map(originOf)
        .filter((o): o is string => o !== undefined && o !== 'null'),
    );
    returnOriginsByConfig.set(config, origins);
  }
  return origins;
}

export function orderDeps(app: FastifyInstance, log: FastifyBaseLogger = app.log): OrderDeps {
  return {
    db: app.db,
    payments: app.payments,
    clock: app.clock,
    log,
    defaultReturnPage: defaultReturnPage(app.config.storefrontUrl),
    returnOrigins: returnOriginsOf(app.config),
    maxUnpaidOrders: app.config.maxUnpaidOrders,
    imageUrls: app.imageUrls,
  };
}

/** The store front's payment result page (DESIGN.md section 4), under STOREFRONT_URL. */
export function defaultReturnPage(storefrontUrl: string): string {
  return `${storefrontUrl.replace(/\/+$/, '')}/payment-success`;
}

/**
 * Where every provider sends the browser back: the return page with the order's id in its query
 * (set, not appended, so a page cannot smuggle in another order's id). The page asks verify.
 */
export function paymentReturnUrl(returnPage: string, orderId: string): string {
  const url = new URL(returnPage);
  url.searchParams.set('order_id', orderId);
  return url.toString();
}

/**
 * A return page an order may name: an absolute http(s) address on the store's own origin or one
 * of CORS_ORIGINS, with no credentials in it. Anything else would make the payment page an open
 * redirect.
 */
export function isAllowedReturnPage(deps: Pick<OrderDeps, 'returnOrigins'>, page: string): boolean {
  let url: URL;
  try {
    url = new URL(page);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username !== '' || url.password !== '') return false;
  return deps.returnOrigins.has(url.origin);
}
