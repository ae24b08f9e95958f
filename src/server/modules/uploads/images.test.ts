import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, ErrorEnvelope, PagedEnvelope } from '#shared/contract/envelope.ts';
import type { Product } from '#shared/contract/product.ts';
import type { User } from '#shared/contract/user.ts';
import { products } from '#server/db/schema.ts';
import {
  filePart,
  jpegWithExif,
  photo,
  pixelBomb,
  uploadedFiles,
} from '#server/test/catalog-images.ts';
import {
  productForm,
  type FilePart,
  sendForm,
  postProduct,
} from '#server/test/catalog-multipart.ts';
import { createUser, useFreshUser } from '#server/test/fixtures.ts';
import { listOrdersAs, placeOrderOk } from '#server/test/orders-helpers.ts';
import { createTestContext, type TestContext, useTestContext } from '#server/test/test-app.ts';
import { LARGE_WIDTH, MAX_IMAGE_BYTES, THUMB_WIDTH } from './images.ts';

describe('product images', () => {
  const ctx = useTestContext();
  const admin = useFreshUser(ctx, { role: 'admin' });

  const upload = (file: FilePart) => postProduct(ctx, admin.auth, productForm(), [file]);
  const uploads = () => uploadedFiles(ctx.app.images.dir);

  describe('the upload corpus is refused with a clear error and nothing left behind', () => {
    let bomb: Buffer;
    let truncatedJpeg: Buffer;
    let sixMiB: Buffer;
    beforeAll(async () => {
      bomb = await pixelBomb();
      const jpeg = await photo('jpeg', 1200, 900);
      truncatedJpeg = jpeg.subarray(0, Math.floor(jpeg.length / 2));
      // A real JPEG padded past the limit, as a camera file with a huge trailer would be.
      sixMiB = Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024 - jpeg.length, 0xab)]);
    });

    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
        '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    );
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

    it.each([
      [
        'an SVG with a script',
        () => filePart(svg, 'bike.svg', 'image/svg+xml'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'an SVG sent as a PNG',
        () => filePart(svg, 'bike.png', 'image/png'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'an HTML page renamed .png',
        () => filePart(html, 'bike.png', 'image/png'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      ['a 6 MiB file', () => filePart(sixMiB, 'big.jpg', 'image/jpeg'), 413, 'PAYLOAD_TOO_LARGE'],
      [
        'a truncated JPEG',
        () => filePart(truncatedJpeg, 'cut.jpg', 'image/jpeg'),
        400,
        'INVALID_IMAGE',
      ],
      [
        'a 0-byte file',
        () => filePart(Buffer.alloc(0), 'empty.png', 'image/png'),
        400,
        'EMPTY_FILE',
      ],
    ])('%s', async (_label, file, status, code) => {
      const res = await upload(file());
      expect(res.statusCode).toBe(status);
      const body = res.json<ErrorEnvelope>();
      expect(body).toMatchObject({ success: false, code });
      expect(body.message.length).toBeGreaterThan(10);
      expect(await uploads()).toEqual([]);
      expect(await ctx.database.db.select().from(products)).toEqual([]);
    });

    it('a 20000 x 20000 PNG, refused from its header without decoding it', async () => {
      expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES);
      const started = performance.now();
      const res = await upload(filePart(bomb, 'huge.png', 'image/png'));
      const elapsed = performance.now() - started;
      expect(res.statusCode).toBe(413);
      expect(res.json<ErrorEnvelope>()).toMatchObject({
        code: 'IMAGE_TOO_LARGE',
        message: expect.stringMatching(/megapixels/),
      });
      // Decoding 400 megapixels takes seconds and 1.2 GB; reading the header takes milliseconds.
      expect(elapsed).toBeLessThan(1500);
      expect(await uploads()).toEqual([]);
    });
  });

  describe('accepted images', () => {
    it.each(['jpeg', 'png', 'webp', 'gif', 'avif'] as const)(
      're-encodes %s to a large and a thumbnail WebP',
      async (format) => {
        const input = await photo(format, 1600, 1000);
        const res = await upload(filePart(input, `bike.${format}`, 'application/octet-stream'));
        expect(res.statusCode, res.body).toBe(201);
        const product = res.json<Envelope<Product>>().data;
        const large = await readFile(
          path.join(ctx.app.images.dir, path.basename(String(product.imageUrl))),
        );
        const thumb = await readFile(
          path.join(ctx.app.images.dir, path.basename(String(product.thumbnailUrl))),
        );
        const [largeMeta, thumbMeta] = await Promise.all([
          sharp(large).metadata(),
          sharp(thumb).metadata(),
        ]);
        expect(largeMeta).toMatchObject({ format: 'webp', width: LARGE_WIDTH, height: 750 });
        expect(thumbMeta).toMatchObject({ format: 'webp', width: THUMB_WIDTH, height: 300 });
      },
    );

    it('accepts a photo of several megabytes: uploads are not held to the 16 KiB JSON body limit', async () => {
      const input = await photo('png', 1600, 1000);
      expect(input.length).toBeGreaterThan(3 * 1024 * 1024);
      expect(input.length).toBeLessThan(MAX_IMAGE_BYTES);
      const res = await upload(filePart(input, 'camera.png', 'image/png'));
      expect(res.statusCode, res.body).toBe(201);
    });

    it('never enlarges a small image', async () => {
      const res = await upload(filePart(await photo('png', 300, 200), 'small.png', 'image/png'));
      const product = res.json<Envelope<Product>>().data;
      const large = await readFile(
        path.join(ctx.app.images.dir, path.basename(String(product.imageUrl))),
      );
      expect(await sharp(large).metadata()).toMatchObject({ width: 300, height: 200 });
    });

    it('strips metadata and uses random names, not the uploaded file name', async () => {
      const input = await jpegWithExif();
      expect((await sharp(input).metadata()).exif).toBeDefined();
      const res = await upload(filePart(input, 'my-holiday-photo.jpg', 'image/jpeg'));
      const product = res.json<Envelope<Product>>().data;
      expect(product.imageUrl).not.toContain('holiday');
      const files = await uploads();
      expect(files).toHaveLength(2);
      for (const name of files) {
        expect(name).toMatch(/^[a-f0-9]{32}(-thumb)?\.webp$/);
        const bytes = await readFile(path.join(ctx.app.images.dir, name));
        const meta = await sharp(bytes).metadata();
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(bytes.includes(Buffer.from('StoreTestCam'))).toBe(false);
      }
      // Two uploads of the same bytes never share a name.
      const again = (await upload(filePart(input, 'my-holiday-photo.jpg', 'image/jpeg'))).json<
        Envelope<Product>
      >().data;
      expect(again.imageUrl).not.toBe(product.imageUrl);
    });
  });

  describe('serving uploads', () => {
    it('serves stored images as WebP with immutable caching and nosniff', async () => {
      const res = await upload(filePart(await photo('jpeg', 800, 600), 'bike.jpg', 'image/jpeg'));
      const product = res.json<Envelope<Product>>().data;
      for (const url of [product.imageUrl, product.thumbnailUrl]) {
        const served = await ctx.app.inject({ method: 'GET', url: new URL(String(url)).pathname });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
        expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
      }
    });

    it('answers 404 for a missing upload and does not leave the folder', async () => {
      const missing = await ctx.app.inject({
        method: 'GET',
        url: '/uploads/0123456789abcdef0123456789abcdef.webp',
      });
      expect(missing.statusCode).toBe(404);
      const escape = await ctx.app.inject({
        method: 'GET',
        url: '/uploads/..%2f..%2fetc%2fpasswd',
      });
      expect(escape.statusCode).toBe(404);
    });
  });

  describe('image URLs in answers', () => {
    let cdn: TestContext;
    const BASE = 'https://cdn.example.com/store';
    beforeAll(async () => {
      cdn = await createTestContext({ PUBLIC_ASSET_URL: `${BASE}/` });
    });
    afterAll(() => cdn.close());

    const absolute = (base: string, suffix = '') =>
      new RegExp(`^${base.replace(/[.]/g, '\\.')}/uploads/[a-f0-9]{32}${suffix}\\.webp$`);

    it('are absolute under APP_URL by default', async () => {
      const res = await upload(filePart(await photo('jpeg', 800, 600), 'bike.jpg', 'image/jpeg'));
      const product = res.json<Envelope<Product>>().data;
      expect(product.imageUrl).toMatch(absolute('http://store.test'));
      expect(product.thumbnailUrl).toMatch(absolute('http://store.test', '-thumb'));
    });

    it('are absolute under PUBLIC_ASSET_URL in product, order and user answers, and are kept when sent back', async () => {
      const cdnAdmin = await createUser(cdn, { role: 'admin' });
      const customer = await createUser(cdn);
      const jpeg = await photo('jpeg', 800, 600);
      const created = await postProduct(cdn, cdnAdmin.auth, productForm({ quantity: '5' }), [
        filePart(jpeg, 'bike.jpg', 'image/jpeg'),
      ]);
      expect(created.statusCode, created.body).toBe(201);
      const product = created.json<Envelope<Product>>().data;
      expect(product.imageUrl).toMatch(absolute(BASE));
      expect(product.thumbnailUrl).toMatch(absolute(BASE, '-thumb'));
      const listed = await cdn.app.inject({ method: 'GET', url: '/api/v1/products' });
      expect(listed.json<PagedEnvelope<Product>>().data[0]?.imageUrl).toBe(product.imageUrl);
      const one = await cdn.app.inject({ method: 'GET', url: `/api/v1/products/${product._id}` });
      expect(one.json<Envelope<Product>>().data.thumbnailUrl).toBe(product.thumbnailUrl);

      await placeOrderOk(cdn, customer, product._id, 1);
      const orders = await listOrdersAs(cdn, customer);
      expect(orders[0]?.product.imageUrl).toBe(product.imageUrl);

      const profile = await sendForm(
        cdn,
        'PATCH',
        '/api/v1/users/update',
        customer.auth,
        { name: 'Ada Rider' },
        [filePart(jpeg, 'me.jpg', 'image/jpeg', 'avatar')],
      );
      expect(profile.statusCode, profile.body).toBe(200);
      const avatar = profile.json<Envelope<User>>().data.avatar;
      expect(avatar).toMatch(absolute(BASE, '-thumb'));
      const me = await cdn.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: customer.auth,
      });
      expect(me.json<Envelope<User>>().data.avatar).toBe(avatar);

      // The URL the API gave out, sent back as it is, keeps the image.
      const edited = await sendForm(
        cdn,
        'PUT',
        `/api/v1/products/${product._id}`,
        cdnAdmin.auth,
        productForm({ name: 'Kept', imageUrl: String(product.imageUrl) }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<Envelope<Product>>().data).toMatchObject({
        name: 'Kept',
        imageUrl: product.imageUrl,
      });
      expect(await uploadedFiles(cdn.app.images.dir)).toHaveLength(4);
    });
  });
});
