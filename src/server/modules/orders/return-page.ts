import type { Config } from '#server/config.ts';

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

/** The store front's payment result page (DESIGN.md section 4), under STOREFRONT_URL. */
export function defaultReturnPage(config: Config): string {
  return `${config.storefrontUrl.replace(/\/+$/, '')}/payment-success`;
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
export function isAllowedReturnPage(config: Config, page: string): boolean {
  let url: URL;
  try {
    url = new URL(page);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username !== '' || url.password !== '') return false;
  return returnOriginsOf(config).has(url.origin);
}
