import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { PageHead, RenderResult } from '#shared/contract/page-render.ts';
import { escapeHtml } from '#server/lib/html.ts';
import { PAGE_CACHE_LIMITS, PageCache, type PageCacheLimits } from './page-cache.ts';
import { PageTemplate, ROOT } from './page-template.ts';

type FetchApi = (request: Request) => Promise<Response>;

/** What the server bundle of the app (src/client/entry-server.tsx) exports. */
interface ServerBundle {
  render: (
    url: string,
    options: {
      origin: string;
      fetchApi: FetchApi;
      form?: { body: string; contentType: string };
      /** Asked for by a page of one shopper's account: whether the visitor has a session. */
      signedIn?: boolean;
    },
  ) => Promise<RenderResult>;
}

/**
 * Who asks for a page of one shopper's account (decision 032): the session's access token, used by
 * the render's API calls; `none`; or `resume`, a session the browser holds but this request could
 * not show (no page cookie yet), which the page's scripts take up.
 */
export type PageSession = { accessToken: string } | 'none' | 'resume';

/** What a page request gives the renderer beyond its address. */
export interface PageRequest {
  /** A form the shopper's browser posted to the page. */
  submission?: PageSubmission;
  /** Where the request came from: a signed-in page's API calls count against it. */
  clientAddress?: string;
  /** Looks up the visitor's session; asked only by the pages that need it. */
  session?: () => Promise<PageSession>;
}

/** A form a shopper's browser posted to a page (decision 031). */
export interface PageSubmission {
  body: string;
  contentType: string;
  /** Where the post came from: the route action's API calls count against this address. */
  clientAddress: string;
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
  /** Cookies the API set while a route action ran (the session), passed on to the browser. */
  cookies?: string[];
  /** One shopper's page, or one whose address carries a secret: `no-store, private`. */
  private?: boolean;
}

/** The header that lets the renderer's own API calls past the per-address rate limit. */
export const RENDER_TOKEN_HEADER = 'x-storefront-render';

const DEFAULT_IMAGE = '/hero/hero-road-1600.webp';

export interface Renderer {
  /**
   * The page's HTML, or undefined when it is rendered in the browser only. With a `submission`
   * the matched route's action runs first (its answer is never kept in the page cache).
   */
  render(url: string, request?: PageRequest): Promise<RenderedPage | undefined>;
  /** The plain error page, for a render that failed. */
  errorPage: string;
}

/** A page of one heading and one sentence, outside the app: errors and refused forms. */
export function plainPage(heading: string, text: string): string {
  const title = heading.endsWith('.') ? heading.slice(0, -1) : heading;
  return `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>${escapeHtml(title)} | Bi-Cycle Store</title></head><body><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p><p><a href="/">Back Home</a></p></main></body></html>`;
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

  /**
   * The API calls of a render, answered by this app in the same process. The loaders of a page
   * ask on behalf of every visitor at once, so their calls carry the token that lets them past the
   * per-address rate limit. A route action acts for the one shopper who posted the form: its calls
   * come from that shopper's address, without the token (the sign-in limits apply as to the
   * browser's own calls), and the cookies they set are kept to pass on to that browser.
   */
  const apiCaller =
    (shopper?: { address: string; cookies: string[]; accessToken?: string }): FetchApi =>
    async (request) => {
      const url = new URL(request.url);
      const headers: Record<string, string> = { accept: 'application/json' };
      for (const name of ['content-type', 'authorization']) {
        const value = request.headers.get(name);
        if (value) headers[name] = value;
      }
      // A signed-in page's calls act with its session; a token the store holds (the fresh one a
      // password change answers) goes first.
      if (!headers.authorization && shopper?.accessToken) {
        headers.authorization = shopper.accessToken;
      }
      if (!shopper) headers[RENDER_TOKEN_HEADER] = options.renderToken;
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const answer = await app.inject({
        method: request.method as 'GET',
        url: url.pathname + url.search,
        headers,
        ...(hasBody && { payload: await request.text() }),
        ...(shopper && { remoteAddress: shopper.address }),
      });
      const set = answer.headers['set-cookie'];
      if (shopper && set) shopper.cookies.push(...(Array.isArray(set) ? set : [set]));
      const answerHeaders = new Headers();
      const type = answer.headers['content-type'];
      if (typeof type === 'string') answerHeaders.set('content-type', type);
      return new Response(answer.body, { status: answer.statusCode, headers: answerHeaders });
    };
  const fetchApi = apiCaller();

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

  /**
   * A posted form (its action runs, then the page or its redirect) or a page of one shopper's
   * account: rendered for this request only, never cached. A page that shows an account asks who is
   * signed in first (decision 032); nobody goes to sign in, a session this request cannot show yet
   * to the page's scripts.
   */
  const renderFor = async (
    rawUrl: string,
    { submission, clientAddress = '', session }: PageRequest,
    /** The bundle's first answer, when the caller already has it. */
    asked?: RenderResult,
  ): Promise<RenderedPage | undefined> => {
    const url = new URL(rawUrl, 'http://localhost');
    const path = url.pathname + url.search;
    const form = submission && { body: submission.body, contentType: submission.contentType };
    const cookies: string[] = [];
    const address = submission?.clientAddress ?? clientAddress;
    let result =
      asked ??
      (await bundle.render(path, {
        origin: options.appUrl,
        fetchApi: submission ? apiCaller({ address, cookies }) : fetchApi,
        ...(form && { form }),
      }));
    if (result.kind === 'shopper') {
      const visitor = session ? await session() : 'none';
      if (visitor === 'resume') return undefined;
      const accessToken = typeof visitor === 'object' ? visitor.accessToken : undefined;
      result = await bundle.render(path, {
        origin: options.appUrl,
        fetchApi: apiCaller({ address, cookies, ...(accessToken && { accessToken }) }),
        ...(form && { form }),
        signedIn: accessToken !== undefined,
      });
    }
    if (result.kind === 'client' || result.kind === 'shopper') return undefined;
    if (result.kind === 'redirect') {
      return { status: result.status, html: '', location: result.location, cookies, private: true };
    }
    return {
      status: result.status,
      html: page(url, result),
      cookies,
      ...(result.private && { private: true }),
    };
  };

  const cache = new PageCache(options.cache ?? PAGE_CACHE_LIMITS);
  return {
    errorPage: plainPage(
      'Something went wrong.',
      'This page could not be shown. Please try again in a moment.',
    ),
    async render(rawUrl, request = {}) {
      if (request.submission) return renderFor(rawUrl, request);
      const cached = cache.get(rawUrl, app.catalogCache.currentVersion());
      if (cached) return cached;
      // Read before rendering: a page rendered while the catalog changed is not kept.
      const version = app.catalogCache.currentVersion();
      const url = new URL(rawUrl, 'http://localhost');
      const result = await bundle.render(url.pathname + url.search, {
        origin: options.appUrl,
        fetchApi,
      });
      if (result.kind === 'shopper') return renderFor(rawUrl, request, result);
      if (result.kind === 'client') return undefined;
      if (result.kind === 'redirect') {
        return { status: result.status, html: '', location: result.location };
      }
      if (result.private) return { status: result.status, html: page(url, result), private: true };
      const rendered = { status: result.status, html: page(url, result) };
      if (result.catalog && result.status < 500) cache.set(rawUrl, rendered, version);
      return rendered;
    },
  };
}
