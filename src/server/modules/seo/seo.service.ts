import { escapeHtml } from '#server/lib/html.ts';
import type { Deps } from '#server/deps.ts';
import {
  countLiveProducts,
  liveProductIdAt,
  liveProductsFrom,
  type SitemapProduct,
} from './seo.repository.ts';

/** The sitemaps protocol's limit of URLs in one file (sitemaps.org). */
const SITEMAP_MAX_URLS = 50_000;

/** The store front's public pages besides the products. */
const STATIC_PAGES = ['/', '/shop', '/about', '/contact'] as const;

/** Products read per query while a sitemap streams: memory stays flat whatever the catalog's size. */
const BATCH = 2000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlEntry(loc: string, lastmod?: Date): string {
  const mod = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return `<url><loc>${escapeHtml(loc)}</loc>${mod}</url>\n`;
}

function productPageUrl(appUrl: string, slug: string): string {
  return `${appUrl}/bikes/${slug}`;
}

/** `count` live products in id order, starting at `position`, read a batch at a time. */
async function* productEntries(
  { db, config }: Deps,
  position: number,
  count: number,
): AsyncGenerator<string> {
  const firstId = await liveProductIdAt(db, position);
  if (firstId === undefined) return;
  let left = count;
  let page: SitemapProduct[] = await liveProductsFrom(
    db,
    { fromId: firstId },
    Math.min(BATCH, left),
  );
  while (page.length > 0) {
    yield page.map((p) => urlEntry(productPageUrl(config.appUrl, p.slug), p.updatedAt)).join('');
    left -= page.length;
    const last = page[page.length - 1];
    if (left <= 0 || !last || page.length < BATCH) return;
    page = await liveProductsFrom(db, { afterId: last.id }, Math.min(BATCH, left));
  }
}

/**
 * /sitemap.xml: every public page and live product in one file while they fit the protocol's
 * limit; above it, an index of /sitemap-pages.xml and /sitemap-products-N.xml parts.
 */
export async function sitemap(deps: Deps, partSize = SITEMAP_MAX_URLS) {
  const { appUrl } = deps.config;
  const total = await countLiveProducts(deps.db);
  if (total + STATIC_PAGES.length <= partSize) return { kind: 'urlset', body: everything() };
  return { kind: 'index', body: index() };

  async function* everything(): AsyncGenerator<string> {
    yield `${XML_HEAD}<urlset xmlns="${NS}">\n`;
    for (const page of STATIC_PAGES) yield urlEntry(`${appUrl}${page}`);
    yield* productEntries(deps, 0, total);
    yield '</urlset>\n';
  }

  // eslint-disable-next-line @typescript-eslint/require-await
  async function* index(): AsyncGenerator<string> {
    yield `${XML_HEAD}<sitemapindex xmlns="${NS}">\n`;
    yield `<sitemap><loc>${escapeHtml(`${appUrl}/sitemap-pages.xml`)}</loc></sitemap>\n`;
    for (let part = 1; part <= Math.ceil(total / partSize); part += 1)
      yield `<sitemap><loc>${escapeHtml(`${appUrl}/sitemap-products-${String(part)}.xml`)}</loc></sitemap>\n`;
    yield '</sitemapindex>\n';
  }
}

// eslint-disable-next-line @typescript-eslint/require-await
export async function* pagesSitemap(appUrl: string): AsyncGenerator<string> {
  yield `${XML_HEAD}<urlset xmlns="${NS}">\n`;
  for (const page of STATIC_PAGES) yield urlEntry(`${appUrl}${page}`);
  yield '</urlset>\n';
}

/** Part `part` (from 1) of the products, or undefined when there is no such part. */
export async function productsSitemap(
  deps: Deps,
  part: number,
  partSize = SITEMAP_MAX_URLS,
): Promise<AsyncGenerator<string> | undefined> {
  const total = await countLiveProducts(deps.db);
  if (part < 1 || (part - 1) * partSize >= total) return undefined;
  return (async function* () {
    yield `${XML_HEAD}<urlset xmlns="${NS}">\n`;
    yield* productEntries(deps, (part - 1) * partSize, partSize);
    yield '</urlset>\n';
  })();
}

/** Keeps crawlers out of the pages that are private or empty for them, and names the sitemap. */
export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /dashboard',
    'Disallow: /cart',
    'Disallow: /me',
    'Disallow: /orders',
    'Disallow: /api/',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
