import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { login } from '../test/accounts-helpers.ts';
import { createUser, TEST_PASSWORD } from '../test/fixtures.ts';
import { createTestContext, type TestContext, withTestContext } from '../test/test-app.ts';
import { isApiRoute, routeKeys } from './route-table.ts';

const PRECOMPRESSED = Buffer.from([0x0b, 0x09, 0x80, 0x62, 0x72, 0x03]);

/** A stand-in for the built React app: an index page and one hashed asset. */
async function fakeClientDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bicycle-client-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-1234.js"></script></body></html>',
  );
  await writeFile(path.join(dir, 'assets', 'app-1234.js'), 'console.log("store")');
  // The build writes each script brotli'd too (vite.config.ts); these bytes stand for it.
  await writeFile(path.join(dir, 'assets', 'app-1234.js.br'), PRECOMPRESSED);
  return dir;
}

function expectBaseHeaders(res: LightMyRequestResponse, what: string): void {
  const csp = res.headers['content-security-policy'] ?? '';
  const directives = new Map(
    csp.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get('script-src'), `${what}: ${csp}`).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(directives.get('object-src'), what).toEqual(["'none'"]);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-powered-by'], what).toBeUndefined();
}

/** One answer of each kind the server gives: API, errors, the app's pages and files. */
const ANSWERS: Record<string, InjectOptions> = {
  'API answer': { method: 'GET', url: '/api/v1/health' },
  'API error (401)': { method: 'GET', url: '/api/v1/users/me' },
  'API validation error (400)': { method: 'GET', url: '/api/v1/products?limit=0' },
  'unknown API route (404)': { method: 'GET', url: '/api/v1/nothing-here' },
  'SPA page': { method: 'GET', url: '/shop/some-deep-link' },
  'index page': { method: 'GET', url: '/' },
  'static asset': { method: 'GET', url: '/assets/app-1234.js' },
  'payment page (404)': { method: 'GET', url: '/api/v1/payments/sandbox/checkout/cs_unknown' },
};

