import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib, { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProduct } from '../test/fixtures.ts';
import { writeFakeStorefront } from '../test/fake-storefront.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';

/**
 * A stand-in for the built app and its server bundle, with the bundle's contract: `/` lists the
 * newest bicycle read through the `fetchApi` the server passes to each render, and names the
 * origin and the page's chunk from the manifest the server passes; a few paths answer each other
 * way a page can (client-only, redirect, not found, a render that throws). It counts its renders.
 */
const BUNDLE = `
export let renders = 0;
const API = 'http://storefront.internal/api/v1';
const doc = (body, head = '') =>
  '<!DOCTYPE html><html><head>' + head + '</head><body>' + body + '</body></html>';
export async function render(url, { fetchApi, origin, manifest }) {
  renders += 1;
  const { pathname } = new URL(url, 'http://x');
  if (pathname === '/orders') return { kind: 'client' };
  if (pathname === '/old-name') return { kind: 'redirect', status: 301, location: '/new-name' };
  if (pathname === '/boom') throw new Error('render failed');
  if (pathname === '/huge-kept') {
    return { kind: 'page', status: 200, html: doc('<main>' + 'x'.repeat(1100 * 1024) + '</main>'),
      catalog: true };
  }
  if (pathname === '/long' || pathname === '/long-kept') {
    return { kind: 'page', status: 200, html: doc('<main>' + 'A long page. '.repeat(400) + '</main>'),
      catalog: pathname === '/long-kept' };
  }
  if (pathname === '/') {
    const res = await fetchApi(new Request(API + '/products?limit=1'));
    const body = await res.json();
    const name = res.ok ? body.data[0]?.name ?? 'none' : 'status ' + res.status;
    const head = '<link rel="canonical" href="' + origin + '/"/>' +
      '<link rel="modulepreload" href="/' + manifest['src/page.tsx'].file + '"/>';
    return { kind: 'page', status: 200, html: doc('<main><h1>' + name + '</h1></main>', head),
      catalog: true };
  }
  return { kind: 'page', status: 404, html: doc('<main>NOT FOUND</main>'), catalog: false };
}
`;

