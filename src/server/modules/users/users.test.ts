import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  fetchMe,
  formData,
  jpegWithExif,
  pngImage,
  refresh,
  signIn,
  type FilePart,
  USER_FIELDS,
} from '#server/test/accounts-helpers.ts';
import { createProduct, createUser, useFreshUser } from '#server/test/fixtures.ts';
import { cancelAs, placeOrderOk, placePaidOrder } from '#server/test/orders-helpers.ts';
import { type TestContext, useTestContext } from '#server/test/test-app.ts';

async function uploadedFiles(ctx: TestContext): Promise<string[]> {
  try {
    return (await readdir(ctx.app.images.dir)).sort();
  } catch {
    return [];
  }
}

describe('profile: GET /users/me and PATCH /users/update', () => {
  const ctx = useTestContext();
  const user = useFreshUser(ctx, { name: 'Original Name' });

  const update = (parts: Record<string, string | FilePart>) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update',
      headers: user.auth,
      payload: formData(parts),
    });
  const me = async () =>
    (await fetchMe(ctx, user.token)).json<{
      data: { name: string; email: string; avatar: string | null };
    }>().data;

  it('answers the caller with the user shape and no secrets', async () => {
    const res = await fetchMe(ctx, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: {
        _id: user.id,
        name: 'Original Name',
        email: user.email,
        role: 'customer',
        avatar: null,
        isBlocked: false,
        riderHeightCm: null,
        inseamCm: null,
      },
    });
    expect(Object.keys(res.json<{ data: object }>().data).sort()).toEqual([...USER_FIELDS].sort());
  });

  it('changes the name but never the email', async () => {
    const res = await update({ name: '  New Name ', email: 'hijack@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profile updated successfully',
      data: { name: 'New Name', email: user.email },
    });
    expect(await me()).toMatchObject({ name: 'New Name', email: user.email });
  });

  it('requires a name, with the message in details', async () => {
    for (const parts of [{}, { name: '   ' }] as Record<string, string>[]) {
      const res = await update(parts);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toContainEqual({
        path: 'body.name',
        message: 'Full Name is required',
      });
    }
    expect((await me()).name).toBe('Original Name');
  });

  it('refuses a body that is not a multipart form', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update',
      headers: user.auth,
      payload: { name: 'Json Name' },
    });
    expect(res.statusCode).toBe(415);
  });

  it('stores a JPEG with EXIF as WebP without the EXIF, and serves it', async () => {
    const jpeg = await jpegWithExif();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await update({
      name: 'With Avatar',
      avatar: { data: jpeg, filename: 'me.jpg', type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(200);
    const avatar = res.json<{ data: { avatar: string } }>().data.avatar;
    expect(avatar).toMatch(/^https?:\/\/[^/]+(\/.*)?\/uploads\/[a-f0-9]{32}-thumb\.webp$/);

    const files = await uploadedFiles(ctx);
    expect(files).toHaveLength(2);
    for (const file of files) {
      const bytes = await readFile(path.join(ctx.app.images.dir, file));
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('Secret Camera'))).toBe(false);
      expect(bytes.includes(Buffer.from('home address'))).toBe(false);
    }
    const served = await ctx.app.inject({ method: 'GET', url: new URL(avatar).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await me()).avatar).toBe(avatar);
  });

  it('keeps the avatar when the current URL or nothing is sent, and removes it with ""', async () => {
    const first = await update({
      name: 'A',
      avatar: { data: await pngImage(), filename: 'a.png', type: 'image/png' },
    });
    const avatar = first.json<{ data: { avatar: string } }>().data.avatar;
    const files = await uploadedFiles(ctx);

    expect((await update({ name: 'B', avatar })).json().data.avatar).toBe(avatar);
    expect((await update({ name: 'C', avatar: new URL(avatar).pathname })).json().data.avatar).toBe(
      avatar,
    );
    expect((await update({ name: 'D' })).json().data.avatar).toBe(avatar);
    expect(await uploadedFiles(ctx)).toEqual(files);

    const removed = await update({ name: 'E', avatar: '' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.avatar).toBeNull();
    expect(await uploadedFiles(ctx)).toEqual([]);
  });

  it('keeps the avatar when the form sends the text "null" or "undefined" (FormData of a missing value)', async () => {
    for (const value of ['null', 'undefined', ' null ']) {
      const res = await update({ name: `No Avatar ${value}`, avatar: value });
      expect(res.statusCode, value).toBe(200);
      expect(res.json().data.avatar).toBeNull();
    }
    const first = await update({
      name: 'A',
      avatar: { data: await pngImage(), filename: 'a.png', type: 'image/png' },
    });
    const avatar = first.json<{ data: { avatar: string } }>().data.avatar;
    const files = await uploadedFiles(ctx);
    for (const value of ['null', 'undefined']) {
      const res = await update({ name: `Kept ${value}`, avatar: value });
      expect(res.statusCode, value).toBe(200);
      expect(res.json().data).toMatchObject({ name: `Kept ${value}`, avatar });
    }
    expect(await uploadedFiles(ctx)).toEqual(files);
  });

  it('keeps the avatar when its URL comes back relative or absolute, from the asset host or a CDN path', async () => {
    const first = await update({
      name: 'A',
      avatar: { data: await pngImage(), filename: 'a.png', type: 'image/png' },
    });
    const avatar = first.json<{ data: { avatar: string } }>().data.avatar;
    const uploadPath = `/uploads/${avatar.split('/uploads/')[1] ?? ''}`;
    const large = uploadPath.replace(/-thumb\.webp$/, '.webp');
    const files = await uploadedFiles(ctx);
    for (const value of [
      uploadPath,
      large,
      `${ctx.config.publicAssetUrl}${uploadPath}`,
      `https://cdn.example.net/bicycle-store${uploadPath}`,
      `https://cdn.example.net/bicycle-store${large}`,
    ]) {
      const res = await update({ name: 'Kept', avatar: value });
      expect(res.statusCode, value).toBe(200);
      expect(res.json().data.avatar, value).toBe(avatar);
    }
    expect(await uploadedFiles(ctx)).toEqual(files);
  });

  it('deletes the old files when the avatar is replaced', async () => {
    const first = await update({
      name: 'A',
      avatar: { data: await pngImage(), filename: 'a.png', type: 'image/png' },
    });
    const old = await uploadedFiles(ctx);
    const second = await update({
      name: 'A',
      avatar: { data: await jpegWithExif(), filename: 'b.jpg', type: 'image/jpeg' },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.avatar).not.toBe(first.json().data.avatar);
    const now = await uploadedFiles(ctx);
    expect(now).toHaveLength(2);
    expect(now.some((f) => old.includes(f))).toBe(false);
  });

  it('refuses any other avatar text and changes nothing', async () => {
    const first = await update({
      name: 'A',
      avatar: { data: await pngImage(), filename: 'a.png', type: 'image/png' },
    });
    const avatar = first.json<{ data: { avatar: string } }>().data.avatar;
    for (const value of [
      'https://evil.example/x.png',
      '/uploads/00000000000000000000000000000000-thumb.webp',
      '../../etc/passwd',
    ]) {
      const res = await update({ name: 'Changed', avatar: value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().details).toContainEqual(expect.objectContaining({ path: 'body.avatar' }));
    }
    expect(await me()).toMatchObject({ name: 'A', avatar });
  });

  describe('refuses unsafe uploads and writes nothing', () => {
    const corpus: [string, () => Promise<FilePart>, number][] = [
      [
        'an SVG',
        () =>
          Promise.resolve({
            data: Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
            ),
            filename: 'me.svg',
            type: 'image/svg+xml',
          }),
        415,
      ],
      [
        'HTML renamed .jpg',
        () =>
          Promise.resolve({
            data: Buffer.from(
              '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
            ),
            filename: 'me.jpg',
            type: 'image/jpeg',
          }),
        415,
      ],
      [
        'a 6 MiB file',
        async () => {
          const jpeg = await jpegWithExif();
          const big = Buffer.alloc(6 * 1024 * 1024, 0);
          jpeg.copy(big);
          return { data: big, filename: 'big.jpg', type: 'image/jpeg' };
        },
        413,
      ],
      [
        'a truncated image',
        async () => {
          const jpeg = await sharp({
            create: { width: 800, height: 600, channels: 3, background: '#3a7' },
          })
            .jpeg({ quality: 95 })
            .toBuffer();
          return {
            data: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
            filename: 'cut.jpg',
            type: 'image/jpeg',
          };
        },
        400,
      ],
      [
        'an empty file',
        () => Promise.resolve({ data: Buffer.alloc(0), filename: 'empty.png', type: 'image/png' }),
        400,
      ],
    ];

    it.each(corpus)('%s', async (_name, file, status) => {
      const res = await update({ name: 'Should Not Change', avatar: await file() });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ success: false });
      expect(await uploadedFiles(ctx)).toEqual([]);
      expect(await me()).toMatchObject({ name: 'Original Name', avatar: null });
    });
  });
});

