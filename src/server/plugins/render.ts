import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { PageHead, RenderResult } from '#shared/contract/page-render.ts';
import { escapeHtml } from '#server/lib/html.ts';
import { PAGE_CACHE_LIMITS, PageCache, type PageCacheLimits } from './page-cache.ts';
import { PageTemplate, ROOT } from './page-template.ts';

/** What the server bundle of the app (src/client/entry-server.tsx) exports. */
interface ServerBundle {
  render: (
    url: string,
    options: { origin: string; fetchApi: (request: Request) => Promise<Response> },
  ) => Promise<RenderResult>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export interface RenderedPage {
  status: number;
  /** Bytes when kept in the page cache: each hit sends them as they are, without encoding again. */
  html: string | Buffer;
  location?: string;
  /** Served from the page cache: the same object (and bytes) on every hit. */
  cached?: boolean;
}

/** The header that lets the renderer's own API calls past the per-address rate limit. */
export const RENDER_TOKEN_HEADER = 'x-storefront-render';

const DEFAULT_IMAGE = '/hero/hero-road-1600.webp';

export interface Renderer {
  /** The page's HTML, or undefined when it is rendered in the browser only. */
  render(url: string): Promise<RenderedPage | undefined>;
  /** The plain error page, for a render that failed. */
  errorPage: string;
}

/**
 * Loads the app's server bundle (`../ssr/entry-server.js` beside the built client) and renders
 * store-front pages into index.html. Without that bundle (API-only runs) there is no renderer and
 * every page gets the plain index.html.
 */
export async function loadRenderer(
  app: FastifyInstance,
  clientDir: string,
  indexHtml: string,
  options: { appUrl: string; renderToken: string; cache?: PageCacheLimits },
): Promise<Renderer | undefined> {
  const bundlePath = path.resolve(clientDir, '..', 'ssr', 'entry-server.js');
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(bundlePath) || !existsSync(manifestPath) || !indexHtml.includes(ROOT)) {
    return undefined;
  }
  const bundle = (await import(pathToFileURL(bundlePath).href)) as ServerBundle;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;

  // The loaders' API calls, answered by this app in the same process. The renderer asks on behalf
  // of every visitor at once, so its calls carry the token that lets them past the per-address
  // rate limit.
  const fetchApi = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const answer = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: { accept: 'application/json', [RENDER_TOKEN_HEADER]: options.renderToken },
    });
    const headers = new Headers();
    const type = answer.headers['content-type'];
    if (typeof type === 'string') headers.set('content-type', type);
    return new Response(answer.body, { status: answer.statusCode, headers });
  };

  const chunkFiles = (key: string, seen = new Set<string>()): string[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => chunkFiles(k, seen))];
  };
  const base = indexHtml
    // The page's picture and stylesheet come before the scripts, which only add interaction.
    .replaceAll(
      '<script type="module" crossorigin',
      '<script type="module" fetchpriority="low" crossorigin',
    )
    .replaceAll(
      '<link rel="modulepreload" crossorigin',
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    );

  const template = new PageTemplate(base);

  const head = (meta: PageHead | undefined, canonical: string | undefined): string => {
    if (!meta) return '';
    const image = meta.image ?? DEFAULT_IMAGE;
    const absoluteImage = /^https?:\/\//.test(image) ? image : `${options.appUrl}${image}`;
    const tags = [
      canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
      `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
      `<meta property="og:type" content="${escapeHtml(meta.type ?? 'website')}">`,
      `<meta property="og:image" content="${escapeHtml(absoluteImage)}">`,
      canonical ? `<meta property="og:url" content="${escapeHtml(canonical)}">` : '',
      '<meta name="twitter:card" content="summary_large_image">',
    ];
    return tags.filter(Boolean).join('\n    ');
  };

  const page = (url: URL, result: Extract<RenderResult, { kind: 'page' }>): string => {
    const alreadyLinked = (file: string) => base.includes(`/${file}"`);
    const modulePreloads = [...new Set(result.modules.flatMap((m) => chunkFiles(m)))]
      .filter((file) => !alreadyLinked(file))
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
      .join('\n    ');
    // A filtered shop is a page of its own; elsewhere the query adds nothing.
    const canonical =
      result.status === 200
        ? `${options.appUrl}${url.pathname}${url.pathname === '/shop' ? url.search : ''}`
        : undefined;
    return template.fill({
      ...(result.meta && {
        title: `<title>${escapeHtml(result.meta.title)}</title>`,
        description: `<meta name="description" content="${escapeHtml(result.meta.description)}" />`,
      }),
      preloads: `\n    ${result.preloads}`,
      head: `    ${head(result.meta, canonical)}\n    ${modulePreloads}\n  `,
      root: `<div id="root">${result.html}</div>\n    <script type="application/json" id="initial-data">${result.data}</script>`,
    });
  };

  const cache = new PageCache(options.cache ?? PAGE_CACHE_LIMITS);
  return {
    errorPage: `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Something went wrong | Bi-Cycle Store</title></head><body><main><h1>Something went wrong.</h1><p>This page could not be shown. Please try again in a moment.</p><p><a href="/">Back Home</a></p></main></body></html>`,
    async render(rawUrl) {
      const cached = cache.get(rawUrl, app.catalogCache.currentVersion());
      if (cached) return cached;
      // Read before rendering: a page rendered while the catalog changed is not kept.
      const version = app.catalogCache.currentVersion();
      const url = new URL(rawUrl, 'http://localhost');
      const result = await bundle.render(url.pathname + url.search, {
        origin: options.appUrl,
        fetchApi,
      });
      if (result.kind === 'client') return undefined;
      if (result.kind === 'redirect') {
        return { status: result.status, html: '', location: result.location };
      }
      const rendered = { status: result.status, html: page(url, result) };
      if (result.catalog && result.status < 500) cache.set(rawUrl, rendered, version);
      return rendered;
    },
  };
}
