import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Manifest } from 'vite';
import type { FetchApi, RenderOptions, RenderResult } from '#shared/contract/page-render.ts';
import { escapeHtml } from '#server/lib/html.ts';
import { PAGE_CACHE_LIMITS, PageCache, type PageCacheLimits } from './page-cache.ts';

/** What the server bundle of the app (src/client/entry-server.tsx) exports. */
interface ServerBundle {
  render: (url: string, options: RenderOptions) => Promise<RenderResult>;
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
 * Loads the app's server bundle (`../ssr/entry-server.js` beside the built client), which renders
 * store-front pages as whole documents. Without that bundle (API-only runs) there is no renderer
 * and every page gets the plain index.html.
 */
export async function loadRenderer(
  app: FastifyInstance,
  clientDir: string,
  options: { appUrl: string; renderToken: string; cache?: PageCacheLimits },
): Promise<Renderer | undefined> {
  const bundlePath = path.resolve(clientDir, '..', 'ssr', 'entry-server.js');
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(bundlePath) || !existsSync(manifestPath)) return undefined;
  const bundle = (await import(pathToFileURL(bundlePath).href)) as ServerBundle;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

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
  const anyVisitor = apiCaller();

  const cache = new PageCache(options.cache ?? PAGE_CACHE_LIMITS);
  return {
    errorPage: plainPage(
      'Something went wrong.',
      'This page could not be shown. Please try again in a moment.',
    ),
    async render(rawUrl, { submission, clientAddress = '', session } = {}) {
      if (!submission) {
        const cached = cache.get(rawUrl, app.catalogCache.currentVersion());
        if (cached) return cached;
      }
      // Read before rendering: a page rendered while the catalog changed is not kept.
      const version = app.catalogCache.currentVersion();
      const url = new URL(rawUrl, 'http://localhost');
      const form = submission && { body: submission.body, contentType: submission.contentType };
      const cookies: string[] = [];
      const address = submission?.clientAddress ?? clientAddress;
      const ask = (fetchApi: FetchApi, signedIn?: boolean) =>
        bundle.render(url.pathname + url.search, {
          origin: options.appUrl,
          manifest,
          fetchApi,
          ...(form && { form }),
          ...(signedIn !== undefined && { signedIn }),
        });
      let result = await ask(submission ? apiCaller({ address, cookies }) : anyVisitor);
      // A posted form, or a page of one shopper's account: for this request only, never cached.
      // An account's page asks who is signed in first (decision 032); nobody goes to sign in, and
      // a session this request cannot show yet is left to the page's scripts.
      let personal = submission !== undefined;
      if (result.kind === 'shopper') {
        personal = true;
        const visitor = session ? await session() : 'none';
        if (visitor === 'resume') return undefined;
        const accessToken = typeof visitor === 'object' ? visitor.accessToken : undefined;
        const caller = apiCaller({ address, cookies, ...(accessToken && { accessToken }) });
        result = await ask(caller, accessToken !== undefined);
      }
      if (result.kind === 'client' || result.kind === 'shopper') return undefined;
      if (result.kind === 'redirect') {
        const { status, location } = result;
        return { status, html: '', location, ...(personal && { cookies, private: true }) };
      }
      const page = { status: result.status, html: result.html, ...(personal && { cookies }) };
      if (result.private) return { ...page, private: true };
      if (!personal && result.catalog && result.status < 500) cache.set(rawUrl, page, version);
      return page;
    },
  };
}
