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
 * newest bicycle read through the `fetchApi` the server passes to each render, and a few paths answer each other way
 * a page can (client-only, redirect, not found, a render that throws). It counts its renders.
 */
const BUNDLE = `
export let renders = 0;
const API = 'http://storefront.internal/api/v1';
export async function render(url, { fetchApi }) {
  renders += 1;
  const { pathname } = new URL(url, 'http://x');
  if (pathname === '/orders') return { kind: 'client' };
  if (pathname === '/old-name') return { kind: 'redirect', status: 301, location: '/new-name' };
  if (pathname === '/boom') throw new Error('render failed');
  if (pathname === '/huge-kept') {
    return { kind: 'page', status: 200, html: '<main>' + 'x'.repeat(1100 * 1024) + '</main>',
      preloads: '', meta: { title: 'Huge', description: 'Huge' }, modules: [], data: '{}',
      catalog: true };
  }
  if (pathname === '/long' || pathname === '/long-kept') {
    return { kind: 'page', status: 200, html: '<main>' + 'A long page. '.repeat(400) + '</main>',
      preloads: '', meta: { title: 'Long', description: 'Long' }, modules: [], data: '{}',
      catalog: pathname === '/long-kept' };
  }
  const page = (status, html, meta, catalog, data = '{}') => ({
    kind: 'page', status, html, preloads: '', meta, modules: ['src/page.tsx'], data, catalog,
  });
  if (pathname === '/') {
    const res = await fetchApi(new Request(API + '/products?limit=1'));
    const body = await res.json();
    const name = res.ok ? body.data[0]?.name ?? 'none' : 'status ' + res.status;
    return page(200, '<main><h1>' + name + '</h1></main>',
      { title: 'Home & more', description: 'Bikes "for" all, \\'quoted\\' \u0060too\u0060' }, true, '{"x":"\\\\u003c"}');
  }
  return page(404, '<main>NOT FOUND</main>', { title: 'Page not found', description: 'No such page' }, false);
}
`;

function fakeBuild(): Promise<{ root: string; clientDir: string }> {
  return writeFakeStorefront({
    indexHtml: [
      '<!doctype html><html><head><meta charset="UTF-8" />',
      '<meta name="description" content="Default" />',
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

  it('puts the page, its head and its data into index.html, with absolute addresses', async () => {
    await createProduct(ctx, { name: 'Domane SL 5' });
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<div id="root"><main><h1>Domane SL 5</h1></main></div>');
    expect(html).toContain('<title>Home &#38; more</title>');
    expect(html).toContain(
      '<meta name="description" content="Bikes &#34;for&#34; all, &#39;quoted&#39; &#96;too&#96;" />',
    );
    expect(html).not.toContain('content="Default"');
    expect(html).toContain('<link rel="canonical" href="http://store.test/">');
    expect(html).toContain(
      '<meta property="og:image" content="http://store.test/hero/hero-road-1600.webp">',
    );
    expect(html).toContain(
      '<script type="application/json" id="initial-data">{"x":"\\u003c"}</script>',
    );
    // The page's own chunk comes beside the entry; the entry is not named twice.
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/page-2.js">',
    );
    expect(html.match(/assets\/index-1\.js/g)).toHaveLength(1);
  });

  it('answers 404 for an unknown page, with that page in the HTML and no canonical link', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"><main>NOT FOUND</main></div>');
    expect(res.body).toContain('<title>Page not found</title>');
    expect(res.body).not.toContain('rel="canonical"');
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