describe('admin: GET /users and PATCH /users/:userId/status', () => {
  const ctx = useTestContext();
  const admin = useFreshUser(ctx, {
    role: 'admin',
    name: 'Shop Owner',
    email: 'owner@example.com',
  });

  const list = (query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/users${query}`, headers: admin.auth });
  const setStatus = (id: string, payload: object) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${id}/status`,
      headers: admin.auth,
      payload,
    });

  it('lists users newest first with page meta', async () => {
    const made = [];
    for (let i = 1; i <= 4; i += 1)
      made.push(await createUser(ctx, { name: `Rider ${String(i)}` }));
    const res = await list('?page=1&limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { _id: string }[]; meta: object }>();
    expect(body.meta).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3 });
    expect(body.data.map((u) => u._id)).toEqual([made[3]?.id, made[2]?.id]);
    const last = await list('?page=3&limit=2');
    expect(last.json<{ data: { _id: string }[] }>().data.map((u) => u._id)).toEqual([admin.id]);
    const past = await list('?page=9&limit=2');
    expect(past.json()).toMatchObject({ data: [], meta: { total: 5, totalPages: 3 } });
    expect(res.body).not.toMatch(/argon2|hash/i);
  });

  it("shows each customer's orders and the money of their paid orders", async () => {
    const buyer = await createUser(ctx, { name: 'Paying Rider' });
    const browser = await createUser(ctx, { name: 'Window Shopper' });
    const road = await createProduct(ctx, { price: 1200.5, quantity: 5 });
    const kids = await createProduct(ctx, { price: 199.99, quantity: 5 });
    await placePaidOrder(ctx, buyer, road.id);
    await placePaidOrder(ctx, buyer, kids.id);
    const refunded = await placePaidOrder(ctx, buyer, kids.id);
    expect((await cancelAs(ctx, buyer, refunded)).statusCode).toBe(200);
    await placeOrderOk(ctx, buyer, road.id);
    const rows = (await list()).json<{
      data: { _id: string; orderCount: number; totalPaid: number }[];
    }>().data;
    // A cancelled paid order is refunded: it counts as an order, not as money kept.
    expect(rows.find((u) => u._id === buyer.id)).toMatchObject({
      orderCount: 4,
      totalPaid: 1400.49,
    });
    expect(rows.find((u) => u._id === browser.id)).toMatchObject({ orderCount: 0, totalPaid: 0 });
  });

  it('searches names and emails case-insensitively, taking wildcards literally', async () => {
    await createUser(ctx, { name: 'Greta Gravel', email: 'greta@trails.example' });
    await createUser(ctx, { name: 'Bob Bmx', email: 'bob@GRAVEL-club.example' });
    await createUser(ctx, { name: 'Percent 100%', email: 'p_c@example.com' });
    await createUser(ctx, { name: 'Plain', email: 'pxc@example.com' });
    const names = async (term: string) =>
      (await list(`?searchTerm=${encodeURIComponent(term)}`))
        .json<{ data: { name: string }[] }>()
        .data.map((u) => u.name)
        .sort();
    expect(await names('GRAVEL')).toEqual(['Bob Bmx', 'Greta Gravel']);
    expect(await names('trails')).toEqual(['Greta Gravel']);
    expect(await names('100%')).toEqual(['Percent 100%']);
    expect(await names('%')).toEqual(['Percent 100%']);
    expect(await names('p_c')).toEqual(['Percent 100%']);
    expect(await names('nothing-like-this')).toEqual([]);
    expect((await list(`?searchTerm=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await list('?limit=101')).statusCode).toBe(400);
  });

  it('blocks a customer: their sessions end and every request of theirs is refused', async () => {
    const customer = await createUser(ctx);
    const session = await signIn(ctx, customer.email, customer.password);
    const res = await setStatus(customer.id, { isBlocked: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { _id: customer.id, isBlocked: true },
    });

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: session.auth,
    });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ message: 'Your account has been blocked.' });
    expect((await refresh(ctx, session.cookie)).statusCode).toBe(401);

    const listed = await list();
    expect(
      listed
        .json<{ data: { _id: string; isBlocked: boolean }[] }>()
        .data.find((u) => u._id === customer.id)?.isBlocked,
    ).toBe(true);

    const unblocked = await setStatus(customer.id, { isBlocked: false });
    expect(unblocked.json()).toMatchObject({ data: { isBlocked: false } });
    // Unblocking does not bring the ended sessions back: the old token stays dead.
    const stale = await fetchMe(ctx, session.accessToken);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({
      message: 'Your session has expired. Please sign in again.',
    });
    const again = await signIn(ctx, customer.email, customer.password);
    expect((await fetchMe(ctx, again.accessToken)).statusCode).toBe(200);
  });

  it('never blocks an admin, not even oneself', async () => {
    const other = await createUser(ctx, { role: 'admin' });
    for (const id of [other.id, admin.id]) {
      const res = await setStatus(id, { isBlocked: true });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: 'Admins cannot be blocked.' });
    }
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: other.auth,
    });
    expect(me.json()).toMatchObject({ data: { isBlocked: false } });
  });

  it('answers 404 for an unknown user and 400 for a bad id or body', async () => {
    expect(
      (await setStatus('7f1c7c36-33e7-4a4e-9d5e-3d7f0f0f0f0f', { isBlocked: true })).statusCode,
    ).toBe(404);
    expect((await setStatus('not-a-uuid', { isBlocked: true })).statusCode).toBe(400);
    const customer = await createUser(ctx);
    const bad = await setStatus(customer.id, { isBlocked: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual({
      path: 'body.isBlocked',
      message: 'isBlocked must be true or false',
    });
  });
});
