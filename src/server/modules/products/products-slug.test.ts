import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Envelope, ErrorEnvelope } from '#shared/contract/envelope.ts';
import type { Product } from '#shared/contract/product.ts';
import { productForm, sendForm } from '#server/test/catalog-multipart.ts';
import { createProduct, useFreshUser } from '#server/test/fixtures.ts';
import { useTestContext } from '#server/test/test-app.ts';

describe('product slugs', () => {
  const ctx = useTestContext();
  const admin = useFreshUser(ctx, { role: 'admin' });

  const send = (method: 'POST' | 'PUT', url: string, fields: Record<string, string | number>) =>
    sendForm(ctx, method, url, admin.auth, fields);
  const create = async (fields: Record<string, string | number>) => {
    const res = await send('POST', '/api/v1/products', productForm(fields));
    expect(res.statusCode).toBe(201);
    return res.json<Envelope<Product>>().data;
  };
  const rename = async (id: string, fields: Record<string, string | number>) => {
    const res = await send('PUT', `/api/v1/products/${id}`, productForm(fields));
    expect(res.statusCode).toBe(200);
    return res.json<Envelope<Product>>().data;
  };
  const bySlug = (slug: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/products/slug/${encodeURIComponent(slug)}`,
      headers,
    });

  describe('are derived from brand and name', () => {
    it.each([
      ['Trek', 'Marlin 7', 'trek-marlin-7'],
      ['Trek', 'Trek Marlin 7', 'trek-marlin-7'],
      ['Trek', 'trek', 'trek'],
      ['Trek', 'Trekking Pro', 'trek-trekking-pro'],
      ['Specialized', 'Allez Sport  (2024) -- Gen 3!', 'specialized-allez-sport-2024-gen-3'],
      ['Café Vélo', 'Crème Brûlée ÉLAN', 'cafe-velo-creme-brulee-elan'],
      ['Straße', 'Æsir Łódź', 'strasse-aesir-lodz'],
      ['Woom', 'Woom_3', 'woom-3'],
      ['!!!', '???', 'bike'],
      ['城市', 'Comfort 2', 'comfort-2'],
    ])('%s + %s → %s', async (brand, name, slug) => {
      expect((await create({ brand, name })).slug).toBe(slug);
    });

    it('keep to 80 characters, cut between words', async () => {
      const product = await create({ brand: 'Trek', name: 'Long '.repeat(30) });
      expect(product.slug.length).toBeLessThanOrEqual(80);
      expect(product.slug).toMatch(/^trek(-long)+$/);
    });

    it('are returned by every read of the product', async () => {
      const created = await create({ brand: 'Trek', name: 'Marlin 7' });
      const one = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${created._id}` });
      expect(one.json<Envelope<Product>>().data.slug).toBe('trek-marlin-7');
      const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/products' });
      expect(list.json<Envelope<Product[]>>().data.map((p) => p.slug)).toEqual(['trek-marlin-7']);
    });

    it('are given to rows written straight to the database too', async () => {
      const row = await createProduct(ctx, { brand: 'Giant', name: 'Talon 1' });
      expect(row.slug).toBe('giant-talon-1');
    });
  });

  describe('on collision', () => {
    it('take the next number from 2', async () => {
      const slugs = [];
      for (let i = 0; i < 4; i += 1) slugs.push((await create({ name: 'Marlin 7' })).slug);
      expect(slugs).toEqual([
        'trek-marlin-7',
        'trek-marlin-7-2',
        'trek-marlin-7-3',
        'trek-marlin-7-4',
      ]);
      // The brand in the name gives the same base, so it collides too.
      expect((await create({ name: 'Trek Marlin 7' })).slug).toBe('trek-marlin-7-5');
    });

    it('avoid the slugs of deleted products and the earlier slugs of renamed ones', async () => {
      const gone = await create({ name: 'Marlin 7' });
      const del = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/products/${gone._id}`,
        headers: admin.auth,
      });
      expect(del.statusCode).toBe(200);
      const moved = await create({ name: 'Marlin 5' });
      await rename(moved._id, { name: 'Marlin 6' });
      expect((await create({ name: 'Marlin 7' })).slug).toBe('trek-marlin-7-2');
      expect((await create({ name: 'Marlin 5' })).slug).toBe('trek-marlin-5-2');
    });

    it('never fail when many bicycles with one name are created at once', async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, () => send('POST', '/api/v1/products', productForm())),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 8 }, () => 201));
      const slugs = results.map((r) => r.json<Envelope<Product>>().data.slug).sort();
      expect(new Set(slugs).size).toBe(8);
      expect(slugs).toContain('trek-marlin-7');
      for (const slug of slugs) expect(slug).toMatch(/^trek-marlin-7(-[2-9])?$/);
    });

    it('never fail for sized bicycles with one name created at once, each with its sizes', async () => {
      const sizes = JSON.stringify([
        { label: 'M', quantity: 2, minHeightCm: 165, maxHeightCm: 177 },
        { label: 'L', quantity: 1, minHeightCm: 175, maxHeightCm: 186 },
      ]);
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          send('POST', '/api/v1/products', productForm({ sizes, quantity: '' })),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 8 }, () => 201));
      const created = results.map((r) => r.json<Envelope<Product>>().data);
      expect(new Set(created.map((p) => p.slug)).size).toBe(8);
      for (const product of created) expect(product).toMatchObject({ quantity: 3, inStock: true });
    });

    it('are refused twice by the database itself', async () => {
      await createProduct(ctx, { brand: 'Trek', name: 'Fx 3' });
      await expect(
        ctx.database.db.execute(
          sql`insert into products (name, brand, category, price_cents, quantity, description, slug)
              values ('Other', 'Trek', 'Road Bicycle', 100, 1, 'x', 'trek-fx-3')`,
        ),
      ).rejects.toThrow();
    });
  });

  describe('GET /api/v1/products/slug/:slug', () => {
    it('answers the live product with its ETag, and 304 when it has not changed', async () => {
      const created = await create({ brand: 'Trek', name: 'Marlin 7' });
      const res = await bySlug('trek-marlin-7');
      expect(res.statusCode).toBe(200);
      const body = res.json<Envelope<Product>>();
      expect(body.success).toBe(true);
      expect(body.data).toEqual(created);
      const byId = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${created._id}` });
      expect(res.headers.etag).toBe(byId.headers.etag);
      const again = await bySlug('trek-marlin-7', { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode).toBe(304);
    });

    it('after a rename answers the old slug with the product and its new slug', async () => {
      const created = await create({ brand: 'Trek', name: 'Marlin 7' });
      const renamed = await rename(created._id, { name: 'Marlin 8' });
      expect(renamed.slug).toBe('trek-marlin-8');
      const old = await bySlug('trek-marlin-7');
      expect(old.statusCode).toBe(200);
      expect(old.json<Envelope<Product>>().data).toMatchObject({
        _id: created._id,
        slug: 'trek-marlin-8',
      });
      expect((await bySlug('trek-marlin-8')).json<Envelope<Product>>().data._id).toBe(created._id);

      // A second rename keeps both earlier slugs; a new brand renames too.
      const again = await rename(created._id, { name: 'Marlin 8', brand: 'Giant' });
      expect(again.slug).toBe('giant-marlin-8');
      for (const slug of ['trek-marlin-7', 'trek-marlin-8'])
        expect((await bySlug(slug)).json<Envelope<Product>>().data.slug).toBe('giant-marlin-8');

      // Taking back an earlier name takes back its slug.
      expect((await rename(created._id, { name: 'Marlin 7', brand: 'Trek' })).slug).toBe(
        'trek-marlin-7',
      );
      expect((await bySlug('giant-marlin-8')).json<Envelope<Product>>().data.slug).toBe(
        'trek-marlin-7',
      );
    });

    it('keeps the slug when an edit leaves its words alone', async () => {
      const first = await create({ name: 'Marlin 7' });
      const second = await create({ name: 'Marlin 7' });
      expect(second.slug).toBe('trek-marlin-7-2');
      const edited = await rename(second._id, { name: 'MARLIN  7', price: '10' });
      expect(edited.slug).toBe('trek-marlin-7-2');
      expect((await bySlug('trek-marlin-7')).json<Envelope<Product>>().data._id).toBe(first._id);
    });

    it('answers 404 for an unknown slug, a malformed one and a deleted product', async () => {
      const created = await create({ name: 'Marlin 7' });
      await rename(created._id, { name: 'Marlin 9' });
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/products/${created._id}`,
        headers: admin.auth,
      });
      for (const slug of [
        'trek-marlin-9',
        'trek-marlin-7',
        'no-such-bike',
        'Trek-Marlin-9',
        '../etc',
        'a'.repeat(100),
      ]) {
        const res = await bySlug(slug);
        expect(res.statusCode, slug).toBe(404);
        expect(res.json<ErrorEnvelope>()).toEqual({
          success: false,
          message: 'Product not found.',
          code: 'NOT_FOUND',
        });
      }
    });
  });
});