function fakeBuild(): Promise<{ root: string; clientDir: string }> {
  return writeFakeStorefront({
    indexHtml: [
      '<!doctype html><html><head><meta charset="UTF-8" />',
      '<title>Bi-Cycle Store</title>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
    manifest: {
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/page.tsx': { file: 'assets/page-2.js', imports: ['index.html'] },
    },
    bundle: BUNDLE,
  });
}

describe('server-rendered pages', () => {
  let ctx: TestContext;
  let build: { root: string; clientDir: string };
  let bundle: { renders: number };

  beforeAll(async () => {
    build = await fakeBuild();
    ctx = await createTestContext({ RATE_LIMIT_MAX: '2' }, { clientDir: build.clientDir });
    bundle = (await import(
      pathToFileURL(path.join(build.root, 'ssr', 'entry-server.js')).href
    )) as { renders: number };
  });
  afterAll(async () => {
    await ctx.close();
    await rm(build.root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await ctx.reset();
  });

  it("sends the bundle's document as it is, rendered with the store's origin and Vite's manifest", async () => {
    await createProduct(ctx, { name: 'Domane SL 5' });
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(
      '<!DOCTYPE html><html><head><link rel="canonical" href="http://store.test/"/>' +
        '<link rel="modulepreload" href="/assets/page-2.js"/></head>' +
        '<body><main><h1>Domane SL 5</h1></main></body></html>',
    );
  });

  it("answers 404 with the bundle's not-found page", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<main>NOT FOUND</main>');
  });

  it('redirects, sends the plain shell for browser-only pages and a plain 500 when a render fails', async () => {
    const moved = await ctx.app.inject({ method: 'GET', url: '/old-name' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/new-name');

    const orders = await ctx.app.inject({ method: 'GET', url: '/orders' });
    expect(orders.statusCode).toBe(200);
    expect(orders.body).toContain('<div id="root"></div>');

    const failed = await ctx.app.inject({ method: 'GET', url: '/boom' });
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['content-type']).toContain('text/html');
    expect(failed.body).toContain('Something went wrong.');
    expect(failed.body).not.toContain('<script');
  });

  it('sends a form posted to a page the server does not act on back to the page, dropping what was typed', async () => {
    const form = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/orders?next=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: 'email=rider%40example.com&password=secret-pass-1',
      });
    const res = await form({ origin: 'http://store.test' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/orders');
    expect(res.body).not.toContain('secret-pass-1');
    // From another site (or from nowhere said): refused, whatever the page (decision 031).
    const foreign = await form({ origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('secret-pass-1');
    const api = await ctx.app.inject({ method: 'POST', url: '/api/v1/no-such-route' });
    expect(api.statusCode).toBe(404);
  });

  it('compresses a page for a browser that accepts it, and sends it plain otherwise', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/long' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await ctx.app.inject({
      method: 'GET',
      url: '/long',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await ctx.app.inject({
      method: 'GET',
      url: '/long',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('compresses a kept page once per encoding, not on every send', async () => {
    const get = (encoding: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/long-kept',
        headers: { 'accept-encoding': encoding },
      });
    // Kept once the change feed is quiet: an answer served without rendering.
    await expect
      .poll(async () => {
        const before = bundle.renders;
        await get('br');
        return bundle.renders === before;
      })
      .toBe(true);
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    const gzip = vi.spyOn(zlib, 'gzipSync');
    try {
      const first = await get('gzip, br');
      const again = await get('br');
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(brotliDecompressSync(again.rawPayload).toString()).toContain('A long page.');
      const zipped = [await get('gzip'), await get('gzip')];
      expect(gunzipSync(zipped[1]!.rawPayload).toString()).toBe(
        gunzipSync(zipped[0]!.rawPayload).toString(),
      );
      expect(brotli).not.toHaveBeenCalled();
      expect(gzip).toHaveBeenCalledTimes(1);
    } finally {
      brotli.mockRestore();
      gzip.mockRestore();
    }
  });

  it('never keeps a page past the per-page byte cap: each request renders it again', async () => {
    // Once the change feed is quiet a small catalog page is served from the cache...
    await expect
      .poll(async () => {
        const before = bundle.renders;
        await ctx.app.inject({ method: 'GET', url: '/long-kept' });
        return bundle.renders === before;
      })
      .toBe(true);
    // ...while one over a megabyte never is.
    for (let i = 0; i < 3; i += 1) {
      const before = bundle.renders;
      const res = await ctx.app.inject({ method: 'GET', url: '/huge-kept' });
      expect(res.statusCode).toBe(200);
      expect(res.body.length).toBeGreaterThan(1024 * 1024);
      expect(bundle.renders).toBe(before + 1);
    }
  });

  it('keeps catalog pages until the catalog changes, then renders them again', async () => {
    await createProduct(ctx, { name: 'First Bike', createdAt: new Date('2026-01-01') });
    const page = () => ctx.app.inject({ method: 'GET', url: '/?v=1' });
    // The change feed may still be delivering earlier changes (the reset, the insert): wait for an
    // answer served without rendering, which only the cache can give.
    await expect
      .poll(async () => {
        const before = bundle.renders;
        const body = (await page()).body;
        return bundle.renders === before && body.includes('First Bike');
      })
      .toBe(true);
    const before = bundle.renders;
    expect((await page()).body).toContain('First Bike');
    expect(bundle.renders).toBe(before);

    await createProduct(ctx, { name: 'Newer Bike', createdAt: new Date('2026-02-01') });
    await expect.poll(async () => (await page()).body).toContain('Newer Bike');
    expect(bundle.renders).toBeGreaterThan(before);
  });

  it("reads the catalog past the visitors' rate limit, which still holds for the API", async () => {
    await createProduct(ctx, { name: 'Limit Bike' });
    // On PostgreSQL the catalog cache learns of the fixture's write through NOTIFY, a moment later.
    await expect
      .poll(async () => (await ctx.app.inject({ method: 'GET', url: '/?visit=0' })).body)
      .toContain('<h1>Limit Bike</h1>');
    // Each address is a page of its own, so each is rendered and reads the API.
    for (let i = 1; i < 4; i += 1) {
      const res = await ctx.app.inject({ method: 'GET', url: `/?visit=${String(i)}` });
      expect(res.body).toContain('<h1>Limit Bike</h1>');
    }
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push(
        (await ctx.app.inject({ method: 'GET', url: '/api/v1/products?limit=1' })).statusCode,
      );
    }
    expect(statuses).toContain(429);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/products?limit=1',
      headers: { 'x-storefront-render': 'guess' },
    });
    expect(forged.statusCode).toBe(429);
  });
});
