import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, PagedEnvelope } from '#shared/contract/envelope.ts';
import type { Product } from '#shared/contract/product.ts';
import { createTestContext, type TestContext } from '#server/test/test-app.ts';
import { demoCatalog } from './demo-catalog.ts';
import { seedDemoCatalog } from './seed.ts';

describe('the demo catalog', () => {
  let ctx: TestContext;
  let shop: Product[];

  beforeAll(async () => {
    ctx = await createTestContext();
    expect(await seedDemoCatalog(ctx.database, ctx.app.images)).toBe(demoCatalog.length);
    ctx.app.catalogCache.invalidate();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/products?limit=100' });
    shop = res.json<PagedEnvelope<Product>>().data;
  });
  afterAll(async () => {
    await ctx.reset();
    await ctx.close();
  });

  it('shows sized and one-size bicycles, each sized one holding the sum of its sizes', () => {
    expect(shop).toHaveLength(demoCatalog.length);
    const sized = shop.filter((p) => (p.sizes ?? []).length > 0);
    expect(sized.length).toBeGreaterThan(0);
    expect(shop.some((p) => (p.sizes ?? []).length === 0)).toBe(true);
    for (const p of sized)
      expect(p.quantity).toBe((p.sizes ?? []).reduce((sum, s) => sum + s.quantity, 0));
  });

  it('gives every bicycle a gallery of three distinct pictures, the first being its image', async () => {
    const first = shop.find((p) => !p.name.startsWith(p.brand));
    const branded = shop.find((p) => p.name.startsWith(`${p.brand} `));
    if (!first || !branded) throw new Error('expected demo names with and without the brand');
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${first._id}` });
    const { images = [], imageUrl } = res.json<Envelope<Product>>().data;
    expect(images).toHaveLength(3);
    expect(images[0]?.url).toBe(imageUrl);
    expect(new Set(images.map((i) => i.url)).size).toBe(3);
    expect(images.map((i) => i.alt)).toEqual([
      `${first.brand} ${first.name}, side view`,
      `${first.brand} ${first.name}, drivetrain close-up`,
      `${first.brand} ${first.name} in its other colourway`,
    ]);
    expect(shop.every((p) => p.imageUrl !== null)).toBe(true);
    const named = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${branded._id}` });
    expect(named.json<Envelope<Product>>().data.images?.[0]?.alt).toBe(
      `${branded.name}, side view`,
    );
  });

  it('sizes road bikes in centimetres, mountain bikes in letters, kids by wheel, BMX in one size', () => {
    const labels = (category: Product['category']) =>
      new Set(
        shop
          .filter((p) => p.category === category)
          .flatMap((p) => p.sizes ?? [])
          .map((s) => s.label),
      );
    expect([...labels('Road Bicycle')].every((l) => l.endsWith(' cm'))).toBe(true);
    expect(labels('Mountain Bike').has('M')).toBe(true);
    expect([...labels('Kids Bicycles')].every((l) => l.endsWith('"'))).toBe(true);
    expect(labels('BMX Bike').size).toBe(0);
  });

  it('states specs for every bicycle', () => {
    for (const p of shop)
      expect(Object.keys(p.specs ?? {}).length, p.name).toBeGreaterThanOrEqual(2);
  });

  it('has reviews from riders with completed orders on several bicycles', async () => {
    const rated = shop.filter((p) => p.rating);
    expect(rated.length).toBeGreaterThanOrEqual(3);
    for (const p of rated) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${p._id}/reviews` });
      const { summary } = res.json<{ summary: { count: number; average: number } }>();
      expect(summary.count, p.name).toBe(p.rating?.count);
      expect(summary.average, p.name).toBe(p.rating?.average);
    }
    expect(rated.some((p) => (p.rating?.count ?? 0) >= 3 && (p.sizes ?? []).length > 0)).toBe(true);
  });

  it('seeds nothing into a store that has bicycles', async () => {
    expect(await seedDemoCatalog(ctx.database, ctx.app.images)).toBe(0);
  });
});
