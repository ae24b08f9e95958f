import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pageFormsMessages } from '#shared/messages/page-forms.ts';
import { SESSION_HINT_COOKIE } from '#shared/contract/session-hint.ts';
import { clearPageSessionCookie, pageSessionCookie } from '../modules/auth/refresh-cookie.ts';
import { pageSessionAccess } from '../modules/auth/sessions.ts';
import { formRefusal, readFormBody } from './page-forms.ts';
import { loadRenderer, plainPage, type PageSession, type Renderer } from './render.ts';

interface StaticOptions {
  /** The built React app (vite build output); absent in API-only tests. */
  clientDir?: string | undefined;
  uploadsDir: string;
  /** The absolute address of the store (APP_URL), for canonical links and share pictures. */
  appUrl?: string;
  /** Lets the page renderer's own API calls past the per-address rate limit. */
  renderToken?: string;
}

const YEAR = 31_536_000;

/**
 * Serves uploads and the built app; renders store-front pages on the server when the app's server
 * bundle is there, and sends index.html for the pages rendered in the browser.
 */
type PageEncoding = 'br' | 'gzip';

function encode(body: Buffer, encoding: PageEncoding): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(body);
  return zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
  });
}

/**
 * Compressed forms of the pages that are sent again and again (index.html, cached catalog pages),
 * one per encoding, made on first use: a cached page costs no compression after its first send.
 * Keyed by the page object, so a page dropped from the renderer's cache drops its forms too.
 */
const compressed = new WeakMap<object, Partial<Record<PageEncoding, Buffer>>>();

/**
 * Pages are answered outside any route, where the compression plugin does not reach, so they
 * compress themselves: on a phone's connection the bytes of the page are most of the wait.
 * `reuse` names the page when its bytes are the same on every send.
 */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  html: string | Buffer,
  reuse?: object,
): FastifyReply {
  const body = typeof html === 'string' ? Buffer.from(html) : html;
  reply.code(status).header('Vary', 'Accept-Encoding');
  const accepted = request.headers['accept-encoding'] ?? '';
  if (body.length < 1024 || request.method === 'HEAD') return reply.send(body);
  const encoding: PageEncoding | undefined = /\bbr\b/.test(accepted)
    ? 'br'
    : /\bgzip\b/.test(accepted)
      ? 'gzip'
      : undefined;
  if (!encoding) return reply.send(body);
  let forms = reuse ? compressed.get(reuse) : undefined;
  if (reuse && !forms) {
    forms = {};
    compressed.set(reuse, forms);
  }
  const bytes = forms?.[encoding] ?? encode(body, encoding);
  if (forms) forms[encoding] = bytes;
  return reply.header('Content-Encoding', encoding).send(bytes);
}