describe('security headers and CORS', () => {
  let dev: TestContext;
  let prod: TestContext;
  let allowed: TestContext;

  beforeAll(async () => {
    const clientDir = await fakeClientDir();
    dev = await createTestContext({}, { clientDir });
    prod = await createTestContext(
      { NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'true' },
      { clientDir },
    );
    allowed = await createTestContext({
      CORS_ORIGINS: 'https://partner.example, https://admin.partner.example',
    });
    await writeFile(path.join(dev.app.images.dir, 'photo.webp'), Buffer.from('RIFF....WEBPVP8 '));
    // The servers stop before the directory two of them serve goes.
    return async () => {
      await Promise.all([dev.close(), prod.close(), allowed.close()]);
      await rm(clientDir, { recursive: true, force: true });
    };
  });

  /** A plain request from a page on `origin`, which CORS then allows or not. */
  const getFrom = (ctx: TestContext, origin: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/products', headers: { origin } });

  it.each(Object.entries(ANSWERS))(
    'sets CSP, nosniff and Referrer-Policy on: %s',
    async (what, request) => {
      const res = await dev.app.inject(request);
      expect(res.statusCode).toBeLessThan(500);
      expectBaseHeaders(res, what);
      expect(
        res.headers['strict-transport-security'],
        'no HSTS outside production',
      ).toBeUndefined();
    },
  );

  it('serves uploaded images with nosniff, the CSP and a long cache', async () => {
    const res = await dev.app.inject({ method: 'GET', url: '/uploads/photo.webp' });
    expect(res.statusCode).toBe(200);
    expectBaseHeaders(res, 'upload');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it("sends a script's build-time brotli bytes to a browser that takes them, the script to others", async () => {
    const url = '/assets/app-1234.js';
    const brotli = await dev.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.equals(PRECOMPRESSED)).toBe(true);
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    const plain = await dev.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("store")');
  });

  it('lets pages on other origins show uploaded images, and only those', async () => {
    // Images are public (random names, no credentials): another origin may embed them.
    const upload = await dev.app.inject({ method: 'GET', url: '/uploads/photo.webp' });
    expect(upload.headers['cross-origin-resource-policy']).toBe('cross-origin');
    for (const [what, request] of Object.entries(ANSWERS)) {
      const res = await dev.app.inject(request);
      expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
    }
  });

  it('allows images from PUBLIC_ASSET_URL (default APP_URL) in the CSP, whatever name reached the store', async () => {
    const imgSrc = (res: LightMyRequestResponse) =>
      (res.headers['content-security-policy'] ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([name]) => name === 'img-src')
        ?.slice(1);
    // http://127.0.0.1:3000 serves pages whose images are under APP_URL http://localhost:3000.
    expect(imgSrc(await dev.app.inject({ method: 'GET', url: '/api/v1/health' }))).toEqual([
      "'self'",
      'data:',
      'blob:',
      new URL(dev.config.appUrl).origin,
    ]);
    await withTestContext({ PUBLIC_ASSET_URL: 'https://cdn.example.com/store' }, async (cdn) => {
      expect(imgSrc(await cdn.app.inject({ method: 'GET', url: '/api/v1/health' }))).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://cdn.example.com',
      ]);
    });
  });

  it.each(Object.entries(ANSWERS))('adds HSTS in production on: %s', async (what, request) => {
    const res = await prod.app.inject(request);
    expectBaseHeaders(res, what);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });

  it('marks the refresh cookie HttpOnly, SameSite=Strict, Secure and scoped to the auth path in production', async () => {
    const user = await createUser(prod);
    const res = await login(prod, user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^refreshToken=/);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/api/v1/auth'])
      expect(cookie).toContain(attribute);
    expect(cookie).toMatch(/Max-Age=\d+/);
  });

  it('leaves Secure off the refresh cookie outside production, so http://localhost works', async () => {
    const user = await createUser(dev);
    const res = await login(dev, user.email, TEST_PASSWORD);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).not.toContain('Secure');
  });

  it('refuses foreign origins: no CORS headers on answers or preflights', async () => {
    const simple = await getFrom(dev, 'https://evil.example');
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await dev.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/orders/order/create',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('allows exactly the origins CORS_ORIGINS lists, and still refuses others', async () => {
    const ok = await allowed.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/orders/order/create',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    for (const origin of [
      'https://evil.example',
      'https://partner.example.evil.example',
      'http://partner.example',
      'null',
    ]) {
      const res = await getFrom(allowed, origin);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  describe('CORS preflight of every API route', () => {
    const concrete = (path: string) =>
      path.replace(/:\w+/g, '0b6c3f0e-4a4e-4c55-9d43-8a0d2b1f7a11').replace(/\*$/, 'x');
    const apiRoutes = () =>
      routeKeys(allowed.app)
        .filter(isApiRoute)
        .map((key) => key.split(' ') as [string, string]);
    const preflight = (ctx: TestContext, method: string, path: string, origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: concrete(path),
        headers: {
          origin,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type,if-match',
        },
      });

    it('covers the whole API, every method it uses', () => {
      const methods = new Set(apiRoutes().map(([method]) => method));
      expect([...methods].sort()).toEqual(['DELETE', 'GET', 'PATCH', 'POST', 'PUT']);
    });

    it('allows each route and its method, with the headers a client sends, from a listed origin', async () => {
      for (const [method, path] of apiRoutes()) {
        const res = await preflight(allowed, method, path, 'https://partner.example');
        const what = `${method} ${path}`;
        expect(res.statusCode, what).toBe(204);
        expect(res.headers['access-control-allow-origin'], what).toBe('https://partner.example');
        expect(res.headers['access-control-allow-credentials'], what).toBe('true');
        const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
        expect(methods, what).toContain(method);
        const allowedHeaders = String(res.headers['access-control-allow-headers'])
          .toLowerCase()
          .split(/,\s*/);
        expect(allowedHeaders, what).toEqual(
          expect.arrayContaining(['authorization', 'content-type', 'if-match']),
        );
        expect(Number(res.headers['access-control-max-age']), what).toBeGreaterThan(0);
      }
    });

    it('answers each route from an origin not listed without any CORS header', async () => {
      for (const [method, path] of apiRoutes()) {
        for (const ctx of [allowed, dev]) {
          const res = await preflight(ctx, method, path, 'https://evil.example');
          const what = `${method} ${path}`;
          expect(res.headers['access-control-allow-origin'], what).toBeUndefined();
          expect(res.headers['access-control-allow-methods'], what).toBeUndefined();
          expect(res.headers['access-control-allow-credentials'], what).toBeUndefined();
        }
      }
    });

    it('lets a listed origin read the ETag, Retry-After and the request id', async () => {
      const res = await getFrom(allowed, 'https://partner.example');
      expect(res.headers['access-control-allow-origin']).toBe('https://partner.example');
      expect(res.headers.vary).toMatch(/origin/i);
      const exposed = String(res.headers['access-control-expose-headers'])
        .toLowerCase()
        .split(/,\s*/);
      expect(exposed).toEqual(expect.arrayContaining(['etag', 'retry-after', 'x-request-id']));
    });
  });

  it('keeps stack traces, SQL and file paths out of error answers', async () => {
    const res = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/node_modules|\.ts:\d+|\bat \w+|select |insert /i);
  });
});
