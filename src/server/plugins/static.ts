import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface StaticOptions {
  /** The built React app (vite build output); absent in API-only tests. */
  clientDir?: string | undefined;
  uploadsDir: string;
}

const YEAR = 31_536_000;

/**
 * Serves uploads, the built app, the prerendered `/` and `/shop`, and index.html for every other
 * non-API path.
 */
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
  // `/` and `/shop` with their first screen already in the HTML (scripts/prerender.mjs).
  const prerendered = new Map<string, Buffer>();
  for (const [pathname, file] of [
    ['/', 'prerendered/home.html'],
    ['/shop', 'prerendered/shop.html'],
  ] as const) {
    const html = read(file);
    if (html) prerendered.set(pathname, html);
  }
  if (opts.clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'Cache-Control',
          hashed ? `public, max-age=${String(YEAR)}, immutable` : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
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
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(prerendered.get(pathname) ?? indexHtml);
  });
});
