import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedEnvelope } from '#shared/contract/envelope.ts';
import { CATEGORIES, productSchema, type Product } from '#shared/contract/product.ts';
import { matchesQuery, stockClassOf, type ProductFilterQuery } from '#shared/rules/filters.ts';
import { toDollars } from '#shared/rules/money.ts';
import { catalogProducts, generateCatalog } from '#scripts/generate-catalog.ts';
import { products } from '#server/db/schema.ts';
import { createTestContext, type TestContext } from '#server/test/test-app.ts';

// The plans PostgreSQL makes at 100,000 products, and their times, are measured by the bench
// (scripts/bench/plans.ts, decision 039).
describe('the catalog generator', () => {
  let ctx: TestContext;
  const COUNT = 3000;

  beforeAll(async () => {
    ctx = await createTestContext();
    expect(await generateCatalog(ctx.database.db, { count: COUNT, seed: 11, batchSize: 700 })).toBe(
      COUNT,
    );
    ctx.app.catalogCache.invalidate();
  }, 120_000);
  afterAll(async () => {
    await ctx.reset();
    await ctx.close();
  });

  it('fills the store with realistic bicycles the API serves', async () => {
    const rows = await ctx.database.db.select().from(products);
    expect(rows).toHaveLength(COUNT);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(CATEGORIES));
    const classes = rows.map((r) => stockClassOf(r.quantity));
    for (const stock of ['outOfStock', 'lowStock', 'inStock'] as const) {
      // Sold-out and low-stock items are a real share of the catalog, not a handful.
      expect(classes.filter((c) => c === stock).length).toBeGreaterThan(COUNT * 0.05);
    }
    expect(new Set(rows.map((r) => r.brand)).size).toBeGreaterThan(20);
    expect(new Set(rows.map((r) => r.name)).size).toBeGreaterThan(COUNT * 0.5);
    for (const row of rows) {
      expect(row.priceCents).toBeGreaterThanOrEqual(12_000);
      expect(row.name.length).toBeGreaterThan(3);
      expect(row.description).toContain(row.brand);
    }
    // Prices follow the category: a kids' bike costs less than an e-bike.
    const median = (category: string) => {
      const prices = rows
        .filter((r) => r.category === category)
        .map((r) => r.priceCents)
        .sort((a, b) => a - b);
      return prices[Math.floor(prices.length / 2)] ?? 0;
    };
    expect(median('Kids Bicycles')).toBeLessThan(median('Electric Bikes'));

    const page = (await ctx.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' })).json<
      PagedEnvelope<Product>
    >();
    // 3,000 matches: the count stops at its bound and says so (decision 014).
    expect(page.meta).toEqual({
      page: 1,
      limit: 100,
      total: 1000,
      totalPages: 10,
      totalExact: false,
    });
    for (const product of page.data) expect(productSchema.safeParse(product).success).toBe(true);
  });

  it('counts as far as the page asked for and the next one reach, and exactly when it finds them all', async () => {
    const meta = async (query: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/products?${query}` })).json<
        PagedEnvelope<Product>
      >().meta;
    expect(await meta('limit=24')).toEqual({
      page: 1,
      limit: 24,
      total: 1000,
      totalPages: 42,
      totalExact: false,
    });
    // Deep in the catalog there is always a next page to go to while matches remain.
    expect(await meta('limit=24&page=60')).toEqual({
      page: 60,
      limit: 24,
      total: 61 * 24,
      totalPages: 61,
      totalExact: false,
    });
    // The last page's count reaches every match: exact again.
    expect(await meta('limit=24&page=125')).toEqual({
      page: 125,
      limit: 24,
      total: COUNT,
      totalPages: 125,
    });
    const narrow = await meta('category=BMX%20Bike&stock=lowStock&limit=24');
    expect(narrow.total).toBeLessThan(1000);
    expect(narrow.totalExact).toBeUndefined();
  });

  it('gives the same catalog for the same seed and another for another seed', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const first = [...catalogProducts({ count: 200, seed: 5, now })];
    expect([...catalogProducts({ count: 200, seed: 5, now })]).toEqual(first);
    expect([...catalogProducts({ count: 200, seed: 6, now })]).not.toEqual(first);
    const times = first.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
  });

  it.each<[string, ProductFilterQuery]>([
    ['a name search', { searchTerm: 'gen 2' }],
    [
      'category, price and stock',
      { category: 'Mountain Bike', minPrice: 400, maxPrice: 1500, stock: 'lowStock' },
    ],
    ['search and stock', { searchTerm: 'matte black', stock: 'outOfStock' }],
  ])('matches the shared rule at scale: %s', async (_label, query) => {
    const rows = await ctx.database.db.select().from(products);
    const expected = rows
      .filter((r) => matchesQuery({ ...r, price: toDollars(r.priceCents) }, query))
      .map((r) => r.id)
      .sort();
    const search = new URLSearchParams(
      Object.entries({ ...query, limit: 100 }).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const ids: string[] = [];
    for (let page = 1; ; page += 1) {
      search.set('page', String(page));
      const body = (
        await ctx.app.inject({ method: 'GET', url: `/api/v1/products?${search.toString()}` })
      ).json<PagedEnvelope<Product>>();
      // Exact while the bounded count reaches every match, a lower bound before. A search also
      // finds brand, category and spec words (decision 023): the spec's matches are among them.
      if (body.meta.totalExact === false && !query.searchTerm)
        expect(body.meta.total).toBeLessThan(expected.length);
      else if (!query.searchTerm) expect(body.meta.total).toBe(expected.length);
      else expect(body.meta.total).toBeGreaterThanOrEqual(Math.min(expected.length, 1000));
      ids.push(...body.data.map((p) => p._id));
      if (page >= body.meta.totalPages) break;
    }
    expect(expected.length).toBeGreaterThan(0);
    if (query.searchTerm) expect(ids).toEqual(expect.arrayContaining(expected));
    else expect(ids.sort()).toEqual(expected);
  });
});
