import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope, ErrorEnvelope } from '#shared/contract/envelope.ts';
import { IMAGE_ALT_MAX, MAX_PRODUCT_IMAGES, type Product } from '#shared/contract/product.ts';
import { filePart, photo } from '#server/test/catalog-images.ts';
import { productForm, sendForm, type FilePart } from '#server/test/catalog-multipart.ts';
import { createProduct, createUser, type TestUser } from '#server/test/fixtures.ts';
import { createTestContext, type TestContext } from '#server/test/test-app.ts';

describe('bicycle galleries', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let customer: TestUser;
  let picture: Buffer;

  beforeAll(async () => {
    ctx = await createTestContext();
    picture = await photo('jpeg', 320, 200);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.reset();
    admin = await createUser(ctx, { role: 'admin' });
    customer = await createUser(ctx);
  });

  const parts = (n: number): FilePart[] =>
    Array.from({ length: n }, (_, i) =>
      filePart(picture, `p${String(i)}.jpg`, 'image/jpeg', 'image'),
    );
  const upload = (
    id: string,
    n: number,
    fields: Record<string, string> = {},
    auth: Record<string, string> = admin.auth,
  ) => sendForm(ctx, 'POST', `/api/v1/products/${id}/images`, auth, fields, parts(n));
  const reorder = (id: string, body: unknown, auth: Record<string, string> = admin.auth) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/products/${id}/images`,
      headers: auth,
      payload: body as object,
    });
  const remove = (id: string, imageId: string, auth: Record<string, string> = admin.auth) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${id}/images/${imageId}`,
      headers: auth,
    });
  const fetchOne = async (id: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${id}` })).json<
      Envelope<Product>
    >().data;
  const productOf = (res: LightMyRequestResponse) => res.json<Envelope<Product>>().data;
  const errorOf = (res: LightMyRequestResponse) => res.json<ErrorEnvelope>();
  const galleryOf = async (id: string) => (await fetchOne(id)).images ?? [];
  const fileOf = (url: string) => path.join(ctx.app.images.dir, path.basename(url));

  it('adds several pictures in order, each with the alt text sent, the first being imageUrl', async () => {
    const bike = await createProduct(ctx);
    const res = await upload(bike.id, 3, { alt: 'Side view in red' });
    expect(res.statusCode).toBe(201);
    const product = productOf(res);
    expect(product.images).toHaveLength(3);
    expect(product.images?.map((i) => i.alt)).toEqual(Array(3).fill('Side view in red'));
    expect(product.imageUrl).toBe(product.images?.[0]?.url);
    expect(product.thumbnailUrl).toBe(product.images?.[0]?.thumbnailUrl);
    for (const image of product.images ?? []) {
      expect(existsSync(fileOf(image.url))).toBe(true);
      expect(existsSync(fileOf(image.thumbnailUrl))).toBe(true);
    }
    // A second upload goes after the first three; GET shows the same gallery and ETag source.
    const more = productOf(await upload(bike.id, 1));
    expect(more.images?.slice(0, 3)).toEqual(product.images);
    expect(more.images?.[3]?.alt).toBe(`${bike.brand} ${bike.name}`);
    expect(await fetchOne(bike.id)).toEqual(more);
  });

  it('reorders and edits alt text; the new first picture becomes imageUrl everywhere', async () => {
    const bike = await createProduct(ctx);
    const images = productOf(await upload(bike.id, 3)).images ?? [];
    const [a, b, c] = images.map((i) => i._id);
    const res = await reorder(bike.id, [
      { _id: c, alt: 'Drivetrain detail' },
      { _id: a, alt: '' },
      { _id: b, alt: 'Blue colourway' },
    ]);
    expect(res.statusCode).toBe(200);
    const product = productOf(res);
    expect(product.images?.map((i) => [i._id, i.alt])).toEqual([
      [c, 'Drivetrain detail'],
      [a, `${bike.brand} ${bike.name}`],
      [b, 'Blue colourway'],
    ]);
    expect(product.imageUrl).toBe(images[2]?.url);
    // The list shows the first picture too (it reads the kept image_key).
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/products' });
    expect(list.json<Envelope<Product[]>>().data[0]?.imageUrl).toBe(images[2]?.url);
  });

  it('refuses a reorder that misses a picture (409), names an unknown one (404) or has long alt text (400)', async () => {
    const bike = await createProduct(ctx);
    const [a, b] = (productOf(await upload(bike.id, 2)).images ?? []).map((i) => i._id);
    const partial = await reorder(bike.id, [{ _id: a, alt: '' }]);
    expect(partial.statusCode).toBe(409);
    expect(errorOf(partial).code).toBe('GALLERY_CHANGED');
    const unknown = await reorder(bike.id, [
      { _id: a, alt: '' },
      { _id: crypto.randomUUID(), alt: '' },
    ]);
    expect(unknown.statusCode).toBe(404);
    const long = await reorder(bike.id, [
      { _id: a, alt: 'x'.repeat(IMAGE_ALT_MAX + 1) },
      { _id: b, alt: '' },
    ]);
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).details?.[0]?.path).toBe('body.0.alt');
    const longUpload = await upload(bike.id, 1, { alt: 'x'.repeat(IMAGE_ALT_MAX + 1) });
    expect(longUpload.statusCode).toBe(400);
    expect((await galleryOf(bike.id)).map((i) => i._id)).toEqual([a, b]);
  });

  it('deletes a picture and its files; deleting the first makes the next one imageUrl', async () => {
    const bike = await createProduct(ctx);
    const [first, second] = productOf(await upload(bike.id, 2)).images ?? [];
    if (!first || !second) throw new Error('upload failed');
    const res = await remove(bike.id, first._id);
    expect(res.statusCode).toBe(200);
    expect(productOf(res).images).toEqual([second]);
    expect(productOf(res).imageUrl).toBe(second.url);
    expect(existsSync(fileOf(first.url))).toBe(false);
    expect((await remove(bike.id, first._id)).statusCode).toBe(404);
    expect(productOf(await remove(bike.id, second._id))).toMatchObject({
      images: [],
      imageUrl: null,
      thumbnailUrl: null,
    });
  });

  it(`holds at most ${String(MAX_PRODUCT_IMAGES)} pictures, even for two uploads at once`, async () => {
    const bike = await createProduct(ctx);
    const full = await upload(bike.id, MAX_PRODUCT_IMAGES + 1);
    expect(full.statusCode).toBe(409);
    expect(errorOf(full)).toMatchObject({ code: 'TOO_MANY_IMAGES' });
    expect(await galleryOf(bike.id)).toEqual([]);
    expect((await upload(bike.id, MAX_PRODUCT_IMAGES - 2)).statusCode).toBe(201);
    // Both pass the first count; the product's lock makes the second see the first's pictures.
    const results = await Promise.all([upload(bike.id, 2), upload(bike.id, 2)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await galleryOf(bike.id)).toHaveLength(MAX_PRODUCT_IMAGES);
    const refused = results.find((r) => r.statusCode === 409);
    expect(errorOf(refused ?? full).message).toContain(String(MAX_PRODUCT_IMAGES));
  });

  it('answers 401 to visitors, 403 to customers and 404 for an unknown bicycle', async () => {
    const bike = await createProduct(ctx);
    const images = productOf(await upload(bike.id, 1)).images ?? [];
    const id = images[0]?._id ?? '';
    for (const [auth, status] of [
      [{}, 401],
      [customer.auth, 403],
    ] as const) {
      expect((await upload(bike.id, 1, {}, auth)).statusCode).toBe(status);
      expect((await reorder(bike.id, [{ _id: id, alt: 'x' }], auth)).statusCode).toBe(status);
      expect((await remove(bike.id, id, auth)).statusCode).toBe(status);
    }
    expect(await galleryOf(bike.id)).toEqual(images);
    const missing = crypto.randomUUID();
    expect((await upload(missing, 1)).statusCode).toBe(404);
    expect((await reorder(missing, [])).statusCode).toBe(404);
    expect((await remove(missing, id)).statusCode).toBe(404);
    expect((await upload(bike.id, 0)).statusCode).toBe(400);
  });

  it("keeps the product form's one image as the gallery's first picture", async () => {
    const created = await sendForm(ctx, 'POST', '/api/v1/products', admin.auth, productForm(), [
      filePart(picture, 'a.jpg', 'image/jpeg'),
    ]);
    const product = productOf(created);
    expect(product.images?.map((i) => i.url)).toEqual([product.imageUrl]);
    const withMore = productOf(await upload(product._id, 1));
    const [, second] = withMore.images ?? [];
    // A new file on the edit page replaces the first picture; the others stay.
    const replaced = productOf(
      await sendForm(ctx, 'PUT', `/api/v1/products/${product._id}`, admin.auth, productForm(), [
        filePart(picture, 'b.jpg', 'image/jpeg'),
      ]),
    );
    expect(replaced.imageUrl).not.toBe(product.imageUrl);
    expect(replaced.images?.map((i) => i.url)).toEqual([replaced.imageUrl, second?.url]);
    expect(existsSync(fileOf(product.imageUrl ?? ''))).toBe(false);
    // "" removes the first picture: the next one takes its place.
    const removed = productOf(
      await sendForm(
        ctx,
        'PUT',
        `/api/v1/products/${product._id}`,
        admin.auth,
        productForm({ imageUrl: '' }),
      ),
    );
    expect(removed.images).toEqual([second]);
    expect(removed.imageUrl).toBe(second?.url);
  });

  it("an edit sent with the ETag of the gallery's answer is accepted", async () => {
    const bike = await createProduct(ctx);
    const res = await upload(bike.id, 1);
    const etag = String(res.headers.etag);
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${bike.id}/stock`,
      headers: { ...admin.auth, 'if-match': etag },
      payload: { quantity: 3 },
    });
    expect(edit.statusCode).toBe(200);
  });

  it("a gallery bicycle's inventory row carries the tag its stock edit is checked against", async () => {
    const bike = await createProduct(ctx, { name: 'Gallery Row' });
    expect((await upload(bike.id, 3)).statusCode).toBe(201);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/products/inventory?searchTerm=Gallery%20Row',
      headers: admin.auth,
    });
    const [row] = listed.json<Envelope<(Product & { etag: string })[]>>().data;
    const one = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${bike.id}` });
    expect(row?.etag).toBe(one.headers.etag);
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${bike.id}/stock`,
      headers: { ...admin.auth, 'if-match': row?.etag ?? '' },
      payload: { quantity: 4 },
    });
    expect(edit.statusCode).toBe(200);
  });
});
