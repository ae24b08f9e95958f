import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, PagedEnvelope } from '#shared/contract/envelope.ts';
import {
  CATEGORIES,
  type FacetName,
  type Product,
  type ProductFacets,
} from '#shared/contract/product.ts';
import {
  BRAKE_TYPES,
  FRAME_MATERIALS,
  SUSPENSION_TYPES,
  WHEEL_SIZES,
  type ProductSizeInput,
} from '#shared/contract/product-sizing.ts';
import { LOW_STOCK_THRESHOLD } from '#shared/rules/filters.ts';
import { fitsInStock, recommendedSizeLabel, type Rider } from '#shared/rules/fit.ts';
import { weightKgToGrams } from '#shared/rules/specs.ts';
import { productFacetGroups, productSizes, products } from '#server/db/schema.ts';
import { createTestContext, type TestContext } from '#server/test/test-app.ts';

type Query = Record<string, string | number | readonly string[] | undefined>;

function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
  }
  return params.toString();
}

/** A small deterministic generator, so the catalog is varied and the same on every run. */
function numbers(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

const CHARTS: ProductSizeInput[][] = [
  [],
  [
    { label: 'S', quantity: 2, minHeightCm: 155, maxHeightCm: 168 },
    { label: 'M', quantity: 0, minHeightCm: 165, maxHeightCm: 180 },
    { label: 'L', quantity: 4, minHeightCm: 177, maxHeightCm: 190 },
    { label: 'XL', quantity: 1, minHeightCm: 188, maxHeightCm: 200 },
  ],
  [
    { label: '52 cm', quantity: 3, minHeightCm: 160, maxHeightCm: 172 },
    { label: '54 cm', quantity: 1, minHeightCm: 170, maxHeightCm: 178 },
    { label: '56 cm', quantity: 0, minHeightCm: 176, maxHeightCm: 184 },
    { label: '58 cm', quantity: 2, minHeightCm: 182, maxHeightCm: 190 },
  ],
  // Gaps between the wheel sizes: a rider in a gap is between two, and the filter leaves them out.
  [
    { label: '16"', quantity: 1, minHeightCm: 100, maxHeightCm: 120 },
    { label: '20"', quantity: 2, minHeightCm: 122, maxHeightCm: 135 },
    { label: '24"', quantity: 0, minHeightCm: 137, maxHeightCm: 150 },
  ],
  // Three ranges around one height: the two nearest decide.
  [
    { label: 'M', quantity: 1, minHeightCm: 160, maxHeightCm: 185 },
    { label: 'S', quantity: 1, minHeightCm: 150, maxHeightCm: 176 },
    { label: 'L', quantity: 0, minHeightCm: 170, maxHeightCm: 195 },
  ],
];

interface Seeded {
  id: string;
  sizes: ProductSizeInput[];
}

const RIDERS: Rider[] = [110, 121, 136, 150, 160, 166, 172, 175, 178, 181, 189, 199, 215].flatMap(
  (heightCm) => [{ heightCm }, { heightCm, inseamCm: 72 }, { heightCm, inseamCm: 84 }],
);

describe('facets and the fit filter', () => {
  let ctx: TestContext;
  const seeded: Seeded[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    const pick = numbers(7);
    for (let i = 0; i < 48; i += 1) {
      const chart = CHARTS[i % CHARTS.length] ?? [];
      const [row] = await ctx.database.db
        .insert(products)
        .values({
          name: `Bike ${String(i)} ${['Trail', 'Road', 'City'][pick(3)] ?? ''}`,
          brand: 'Testbrand',
          category: CATEGORIES[pick(CATEGORIES.length)] ?? 'Road Bicycle',
          priceCents: (100 + pick(900)) * 100,
          quantity: pick(4) === 0 ? 0 : 1 + pick(8),
          description: 'A bicycle made for tests.',
          // Some specs unstated: unknown matches no value.
          frameMaterial:
            pick(5) === 0 ? null : (FRAME_MATERIALS[pick(FRAME_MATERIALS.length)] ?? null),
          wheelSize: pick(5) === 0 ? null : (WHEEL_SIZES[pick(WHEEL_SIZES.length)] ?? null),
          brakes: pick(5) === 0 ? null : (BRAKE_TYPES[pick(BRAKE_TYPES.length)] ?? null),
          suspension:
            pick(5) === 0 ? null : (SUSPENSION_TYPES[pick(SUSPENSION_TYPES.length)] ?? null),
          weightGrams: weightKgToGrams(9 + pick(10)),
        })
        .returning({ id: products.id });
      if (!row) throw new Error('insert failed');
      if (chart.length > 0)
        await ctx.database.db
          .insert(productSizes)
          .values(chart.map((s, position) => ({ ...s, productId: row.id, position })));
      seeded.push({ id: row.id, sizes: chart });
    }
  });
  afterAll(() => ctx.close());

  async function page(query: Query): Promise<PagedEnvelope<Product>> {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/products?${queryString({ ...query, limit: 100 })}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PagedEnvelope<Product>>();
  }

  async function facets(query: Query): Promise<ProductFacets> {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/products/facets?${queryString(query)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Envelope<ProductFacets>>().data;
  }

  it.each(RIDERS)('keeps exactly the bicycles the fit rule keeps for %o', async (rider) => {
    const answer = await page({
      riderHeightCm: rider.heightCm,
      inseamCm: rider.inseamCm ?? undefined,
    });
    const expected = seeded.filter((p) => fitsInStock(p.sizes, rider)).map((p) => p.id);
    expect(answer.data.map((p) => p._id).sort()).toEqual(expected.sort());
    expect(answer.meta.total).toBe(expected.length);
    for (const product of answer.data)
      expect(product.recommendedSize).toBe(recommendedSizeLabel(product.sizes ?? [], rider));
  });

  /** The cells (height * 1000 + inseam) products.fit_cells holds for every rider the API takes. */
  async function fitCellsOf(id: string): Promise<Set<number>> {
    const rows = await ctx.database.db
      .select({ cell: sql<number>`cell`.mapWith(Number) })
      .from(sql`${products} cross join generate_series(80000, 230999) as cell`)
      .where(and(eq(products.id, id), sql`${products.fitCells} @> cell`));
    return new Set(rows.map((r) => r.cell));
  }

  /** Every height and inseam the API takes, and no inseam, against the TypeScript rule. */
  async function expectCellsToFollowTheRule(id: string, sizes: ProductSizeInput[]) {
    const cells = await fitCellsOf(id);
    for (let heightCm = 80; heightCm <= 230; heightCm += 1) {
      let anyInseam = false;
      for (let inseamCm = 30; inseamCm <= 120; inseamCm += 1) {
        const kept = cells.has(heightCm * 1000 + inseamCm);
        anyInseam ||= kept;
        expect(kept, `${String(heightCm)} cm, inseam ${String(inseamCm)} cm`).toBe(
          fitsInStock(sizes, { heightCm, inseamCm }),
        );
      }
      expect(anyInseam, `${String(heightCm)} cm`).toBe(fitsInStock(sizes, { heightCm }));
    }
  }

  it('keeps in fit_cells exactly the riders the fit rule keeps, for every height and inseam', async () => {
    for (const product of seeded.slice(0, CHARTS.length))
      await expectCellsToFollowTheRule(product.id, product.sizes);
  });

  it('follows the rule again when a size sells out, comes back or changes its heights', async () => {
    const product = seeded[1];
    if (!product) throw new Error('no product with a chart');
    const change = async (label: string, values: Partial<ProductSizeInput>) => {
      await ctx.database.db
        .update(productSizes)
        .set(values)
        .where(and(eq(productSizes.productId, product.id), eq(productSizes.label, label)));
      product.sizes = product.sizes.map((s) => (s.label === label ? { ...s, ...values } : s));
      await expectCellsToFollowTheRule(product.id, product.sizes);
    };
    await change('L', { quantity: 0 });
    await change('M', { quantity: 3 });
    await change('XL', { minHeightCm: 185, maxHeightCm: 205 });
    await change('S', { quantity: 0 });
  });

  const FACETS: FacetName[] = [
    'category',
    'stock',
    'size',
    'wheelSize',
    'frameMaterial',
    'brakes',
    'suspension',
  ];

  it.each<[string, Query]>([
    ['no filter', {}],
    ['a category', { category: 'Mountain Bike' }],
    ['a search term', { searchTerm: 'trail' }],
    ['the fit filter', { riderHeightCm: 178, inseamCm: 84 }],
    ['two sizes and a material', { size: ['M', '54 cm'], frameMaterial: ['Carbon', 'Steel'] }],
    [
      'a price range, stock and brakes',
      { minPrice: 200, maxPrice: 700, stock: 'inStock', brakes: ['Rim'] },
    ],
  ])('predicts the total of every value with %s', async (_name, query) => {
    await expectFacetsToPredictPages(query);
  });

  async function expectFacetsToPredictPages(query: Query) {
    const counts = await facets(query);
    for (const facet of FACETS) {
      for (const { value, count } of counts[facet]) {
        const single = facet === 'category' || facet === 'stock';
        const { meta } = await page({ ...query, [facet]: single ? value : [value] });
        expect(count, `${facet}=${value}`).toBe(meta.total);
      }
    }
  }

  it('lists every value of a list facet, 0 included, and the sizes asked for', async () => {
    const counts = await facets({ size: ['XXS'] });
    expect(counts.wheelSize.map((f) => f.value)).toEqual([...WHEEL_SIZES]);
    expect(counts.category.map((f) => f.value)).toEqual([...CATEGORIES]);
    expect(counts.size.find((f) => f.value === 'XXS')).toEqual({ value: 'XXS', count: 0 });
    const labels = counts.size.map((f) => f.value);
    expect(labels.indexOf('S')).toBeLessThan(labels.indexOf('M'));
    expect(labels.indexOf('16"')).toBeLessThan(labels.indexOf('20"'));
  });

  it('refuses malformed filters with 400 naming them', async () => {
    for (const url of [
      '/api/v1/products/facets?wheelSize=31"',
      '/api/v1/products/facets?inseamCm=80',
      '/api/v1/products?riderHeightCm=tall',
      `/api/v1/products?size=${'x'.repeat(17)}`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ details: { path: string }[] }>().details[0]?.path).toMatch(/^query\./);
    }
  });

  /** The kept facet groups (migration 0020) and the same groups counted from the products now. */
  async function keptAndCounted() {
    const kept = await ctx.database.db
      .select()
      .from(productFacetGroups)
      .where(gt(productFacetGroups.n, 0));
    const level = sql<number>`least(${products.quantity}, ${sql.raw(String(LOW_STOCK_THRESHOLD))})`;
    const counted = await ctx.database.db
      .select({
        category: products.category,
        wheelSize: products.wheelSize,
        frameMaterial: products.frameMaterial,
        brakes: products.brakes,
        suspension: products.suspension,
        quantity: level.mapWith(Number),
        sizesInStock: products.sizesInStock,
        n: sql<number>`count(*)`.mapWith(Number),
      })
      .from(products)
      .where(isNull(products.deletedAt))
      .groupBy(
        products.category,
        products.wheelSize,
        products.frameMaterial,
        products.brakes,
        products.suspension,
        level,
        products.sizesInStock,
      );
    const sorted = (rows: object[]) => rows.map((r) => JSON.stringify(r)).sort();
    return { kept: sorted(kept), counted: sorted(counted) };
  }

  async function expectGroupsToMatchProducts(after: string) {
    const { kept, counted } = await keptAndCounted();
    expect(counted.length, after).toBeGreaterThan(0);
    expect(kept, after).toEqual(counted);
  }

  it('keeps the facet groups equal to a count of the products through every kind of write', async () => {
    const db = ctx.database.db;
    const [first, second, third, fourth] = seeded.filter((p) => p.sizes.length === 0);
    if (!first || !second || !third || !fourth) throw new Error('too few one-size products');
    await expectGroupsToMatchProducts('the seeded catalog');

    await db.update(products).set({ quantity: 9 }).where(eq(products.id, first.id));
    await db.update(products).set({ quantity: 2 }).where(eq(products.id, first.id));
    await db.update(products).set({ quantity: 0 }).where(eq(products.id, second.id));
    await expectGroupsToMatchProducts('stock crossing the classes');

    await db
      .update(products)
      .set({ category: 'BMX Bike', wheelSize: '20"', brakes: null })
      .where(eq(products.id, third.id));
    await expectGroupsToMatchProducts('a new category and specs');

    await db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, fourth.id));
    await expectGroupsToMatchProducts('a product deleted');

    const sized = seeded.find((p) => p.sizes.length > 0);
    if (!sized) throw new Error('no sized product');
    await db.update(productSizes).set({ quantity: 0 }).where(eq(productSizes.productId, sized.id));
    await expectGroupsToMatchProducts('every size sold out');

    const [added] = await db
      .insert(products)
      .values({
        name: 'Bike added later',
        brand: 'Testbrand',
        category: 'Hybrid Bicycle',
        priceCents: 45_000,
        quantity: 3,
        description: 'A bicycle made for tests.',
        wheelSize: '28"',
      })
      .returning({ id: products.id });
    if (!added) throw new Error('insert failed');
    await db.insert(productSizes).values([
      {
        productId: added.id,
        label: 'M',
        position: 0,
        quantity: 6,
        minHeightCm: 165,
        maxHeightCm: 180,
      },
    ]);
    await expectGroupsToMatchProducts('a new sized product');

    await db.delete(products).where(eq(products.id, added.id));
    await expectGroupsToMatchProducts('a product removed for good');

    // Many transactions at once moving products between the same groups, both ways.
    await Promise.all(
      seeded.map((p, i) =>
        db.transaction(async (tx) => {
          await tx
            .update(products)
            .set({
              quantity: sql`case when ${products.quantity} > 0 then 0 else ${1 + (i % 7)} end`,
            })
            .where(
              and(
                eq(products.id, p.id),
                sql`not exists (select from ${productSizes} where product_id = ${p.id})`,
              ),
            );
          await tx
            .update(products)
            .set({ frameMaterial: i % 2 === 0 ? 'Steel' : 'Carbon' })
            .where(eq(products.id, p.id));
        }),
      ),
    );
    await expectGroupsToMatchProducts('concurrent moves');

    await expectFacetsToPredictPages({});
    await expectFacetsToPredictPages({ size: ['M'], frameMaterial: ['Steel'] });
  });
});
