import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../test/fixtures.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';

/** A stand-in for the built React app: an index page and one hashed asset. */
async function fakeClientDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bicycle-client-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-1234.js"></script></body></html>',
  );
  await writeFile(path.join(dir, 'assets', 'app-1234.js'), 'console.log("store")');
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
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await fakeClientDir();
    dev = await createTestContext({}, { clientDir });
    prod = await createTestContext(
      { NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'true' },
      { clientDir },
    );
    allowed = await createTestContext({
      CORS_ORIGINS: 'https://partner.example, https://admin.partner.example',
    });
    await writeFile(path.join(dev.app.images.dir, 'photo.webp'), Buffer.from('RIFF....WEBPVP8 '));
  });
  afterAll(async () => {
    await Promise.all([dev.close(), prod.close(), allowed.close()]);
    await rm(clientDir, { recursive: true, force: true });
  });

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

  it.each(Object.entries(ANSWERS))('adds HSTS in production on: %s', async (what, request) => {
    const res = await prod.app.inject(request);
    expectBaseHeaders(res, what);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });

  it('marks the refresh cookie HttpOnly, SameSite=Strict, Secure and scoped to the auth path in production', async () => {
    const user = await createUser(prod);
    const res = await prod.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^refreshToken=/);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/api/v1/auth'])
      expect(cookie).toContain(attribute);
    expect(cookie).toMatch(/Max-Age=\d+/);
  });

  it('leaves Secure off the refresh cookie outside production, so http://localhost works', async () => {
    const user = await createUser(dev);
    const res = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).not.toContain('Secure');
  });

  it('refuses foreign origins: no CORS headers on answers or preflights', async () => {
    const simple = await dev.app.inject({
      method: 'GET',
      url: '/api/v1/products',
      headers: { origin: 'https://evil.example' },
    });
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
      const res = await allowed.app.inject({
        method: 'GET',
        url: '/api/v1/products',
        headers: { origin },
      });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
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
