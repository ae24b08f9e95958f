import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Envelope, ErrorEnvelope, PagedEnvelope } from '#shared/contract/envelope.ts';
import type { Product } from '#shared/contract/product.ts';
import { products } from '#server/db/schema.ts';
import { filePart, photo, uploadedFiles } from '#server/test/catalog-images.ts';
import { productForm, type FilePart, sendForm } from '#server/test/catalog-multipart.ts';
import { createProduct, createUser, type TestUser } from '#server/test/fixtures.ts';
import { placeOrderOk } from '#server/test/orders-helpers.ts';
import { eventually } from '#server/test/eventually.ts';
import { createTestContext, type TestContext } from '#server/test/test-app.ts';

describe('admin product writes', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let customer: TestUser;
  let jpeg: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    ctx = await createTestContext();
    [jpeg, png] = await Promise.all([photo('jpeg'), photo('png', 640, 480)]);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.reset();
    admin = await createUser(ctx, { role: 'admin' });
    customer = await createUser(ctx);
  });

  const send = (
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string | number>,
    files: FilePart[] = [],
    user: TestUser | null = admin,
  ) => {
    return sendForm(ctx, method, url, user ? user.auth : {}, fields, files);
  };
  const create = (fields = productForm(), files: FilePart[] = [], user: TestUser | null = admin) =>
    send('POST', '/api/v1/products', fields, files, user);
  const update = (
    id: string,
    fields: Record<string, string | number>,
    files: FilePart[] = [],
    user: TestUser | null = admin,
  ) => send('PUT', `/api/v1/products/${id}`, fields, files, user);
  const remove = (id: string, user: TestUser | null = admin) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${id}`,
      headers: user ? user.auth : {},
    });
  const fetchOne = (id: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/products/${id}` });
  const uploads = () => uploadedFiles(ctx.app.images.dir);
  const fileOf = (url: string | null) => path.join(ctx.app.images.dir, path.basename(String(url)));

  describe('who may write', () => {
    it('refuses anonymous callers with 401 and customers with 403, writing nothing', async () => {
      const row = await createProduct(ctx, { name: 'Untouched' });
      for (const [user, status] of [
        [null, 401],
        [customer, 403],
      ] as const) {
        expect(
          (await create(productForm(), [filePart(jpeg, 'a.jpg', 'image/jpeg')], user)).statusCode,
        ).toBe(status);
        expect((await update(row.id, productForm({ name: 'Changed' }), [], user)).statusCode).toBe(
          status,
        );
        expect((await remove(row.id, user)).statusCode).toBe(status);
      }
      const all = await ctx.database.db.select().from(products);
      expect(all.map((p) => [p.name, p.deletedAt])).toEqual([['Untouched', null]]);
      expect(await uploads()).toEqual([]);
    });

    it('refuses a blocked admin with 403', async () => {
      const blocked = await createUser(ctx, { role: 'admin', isBlocked: true });
      expect((await create(productForm(), [], blocked)).statusCode).toBe(403);
    });
  });

  describe('POST /products', () => {
    it('creates a product with an image: 201, dollars, computed inStock, WebP large and thumbnail', async () => {
      const res = await create(productForm({ name: '  Marlin 7  ', quantity: '0' }), [
        filePart(jpeg, 'bike.jpg', 'image/jpeg'),
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<Envelope<Product>>();
      expect(body.message).toBe('Product created successfully');
      expect(body.data).toMatchObject({
        name: 'Marlin 7',
        brand: 'Trek',
        category: 'Mountain Bike',
        price: 899.99,
        quantity: 0,
        inStock: false,
        createdAt: ctx.clock.now().toISOString(),
        updatedAt: ctx.clock.now().toISOString(),
      });
      // Absolute, under PUBLIC_ASSET_URL (APP_URL by default), so other origins can show it.
      expect(body.data.imageUrl).toMatch(/^http:\/\/store\.test\/uploads\/[a-f0-9]{32}\.webp$/);
      expect(body.data.thumbnailUrl).toBe(
        String(body.data.imageUrl).replace('.webp', '-thumb.webp'),
      );
      expect(existsSync(fileOf(body.data.imageUrl))).toBe(true);
      expect(existsSync(fileOf(body.data.thumbnailUrl))).toBe(true);

      const [row] = await ctx.database.db
        .select()
        .from(products)
        .where(eq(products.id, body.data._id));
      expect(row?.priceCents).toBe(89999);
      expect((await fetchOne(body.data._id)).json<Envelope<Product>>().data).toEqual(body.data);
    });

    it('creates a product without an image, with "" or with no image part', async () => {
      const withEmpty = await create(productForm({ imageUrl: '' }));
      expect(withEmpty.statusCode).toBe(201);
      expect(withEmpty.json<Envelope<Product>>().data).toMatchObject({
        imageUrl: null,
        thumbnailUrl: null,
        inStock: true,
      });
      const without = await create(productForm());
      expect(without.statusCode).toBe(201);
      // A file input left empty by the browser: no file name, no bytes.
      const emptyInput = await create(productForm(), [
        filePart(Buffer.alloc(0), '', 'application/octet-stream'),
      ]);
      expect(emptyInput.statusCode).toBe(201);
      expect(emptyInput.json<Envelope<Product>>().data.imageUrl).toBeNull();
    });

    it('strips unknown fields', async () => {
      const res = await create(productForm({ inStock: 'false', _id: 'x', priceCents: '1' }));
      expect(res.statusCode).toBe(201);
      expect(res.json<Envelope<Product>>().data).toMatchObject({ price: 899.99, inStock: true });
    });

    // Each row changes one field of a valid form, the one the details must name.
    it.each([
      ['a missing name', { name: undefined }, 'Name is required'],
      ['a blank name', { name: '   ' }, 'Name is required'],
      ['a missing brand', { brand: undefined }, 'Brand is required'],
      ['an unknown category', { category: 'Unicycle' }, 'Choose a category'],
      ['a missing price', { price: undefined }, 'Price is required'],
      ['an empty price', { price: '' }, 'Price is required'],
      ['a price that is not a number', { price: 'cheap' }, 'Price must be a number'],
      ['a hexadecimal price', { price: '0x10' }, 'Price must be a number'],
      ['a negative price', { price: '-1' }, 'Price must be 0 or more'],
      ['a price with 3 decimals', { price: '12.345' }, 'Price can have at most 2 decimals'],
      ['a fractional quantity', { quantity: '2.5' }, 'Quantity must be a whole number'],
      ['a negative quantity', { quantity: '-3' }, 'Quantity must be 0 or more'],
      ['a quantity that is not a number', { quantity: 'many' }, 'Quantity must be a number'],
      ['a missing description', { description: undefined }, 'Description is required'],
      ['a 201-character name', { name: 'n'.repeat(201) }, 'Name must be at most 200 characters'],
    ])(
      'refuses %s with 400 and the field in details, saving no image',
      async (_label, change, message) => {
        const [field] = Object.keys(change);
        const fields = Object.fromEntries(
          Object.entries({ ...productForm(), ...change }).filter(
            (entry): entry is [string, string] => entry[1] !== undefined,
          ),
        );
        const res = await create(fields, [filePart(jpeg, 'bike.jpg', 'image/jpeg')]);
        expect(res.statusCode).toBe(400);
        const body = res.json<ErrorEnvelope>();
        expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
        expect(body.details).toContainEqual({ path: `body.${field}`, message });
        expect(await uploads()).toEqual([]);
        expect(await ctx.database.db.select().from(products)).toEqual([]);
      },
    );

    it('lists every invalid field at once', async () => {
      const res = await create({ name: '', category: 'Bike', price: '-5', quantity: '1.5' });
      const paths = res.json<ErrorEnvelope>().details?.map((d) => d.path);
      expect(paths).toEqual(
        expect.arrayContaining([
          'body.name',
          'body.brand',
          'body.category',
          'body.price',
          'body.quantity',
          'body.description',
        ]),
      );
    });

    it('accepts the edge values 0 and 2 decimals', async () => {
      const res = await create(productForm({ price: '0', quantity: '0' }));
      expect(res.json<Envelope<Product>>().data).toMatchObject({
        price: 0,
        quantity: 0,
        inStock: false,
      });
      const cents = await create(productForm({ price: '0.1', quantity: '100000' }));
      expect(cents.json<Envelope<Product>>().data).toMatchObject({ price: 0.1, quantity: 100000 });
    });

    it('refuses an image URL it did not issue', async () => {
      const res = await create(productForm({ imageUrl: 'https://example.com/bike.png' }));
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorEnvelope>().details).toEqual([
        { path: 'body.imageUrl', message: expect.any(String) },
      ]);
      expect(await ctx.database.db.select().from(products)).toEqual([]);
    });

    it('refuses a JSON body (the form is multipart)', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/products',
        payload: productForm(),
        headers: admin.auth,
      });
      expect(res.statusCode).toBe(415);
    });
  });

  describe('PUT /products/:id', () => {
    async function createWithImage(): Promise<Product> {
      const res = await create(productForm(), [filePart(jpeg, 'bike.jpg', 'image/jpeg')]);
      expect(res.statusCode).toBe(201);
      return res.json<Envelope<Product>>().data;
    }

    it('keeps the image when the form sends the current URL or no image part, and moves updatedAt', async () => {
      const product = await createWithImage();
      const files = await uploads();
      expect(files).toHaveLength(2);

      ctx.clock.advance(60_000);
      const kept = await update(
        product._id,
        productForm({ name: 'Marlin 8', price: '950', imageUrl: String(product.imageUrl) }),
      );
      expect(kept.statusCode, kept.body).toBe(200);
      const keptBody = kept.json<Envelope<Product>>();
      expect(keptBody.message).toBe('Product updated successfully');
      expect(keptBody.data).toMatchObject({
        name: 'Marlin 8',
        price: 950,
        imageUrl: product.imageUrl,
        createdAt: product.createdAt,
      });
      expect(keptBody.data.updatedAt).toBe(ctx.clock.now().toISOString());
      expect(Date.parse(keptBody.data.updatedAt)).toBeGreaterThan(Date.parse(product.updatedAt));

      ctx.clock.advance(60_000);
      const absent = await update(product._id, productForm({ quantity: '3' }));
      expect(absent.json<Envelope<Product>>().data).toMatchObject({
        quantity: 3,
        imageUrl: product.imageUrl,
      });
      expect(absent.json<Envelope<Product>>().data.updatedAt).toBe(ctx.clock.now().toISOString());

      // The relative form issued before, and the thumbnail's URL, name the same image.
      for (const sent of [
        new URL(String(product.imageUrl)).pathname,
        String(product.thumbnailUrl),
        new URL(String(product.thumbnailUrl)).pathname,
      ]) {
        const kept = await update(product._id, productForm({ imageUrl: sent }));
        expect(kept.json<Envelope<Product>>().data.imageUrl, sent).toBe(product.imageUrl);
      }
      expect(await uploads()).toEqual(files);
    });

    it('replaces the image with a new file and deletes the old files', async () => {
      const product = await createWithImage();
      const res = await update(product._id, productForm(), [filePart(png, 'new.png', 'image/png')]);
      expect(res.statusCode).toBe(200);
      const updated = res.json<Envelope<Product>>().data;
      expect(updated.imageUrl).not.toBe(product.imageUrl);
      expect(existsSync(fileOf(updated.imageUrl))).toBe(true);
      expect(existsSync(fileOf(product.imageUrl))).toBe(false);
      expect(existsSync(fileOf(product.thumbnailUrl))).toBe(false);
      expect(await uploads()).toHaveLength(2);
    });

    it('removes the image with "" and deletes its files', async () => {
      const product = await createWithImage();
      const res = await update(product._id, productForm({ imageUrl: '' }));
      expect(res.json<Envelope<Product>>().data).toMatchObject({
        imageUrl: null,
        thumbnailUrl: null,
      });
      expect(await uploads()).toEqual([]);
    });

    it("refuses another product's image URL or any other text, changing nothing", async () => {
      const product = await createWithImage();
      const other = await createWithImage();
      for (const imageUrl of [String(other.imageUrl), '/uploads/../secret.webp', 'not a url']) {
        const res = await update(product._id, productForm({ name: 'Changed', imageUrl }));
        expect(res.statusCode).toBe(400);
        expect(res.json<ErrorEnvelope>().details?.[0]?.path).toBe('body.imageUrl');
      }
      expect((await fetchOne(product._id)).json<Envelope<Product>>().data).toEqual(product);
    });

    it('refuses a file and a URL for the same image', async () => {
      const product = await createWithImage();
      const res = await update(product._id, productForm({ imageUrl: String(product.imageUrl) }), [
        filePart(png, 'new.png', 'image/png'),
      ]);
      expect(res.statusCode).toBe(400);
      expect(await uploads()).toHaveLength(2);
    });

    it('answers 404 for unknown and deleted products, leaving no new file behind', async () => {
      const unknown = await update('7f1c2a52-0d55-4a8e-9d43-3f1e4a9b8c10', productForm(), [
        filePart(png, 'a.png', 'image/png'),
      ]);
      expect(unknown.statusCode).toBe(404);
      const row = await createProduct(ctx);
      await remove(row.id);
      const deleted = await update(row.id, productForm(), [filePart(png, 'a.png', 'image/png')]);
      expect(deleted.statusCode).toBe(404);
      expect(await uploads()).toEqual([]);
    });

    it('validates the fields before touching the image', async () => {
      const product = await createWithImage();
      const res = await update(product._id, productForm({ price: '1.999' }), [
        filePart(png, 'a.png', 'image/png'),
      ]);
      expect(res.statusCode).toBe(400);
      expect(await uploads()).toHaveLength(2);
      expect((await fetchOne(product._id)).json<Envelope<Product>>().data).toEqual(product);
    });

    it('deletes the newly saved files when the database update fails, and keeps the old ones', async () => {
      const product = await createWithImage();
      const before = await uploads();
      await ctx.database.db.execute(
        sql.raw(`
        create or replace function refuse_product_update() returns trigger language plpgsql as $$
        begin raise exception 'refused for the test'; end $$`),
      );
      await ctx.database.db.execute(
        sql.raw(`
        create trigger refuse_product_update before update on products
          for each row when (new.name = 'Explode') execute function refuse_product_update()`),
      );
      try {
        const res = await update(product._id, productForm({ name: 'Explode' }), [
          filePart(png, 'a.png', 'image/png'),
        ]);
        expect(res.statusCode).toBe(500);
        expect(res.json<ErrorEnvelope>().message).not.toContain('refused for the test');
      } finally {
        await ctx.database.db.execute(sql.raw('drop trigger refuse_product_update on products'));
        await ctx.database.db.execute(sql.raw('drop function refuse_product_update()'));
      }
      expect(await uploads()).toEqual(before);
      expect((await fetchOne(product._id)).json<Envelope<Product>>().data).toEqual(product);
    });
  });

  describe('PUT /products/:id with If-Match', () => {
    const edit = (
      id: string,
      ifMatch: string | undefined,
      fields = productForm(),
      files: FilePart[] = [],
    ) => {
      return sendForm(
        ctx,
        'PUT',
        `/api/v1/products/${id}`,
        { ...admin.auth, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
        fields,
        files,
      );
    };
    const etagOf = async (id: string) => {
      const res = await fetchOne(id);
      expect(res.statusCode).toBe(200);
      return String(res.headers.etag);
    };
    const rowOf = async (id: string) => {
      const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id));
      if (!row) throw new Error('product row missing');
      return row;
    };

    it('refuses an edit made on values loaded before customers bought stock: 412, nothing written', async () => {
      const row = await createProduct(ctx, { name: 'Stale Edit', price: 899.99, quantity: 5 });
      const loaded = await etagOf(row.id);
      expect(loaded).toMatch(/^"[^"]+"$/);

      await placeOrderOk(ctx, customer, row.id, 3);
      // Taking stock changes the tag, although it leaves updatedAt alone.
      expect(await etagOf(row.id)).not.toBe(loaded);

      const form = productForm({ name: 'Stale Edit', price: '799.99', quantity: '5' });
      const res = await edit(row.id, loaded, form, [filePart(png, 'new.png', 'image/png')]);
      expect(res.statusCode, res.body).toBe(412);
      expect(res.json<ErrorEnvelope>()).toEqual({
        success: false,
        code: 'PRECONDITION_FAILED',
        message: expect.stringMatching(/changed/),
      });
      const after = await rowOf(row.id);
      expect([after.quantity, after.priceCents, after.updatedAt]).toEqual([
        2,
        89999,
        row.updatedAt,
      ]);
      expect(await uploads()).toEqual([]);
    });

    it('saves an edit made on the current values, and answers with the new tag', async () => {
      const row = await createProduct(ctx, { quantity: 5 });
      await placeOrderOk(ctx, customer, row.id, 3);
      const current = await etagOf(row.id);
      const res = await edit(row.id, current, productForm({ price: '799.99', quantity: '2' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Envelope<Product>>().data).toMatchObject({ price: 799.99, quantity: 2 });
      const fresh = await etagOf(row.id);
      expect(fresh).not.toBe(current);
      expect(res.headers.etag).toBe(fresh);
      // The tag it answered with is good for the next edit.
      expect((await edit(row.id, fresh, productForm({ quantity: '4' }))).statusCode).toBe(200);
      expect((await edit(row.id, fresh, productForm({ quantity: '9' }))).statusCode).toBe(412);
    });

    it('compares tags strongly: "*" and a list holding the current tag pass, a weak or unknown tag does not', async () => {
      const row = await createProduct(ctx, { quantity: 5 });
      const current = await etagOf(row.id);
      expect((await edit(row.id, `W/${current}`)).statusCode).toBe(412);
      expect((await edit(row.id, '"not-a-tag"')).statusCode).toBe(412);
      expect((await rowOf(row.id)).name).toBe(row.name);
      expect((await edit(row.id, `"not-a-tag", ${current}`)).statusCode).toBe(200);
      expect((await edit(row.id, '*', productForm({ name: 'Starred' }))).statusCode).toBe(200);
      expect((await rowOf(row.id)).name).toBe('Starred');
    });

    it('without If-Match, saves as it always has (the last write wins)', async () => {
      const row = await createProduct(ctx, { quantity: 5 });
      await placeOrderOk(ctx, customer, row.id, 3);
      const res = await edit(row.id, undefined, productForm({ quantity: '5' }));
      expect(res.statusCode, res.body).toBe(200);
      expect((await rowOf(row.id)).quantity).toBe(5);
    });

    it('answers 404, not 412, for a product that is gone', async () => {
      const row = await createProduct(ctx);
      const tag = await etagOf(row.id);
      await remove(row.id);
      expect((await edit(row.id, tag)).statusCode).toBe(404);
    });

    it('checks the tag and writes under one row lock: stock taken while the edit waits is not put back', async () => {
      const row = await createProduct(ctx, { quantity: 5 });
      const loaded = await etagOf(row.id);
      const pending: { put?: Promise<LightMyRequestResponse> } = {};
      await ctx.database.db.transaction(async (tx) => {
        // Another writer (an order) holds the row.
        await tx.select().from(products).where(eq(products.id, row.id)).for('update');
        pending.put = edit(row.id, loaded, productForm({ price: '1', quantity: '5' }));
        const pool = ctx.database.pool;
        // On PostgreSQL the edit passes its first look (nothing is committed yet) and then waits
        // for the row. The embedded database runs one transaction at a time, so there the edit
        // simply runs after this one.
        if (pool) {
          await vi.waitFor(async () => {
            const waiting = await pool.query<{ n: string }>(
              "select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
            );
            expect(Number(waiting.rows[0]?.n)).toBeGreaterThan(0);
          }, eventually);
        }
        await tx
          .update(products)
          .set({ quantity: sql`${products.quantity} - 3` })
          .where(eq(products.id, row.id));
      });
      const res = await pending.put;
      expect(res?.statusCode, res?.body).toBe(412);
      const after = await rowOf(row.id);
      expect([after.quantity, after.priceCents]).toEqual([2, row.priceCents]);
    });
  });

  describe('DELETE /products/:id', () => {
    it('soft-deletes: gone from the list and from GET by id, still in the table with its image', async () => {
      const res = await create(productForm({ name: 'Going Away' }), [
        filePart(jpeg, 'bike.jpg', 'image/jpeg'),
      ]);
      const product = res.json<Envelope<Product>>().data;
      const kept = await createProduct(ctx, { name: 'Staying' });

      ctx.clock.advance(1000);
      const deleted = await remove(product._id);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({
        success: true,
        message: 'Product deleted successfully',
        data: null,
      });

      expect((await fetchOne(product._id)).statusCode).toBe(404);
      const page = (await ctx.app.inject({ method: 'GET', url: '/api/v1/products' })).json<
        PagedEnvelope<Product>
      >();
      expect(page.data.map((p) => p._id)).toEqual([kept.id]);
      expect(page.meta.total).toBe(1);
      const search = (
        await ctx.app.inject({ method: 'GET', url: '/api/v1/products?searchTerm=going' })
      ).json<PagedEnvelope<Product>>();
      expect(search.data).toEqual([]);

      const [row] = await ctx.database.db
        .select()
        .from(products)
        .where(eq(products.id, product._id));
      expect(row?.name).toBe('Going Away');
      expect(row?.deletedAt?.toISOString()).toBe(ctx.clock.now().toISOString());
      expect(row?.updatedAt.toISOString()).toBe(ctx.clock.now().toISOString());
      // Past orders still show the picture.
      expect(existsSync(fileOf(product.imageUrl))).toBe(true);
      expect(existsSync(fileOf(product.thumbnailUrl))).toBe(true);
    });

    it('answers 404 the second time and for unknown ids, 400 for malformed ids', async () => {
      const row = await createProduct(ctx);
      expect((await remove(row.id)).statusCode).toBe(200);
      expect((await remove(row.id)).statusCode).toBe(404);
      expect((await remove('7f1c2a52-0d55-4a8e-9d43-3f1e4a9b8c10')).statusCode).toBe(404);
      expect((await remove('nope')).statusCode).toBe(400);
    });
  });
});