export const staticPlugin = fp(async (app: FastifyInstance, opts: StaticOptions) => {
  mkdirSync(opts.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Upload names are random and never reused, so they can be cached for good.
    setHeaders: (res) => {
      res.header('Cache-Control', `public, max-age=${String(YEAR)}, immutable`);
      res.header('X-Content-Type-Options', 'nosniff');
      // Product pictures and avatars are public and sent without credentials: pages on other
      // origins (CORS_ORIGINS, a CDN at PUBLIC_ASSET_URL) must be able to show them. The rest of
      // the site keeps helmet's same-origin.
      res.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });

  const read = (file: string) => {
    const full = opts.clientDir ? path.join(opts.clientDir, file) : undefined;
    return full && existsSync(full) ? readFileSync(full) : undefined;
  };
  const indexHtml = read('index.html');
  const renderer =
    opts.clientDir && indexHtml
      ? await loadRenderer(app, opts.clientDir, {
          appUrl: opts.appUrl ?? '',
          renderToken: opts.renderToken ?? '',
        })
      : undefined;
  if (opts.clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes each script and stylesheet brotli'd and gzipped at their best levels.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'Cache-Control',
          hashed ? `public, max-age=${String(YEAR)}, immutable` : 'no-cache',
        );
      },
    });
  }

  /**
   * Who asks for a page of one shopper's account (decision 032): the session the page cookie names,
   * if it is still open. A cookie the server no longer honours is dropped; a browser with the
   * session hint and no page cookie (a session older than the page cookie) gets the page its
   * scripts draw.
   */
  const sessionOf =
    (request: FastifyRequest, reply: FastifyReply) => async (): Promise<PageSession> => {
      const cookie = request.cookies[pageSessionCookie(app.config)];
      if (!cookie) return request.cookies[SESSION_HINT_COOKIE] === '1' ? 'resume' : 'none';
      const accessToken = await pageSessionAccess(request.deps, cookie);
      if (accessToken) return { accessToken };
      clearPageSessionCookie(reply, app.config);
      return 'none';
    };

  /** One shopper's page, or one whose address carries a secret: kept by no cache, shared by none. */
  const keepPrivate = (reply: FastifyReply, page: { private?: boolean } | undefined) => {
    if (page?.private) reply.header('Cache-Control', 'no-store, private');
  };

  /**
   * A form posted to a page (decision 031): refused unless it is a form from this site; else the
   * matched route's action runs on the server and its answer (a redirect with the session's
   * cookies, or the page with the form's messages) goes back. A page without an action, or drawn
   * in the browser only, sends the visitor back to it, where the scripts handle the form.
   */
  const answerForm = async (
    request: FastifyRequest,
    reply: FastifyReply,
    pageRenderer: Renderer,
  ): Promise<FastifyReply> => {
    const pathname = request.url.split('?')[0] ?? '';
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    const refusal = formRefusal(request, opts.appUrl ?? '');
    const body = refusal ? undefined : await readFormBody(request.raw);
    if (refusal || body === undefined) {
      const { status, message } = refusal ?? { status: 413, message: pageFormsMessages.tooLarge };
      return sendPage(request, reply, status, plainPage('This form was not sent.', message));
    }
    let page;
    try {
      page = await pageRenderer.render(request.url, {
        submission: {
          body,
          contentType: request.headers['content-type'] ?? '',
          clientAddress: request.ip,
        },
        session: sessionOf(request, reply),
      });
    } catch (error) {
      request.log.error({ err: error }, 'page form failed');
      return sendPage(request, reply, 500, pageRenderer.errorPage);
    }
    if (!page) return reply.redirect(pathname, 303);
    keepPrivate(reply, page);
    // A page session dropped above (`reply.clearCookie`) is added to these as the reply goes.
    if (page.cookies?.length) reply.header('set-cookie', page.cookies);
    if (page.location) return reply.redirect(page.location, page.status);
    return sendPage(request, reply, page.status, page.html);
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const isAppPath =
      !pathname.startsWith('/api/') && pathname !== '/api' && !pathname.startsWith('/uploads/');
    if (request.method === 'POST' && isAppPath && indexHtml) {
      // Without the server bundle (API-only runs) the page's scripts handle its forms.
      return renderer ? answerForm(request, reply, renderer) : reply.redirect(pathname, 303);
    }
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      pathname.startsWith('/uploads/') ||
      !isPage ||
      !indexHtml
    ) {
      return reply.code(404).send({
        success: false,
        message: `Route ${request.method} ${pathname} not found`,
        code: 'NOT_FOUND',
      });
    }
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    if (!renderer) return sendPage(request, reply, 200, indexHtml, indexHtml);
    let page;
    try {
      page = await renderer.render(request.url, {
        clientAddress: request.ip,
        session: sessionOf(request, reply),
      });
    } catch (error) {
      request.log.error({ err: error }, 'page render failed');
      return sendPage(request, reply, 500, renderer.errorPage);
    }
    if (!page) return sendPage(request, reply, 200, indexHtml, indexHtml);
    keepPrivate(reply, page);
    if (page.location) return reply.redirect(page.location, page.status);
    return sendPage(request, reply, page.status, page.html, page.cached ? page : undefined);
  });
});
