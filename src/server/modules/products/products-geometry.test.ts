import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Envelope, ErrorEnvelope } from '#shared/contract/envelope.ts';
import type { Product } from '#shared/contract/product.ts';
import type { ProductGeometry } from '#shared/contract/product-geometry.ts';
import { productSizes } from '#server/db/schema.ts';
import { productForm, sendForm } from '#server/test/catalog-multipart.ts';
import { createUser, type TestUser } from '#server/test/fixtures.ts';
import { useTestContext } from '#server/test/test-app.ts';

const M_GEOMETRY: ProductGeometry = {
  stackMm: 614,
  reachMm: 450,
  topTubeMm: 610,
  seatTubeMm: 420,
  headAngleDeg: 65.5,
  seatAngleDeg: 77,
  chainstayMm: 437,
  wheelbaseMm: 1195,
  standoverMm: 735,
};

const size = (label: string, extra: Record<string, unknown> = {}) => ({
  label,
  quantity: 2,
  minHeightCm: label === 'M' ? 165 : 175,
  maxHeightCm: label === 'M' ? 177 : 186,
  ...extra,
});

describe('geometry per size through the API', () => {
  let admin: TestUser;
  const ctx = useTestContext();
  beforeEach(async () => {
    await ctx.reset();
    admin = await createUser(ctx, { role: 'admin' });
  });

  const send = (method: 'POST' | 'PUT', url: string, sizes: unknown[]) =>
    sendForm(
      ctx,
      method,
      url,
      admin.auth,
      productForm({ sizes: JSON.stringify(sizes), quantity: '' }),
    );

  async function create(sizes: unknown[]): Promise<Product> {
    const res = await send('POST', '/api/v1/products', sizes);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Envelope<Product>>().data;
  }

  async function getProduct(id: string): Promise<Product> {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${id}` });
    expect(res.statusCode).toBe(200);
    return res.json<Envelope<Product>>().data;
  }

  it('stores each size geometry and answers it with the product, angles with their decimal', async () => {
    const created = await create([
      size('M', { geometry: M_GEOMETRY }),
      size('L', { geometry: { stackMm: 628, headAngleDeg: 65 } }),
    ]);
    expect(created.sizes?.[0]?.geometry).toEqual(M_GEOMETRY);
    expect(created.sizes?.[1]?.geometry).toEqual({ stackMm: 628, headAngleDeg: 65 });
    const read = await getProduct(created._id);
    expect(read.sizes).toEqual(created.sizes);

    const listed = await ctx.app.inject({ method: 'GET', url: '/api/v1/products' });
    const inList = listed.json<Envelope<Product[]>>().data.find((p) => p._id === created._id);
    expect(inList?.sizes?.[0]?.geometry?.headAngleDeg).toBe(65.5);
  });

  it('leaves geometry out of a size that has none, with every column null', async () => {
    const created = await create([size('M'), size('L', { geometry: null })]);
    expect(created.sizes?.map((s) => 'geometry' in s)).toEqual([false, false]);
    const rows = await ctx.database.db
      .select()
      .from(productSizes)
      .where(eq(productSizes.productId, created._id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect([
        row.stackMm,
        row.reachMm,
        row.headAngleDeg,
        row.seatAngleDeg,
        row.standoverMm,
      ]).toEqual([null, null, null, null, null]);
    }
  });

  it('keeps a size geometry when an update leaves it out, clears it with null, replaces it with an object', async () => {
    const created = await create([size('M', { geometry: M_GEOMETRY }), size('L')]);
    const url = `/api/v1/products/${created._id}`;

    const kept = await send('PUT', url, [size('M', { quantity: 5 }), size('L')]);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Envelope<Product>>().data.sizes?.[0]).toMatchObject({
      quantity: 5,
      geometry: M_GEOMETRY,
    });

    const replaced = await send('PUT', url, [
      size('M', { geometry: { reachMm: 455 } }),
      size('L', { geometry: { reachMm: 480, seatAngleDeg: 77.5 } }),
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<Envelope<Product>>().data.sizes?.map((s) => s.geometry)).toEqual([
      { reachMm: 455 },
      { reachMm: 480, seatAngleDeg: 77.5 },
    ]);

    const cleared = await send('PUT', url, [
      size('M', { geometry: null }),
      size('L', { geometry: {} }),
    ]);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await getProduct(created._id)).sizes?.some((s) => s.geometry !== undefined)).toBe(
      false,
    );
  });

  it.each<[string, unknown, string, string]>([
    [
      'a head angle below 60',
      { headAngleDeg: 59.9 },
      'headAngleDeg',
      'Head angle must be between 60 and 80°',
    ],
    [
      'a seat angle above 80',
      { seatAngleDeg: 81 },
      'seatAngleDeg',
      'Seat angle must be between 60 and 80°',
    ],
    [
      'an angle with two decimals',
      { headAngleDeg: 65.25 },
      'headAngleDeg',
      'Head angle can have at most 1 decimal',
    ],
    ['a stack of 5700 mm', { stackMm: 5700 }, 'stackMm', 'Stack must be between 250 and 800 mm'],
    ['a reach of 0', { reachMm: 0 }, 'reachMm', 'Reach must be between 150 and 600 mm'],
    [
      'a wheelbase with a decimal',
      { wheelbaseMm: 1195.5 },
      'wheelbaseMm',
      'Wheelbase must be a whole number of millimetres',
    ],
    [
      'a chainstay given as text',
      { chainstayMm: '437' },
      'chainstayMm',
      'Chainstay must be a number',
    ],
  ])('refuses %s with 400 naming the field', async (_name, geometry, field, message) => {
    const res = await send('POST', '/api/v1/products', [size('M'), size('L', { geometry })]);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorEnvelope>().details).toContainEqual({
      path: `body.sizes.1.geometry.${field}`,
      message,
    });
  });

  it('refuses geometry that is not an object', async () => {
    const res = await send('POST', '/api/v1/products', [size('M', { geometry: [614] })]);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorEnvelope>().details).toContainEqual({
      path: 'body.sizes.0.geometry',
      message: 'Geometry must be an object',
    });
  });

  it('names every wrong field of one size at once and writes nothing', async () => {
    const res = await send('POST', '/api/v1/products', [
      size('M', { geometry: { stackMm: 100, reachMm: 450, headAngleDeg: 90 } }),
    ]);
    expect(res.statusCode).toBe(400);
    const paths = res.json<ErrorEnvelope>().details?.map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.sizes.0.geometry.stackMm',
        'body.sizes.0.geometry.headAngleDeg',
      ]),
    );
    expect(paths).not.toContain('body.sizes.0.geometry.reachMm');
    expect(await ctx.database.db.select().from(productSizes)).toHaveLength(0);
  });

  it('refuses out-of-range values in the database too', async () => {
    const product = await create([size('M')]);
    await expect(
      ctx.database.db
        .update(productSizes)
        .set({ headAngleDeg: 85 })
        .where(eq(productSizes.productId, product._id)),
    ).rejects.toThrow();
  });
});
