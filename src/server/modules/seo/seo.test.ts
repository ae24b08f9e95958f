import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '#server/test/fixtures.ts';
import { useTestContext } from '#server/test/test-app.ts';
import { productsSitemap, sitemap } from './seo.service.ts';

const APP = 'http://store.test';

async function text(body: AsyncGenerator<string>): Promise<string> {
  let out = '';
  for await (const chunk of body) out += chunk;
  return out;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('search engine files', () => {
  const ctx = useTestContext();
  beforeEach(() => ctx.reset());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  describe('GET /robots.txt', () => {
    it('names the absolute sitemap and keeps the private pages and the API out', async () => {
      const res = await get('/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const lines = res.body.split('\n');
      expect(lines).toContain('User-agent: *');
      for (const path of ['/dashboard', '/cart', '/me', '/orders', '/api/'])
        expect(lines).toContain(`Disallow: ${path}`);
      expect(lines).toContain(`Sitemap: ${APP}/sitemap.xml`);
    });
  });

  describe('GET /sitemap.xml', () => {
    it('lists the public pages and every live product page with its last change', async () => {
      const a = await createProduct(ctx, { brand: 'Trek', name: 'Marlin 7' });
      const b = await createProduct(ctx, { brand: 'Giant', name: 'Talon 1' });
      const gone = await createProduct(ctx, { brand: 'Cube', name: 'Aim' });
      const admin = await createUser(ctx, { role: 'admin' });
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/products/${gone.id}`,
        headers: admin.auth,
      });

      const res = await get('/sitemap.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const listed = locs(res.body);
      expect(listed.slice(0, 4)).toEqual([
        `${APP}/`,
        `${APP}/shop`,
        `${APP}/about`,
        `${APP}/contact`,
      ]);
      expect(listed.slice(4).sort()).toEqual(
        [`${APP}/bikes/giant-talon-1`, `${APP}/bikes/trek-marlin-7`].sort(),
      );
      expect(res.body).toContain(
        `<loc>${APP}/bikes/trek-marlin-7</loc><lastmod>${a.updatedAt.toISOString()}</lastmod>`,
      );
      expect(res.body).toContain(
        `<loc>${APP}/bikes/giant-talon-1</loc><lastmod>${b.updatedAt.toISOString()}</lastmod>`,
      );
      expect(res.body).not.toContain('cube-aim');
    });

    it('lists a catalog larger than one read batch completely, each product once', async () => {
      await ctx.database.db.execute(
        // Straight to the database: 2005 products through the API would take minutes.
        sql`
          insert into products (name, brand, category, price_cents, quantity, description)
          select 'Bulk ' || g, 'Brand', 'Road Bicycle', 100, 1, 'x' from generate_series(1, 2005) g`,
      );
      const xml = await text((await sitemap(ctx.app.deps)).body);
      const bikes = locs(xml).filter((l) => l?.includes('/bikes/'));
      expect(bikes).toHaveLength(2005);
      expect(new Set(bikes).size).toBe(2005);
    });
  });

  describe('above the protocol limit', () => {
    it('serve an index of the pages part and products parts that cover every product once', async () => {
      for (let i = 1; i <= 7; i += 1)
        await createProduct(ctx, { brand: 'Trek', name: `Fx ${String(i)}` });
      const partSize = 3;
      const top = await sitemap(ctx.app.deps, partSize);
      const xml = await text(top.body);
      expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(locs(xml)).toEqual([
        `${APP}/sitemap-pages.xml`,
        `${APP}/sitemap-products-1.xml`,
        `${APP}/sitemap-products-2.xml`,
        `${APP}/sitemap-products-3.xml`,
      ]);
      const parts = [];
      for (let part = 1; part <= 3; part += 1) {
        const body = await productsSitemap(ctx.app.deps, part, partSize);
        if (!body) throw new Error(`part ${String(part)} missing`);
        parts.push(locs(await text(body)));
      }
      expect(parts.map((p) => p.length)).toEqual([3, 3, 1]);
      expect(parts.flat().sort()).toEqual(
        Array.from({ length: 7 }, (_, i) => `${APP}/bikes/trek-fx-${String(i + 1)}`).sort(),
      );
      expect(await productsSitemap(ctx.app.deps, 4, partSize)).toBeUndefined();
    });

    it('answer the parts by address, and 404 for a part that does not exist', async () => {
      await createProduct(ctx, { brand: 'Trek', name: 'Fx 1' });
      const pages = await get('/sitemap-pages.xml');
      expect(pages.statusCode).toBe(200);
      expect(locs(pages.body)).toEqual([
        `${APP}/`,
        `${APP}/shop`,
        `${APP}/about`,
        `${APP}/contact`,
      ]);
      const part = await get('/sitemap-products-1.xml');
      expect(part.statusCode).toBe(200);
      expect(locs(part.body)).toEqual([`${APP}/bikes/trek-fx-1`]);
      for (const url of [
        '/sitemap-products-2.xml',
        '/sitemap-products-0.xml',
        '/sitemap-products-x.xml',
      ])
        expect((await get(url)).statusCode, url).toBe(404);
    });
  });
});
