import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/** What helmet sends with these options, read once: the answer is the same for every request. */
function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      headers[name.toLowerCase()] = '';
    },
  };
  helmet(options)(
    new IncomingMessage(new Socket()),
    response as unknown as ServerResponse,
    (error) => {
      if (error !== undefined) throw error instanceof Error ? error : new Error('helmet failed');
    },
  );
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
}

/**
 * The origin of the image URLs, for img-src. Named even when it is the app's own: a browser that
 * reached the store by another name (127.0.0.1 for localhost) still shows the images.
 */
function assetOrigin(config: Config): string {
  return new URL(config.publicAssetUrl).origin;
}

function helmetOptions(config: Config): HelmetOptions {
  const production = config.env === 'production';
  const assets = assetOrigin(config);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner position elements with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', assets],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/** Every method the API uses; the preflight test of every route (headers.test.ts) keeps it whole. */
const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** What a client sends besides the safelisted headers: the token, JSON, and preconditions. */
const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'If-Match', 'If-None-Match'];
/** What a client on another origin may read: ETags for If-Match, when to retry, the request id. */
const CORS_EXPOSED_HEADERS = [
  'ETag',
  'Retry-After',
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

/**
 * Security headers (helmet's, computed once at start rather than on every request) and CORS:
 * same origin only unless CORS_ORIGINS lists others. A request from an origin not listed gets no
 * CORS header at all, and its preflight answers 404 as any unknown OPTIONS would.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const headers = securityHeaders(helmetOptions(opts.config));
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  const allowed = new Set(opts.config.corsOrigins);
  await app.register(cors, {
    origin:
      allowed.size > 0
        ? (
            origin: string | undefined,
            callback: (error: Error | null, allow: string | false) => void,
          ) => {
            callback(null, origin !== undefined && allowed.has(origin) ? origin : false);
          }
        : false,
    credentials: true,
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    // Browsers cap it (Chromium at 2 hours); ten minutes spares most preflights.
    maxAge: 600,
  });
});
