import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, PagedEnvelope } from '#shared/contract/envelope.ts';
import type { Product, ProductSuggestions } from '#shared/contract/product.ts';
import type {
  BrakeType,
  FrameMaterial,
  SuspensionType,
  WheelSize,
} from '#shared/contract/product-sizing.ts';
import type { Category } from '#shared/contract/catalog-values.ts';
import { insertCatalog } from '#server/test/fixtures.ts';
import { createTestContext, type TestContext } from '#server/test/test-app.ts';

interface Bike {
  name: string;
  brand: string;
  category: Category;
  price: number;
  frameMaterial?: FrameMaterial;
  wheelSize?: WheelSize;
  brakes?: BrakeType;
  suspension?: SuspensionType;
}

/** A small catalog with the brands, models and specs riders search for, oldest first. */
const CATALOG: Bike[] = [
  {
    name: 'Domane SL 5',
    brand: 'Trek',
    category: 'Road Bicycle',
    price: 3299,
    frameMaterial: 'Carbon',
    wheelSize: '700c',
    brakes: 'Hydraulic disc',
    suspension: 'Rigid',
  },
  {
    name: 'Domane AL 2',
    brand: 'Trek',
    category: 'Road Bicycle',
    price: 1099,
    frameMaterial: 'Aluminium',
    wheelSize: '700c',
    brakes: 'Rim',
  },
  {
    name: 'Marlin 7',
    brand: 'Trek',
    category: 'Mountain Bike',
    price: 899,
    frameMaterial: 'Aluminium',
    wheelSize: '29"',
    brakes: 'Hydraulic disc',
    suspension: 'Hardtail',
  },
  {
    name: 'Stumpjumper',
    brand: 'Specialized',
    category: 'Mountain Bike',
    price: 4200,
    frameMaterial: 'Carbon',
    wheelSize: '29"',
    brakes: 'Hydraulic disc',
    suspension: 'Full',
  },
  {
    name: 'Allez',
    brand: 'Specialized',
    category: 'Road Bicycle',
    price: 1150,
    frameMaterial: 'Aluminium',
    wheelSize: '700c',
    brakes: 'Rim',
  },
  {
    name: 'Aspect 950',
    brand: 'Scott',
    category: 'Mountain Bike',
    price: 749,
    frameMaterial: 'Aluminium',
    wheelSize: '29"',
    brakes: 'Mechanical disc',
    suspension: 'Hardtail',
  },
  {
    name: 'Treadwell 3',
    brand: 'Cannondale',
    category: 'Hybrid Bicycle',
    price: 575,
    frameMaterial: 'Aluminium',
    wheelSize: '27.5"',
    brakes: 'Mechanical disc',
  },
  { name: 'Precaliber 16', brand: 'Trek', category: 'Kids Bicycles', price: 249, wheelSize: '16"' },
  { name: 'Trail_50%', brand: 'Oddity', category: 'BMX Bike', price: 399, wheelSize: '20"' },
  { name: 'Trail 50 X', brand: 'Oddity', category: 'BMX Bike', price: 429, wheelSize: '20"' },
];

const names = (list: readonly { name: string }[]) => list.map((p) => p.name).sort();

describe('search that understands riders', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    await insertCatalog(
      ctx,
      CATALOG.map((bike) => ({ ...bike, quantity: 5 })),
    );
  });
  afterAll(async () => {
    await ctx.reset();
    await ctx.close();
  });

  const get = async (query: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/products?${query}` });
  const search = async (term: string, extra = '') => {
    const res = await get(`searchTerm=${encodeURIComponent(term)}&limit=100${extra}`);
    expect(res.statusCode).toBe(200);
    return res.json<PagedEnvelope<Product>>();
  };

  it.each<[string, string, string[]]>([
    ['a brand', 'Specialized', ['Allez', 'Stumpjumper']],
    ['a brand in lowercase', 'trek', ['Domane AL 2', 'Domane SL 5', 'Marlin 7', 'Precaliber 16']],
    ['a brand with a typo', 'specialzed', ['Allez', 'Stumpjumper']],
    ['a model', 'domane', ['Domane AL 2', 'Domane SL 5']],
    ['a brand and a model', 'trek domane', ['Domane AL 2', 'Domane SL 5']],
    ['a category word', 'mountain', ['Aspect 950', 'Marlin 7', 'Stumpjumper']],
    ['a category word with a typo', 'mountian', ['Aspect 950', 'Marlin 7', 'Stumpjumper']],
    ['what riders call a category', 'mtb', ['Aspect 950', 'Marlin 7', 'Stumpjumper']],
    ['a frame material', 'carbon', ['Domane SL 5', 'Stumpjumper']],
    ['a frame material with a slip', 'carbn', ['Domane SL 5', 'Stumpjumper']],
    ['a wheel size', '29', ['Aspect 950', 'Marlin 7', 'Stumpjumper']],
    ['a wheel size as written', '29"', ['Aspect 950', 'Marlin 7', 'Stumpjumper']],
    ['brakes', 'hydraulic', ['Domane SL 5', 'Marlin 7', 'Stumpjumper']],
    ['suspension', 'full suspension', ['Stumpjumper']],
    ['two spec words', 'carbon 29', ['Stumpjumper']],
    ['a word in no bicycle', 'zzyzx', []],
    ['a word in no bicycle beside a real one', 'trek zzyzx', []],
    // The spec's rule: the name holds the term, wherever the term's spaces fall.
    ['part of a name', 'spec', ['Allez', 'Aspect 950', 'Stumpjumper']],
    ["across a name's words", 'lin 7', ['Marlin 7']],
    ['an underscore, literally', 'l_5', ['Trail_50%']],
    ['a percent sign, literally', '50%', ['Trail_50%']],
    [
      'a four-letter word with a slip',
      'trak',
      ['Domane AL 2', 'Domane SL 5', 'Marlin 7', 'Precaliber 16'],
    ],
    ['a three-letter word matches only as written', 'mtv', []],
  ])('finds %s: %s', async (_label, term, expected) => {
    const body = await search(term);
    expect(names(body.data)).toEqual(expected);
    expect(body.meta.total).toBe(expected.length);
  });

  it('still finds every bicycle whose name holds the term (the spec rule)', async () => {
    for (const bike of CATALOG) {
      for (const term of [bike.name, bike.name.slice(1, -1), bike.name.toUpperCase()]) {
        const found = names((await search(term)).data);
        const byRule = CATALOG.filter((b) =>
          b.name.toLowerCase().includes(term.trim().toLowerCase()),
        );
        for (const expected of byRule) expect(found).toContain(expected.name);
      }
    }
  });

  it('puts the best matches first without a chosen sort: name, then brand, then the rest', async () => {
    expect((await search('spec')).data.map((p) => p.name)).toEqual([
      'Aspect 950',
      'Allez',
      'Stumpjumper',
    ]);
    // The name holds "domane" in both; the brand holds "trek"; "aluminium" only in the specs.
    expect((await search('trek al')).data.map((p) => p.name).slice(0, 1)).toEqual(['Domane AL 2']);
    const relevance = (await search('spec', '&sort=relevance')).data.map((p) => p.name);
    expect(relevance).toEqual(['Aspect 950', 'Allez', 'Stumpjumper']);
    // A chosen sort wins over relevance.
    expect((await search('spec', '&sort=price')).data.map((p) => p.price)).toEqual([
      749, 1150, 4200,
    ]);
  });

  it('orders by relevance without a term newest first', async () => {
    const res = await get('sort=relevance&limit=3');
    expect(res.statusCode).toBe(200);
    expect(res.json<PagedEnvelope<Product>>().data.map((p) => p.name)).toEqual([
      'Trail 50 X',
      'Trail_50%',
      'Precaliber 16',
    ]);
  });

  it('offers the closest real term when nothing matches, and none otherwise', async () => {
    const none = await search('speshulized');
    expect(none.data).toEqual([]);
    expect(none.meta.suggestion).toBe('Specialized');
    expect((await search('trek domain')).meta.suggestion).toBe('trek Domane');
    expect((await search('zzyzx')).meta.suggestion).toBeNull();
    expect((await search('carbon')).meta.suggestion).toBeNull();
    // A suggestion that would find nothing under the same filters is no suggestion.
    expect((await search('speshulized', '&category=BMX%20Bike')).meta.suggestion).toBeNull();
    // Lists without a search keep the meta they always had.
    expect((await get('limit=5')).json<PagedEnvelope<Product>>().meta).not.toHaveProperty(
      'suggestion',
    );
  });

  it('applies a lone maxPrice or minPrice with the other end open', async () => {
    const cheap = (await get('maxPrice=600&limit=100')).json<PagedEnvelope<Product>>();
    expect(names(cheap.data)).toEqual(['Precaliber 16', 'Trail 50 X', 'Trail_50%', 'Treadwell 3']);
    const dear = (await get('minPrice=3000&limit=100')).json<PagedEnvelope<Product>>();
    expect(names(dear.data)).toEqual(['Domane SL 5', 'Stumpjumper']);
  });

  it('counts the facets of a search over what it finds', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/products/facets?searchTerm=specialzed',
    });
    expect(res.statusCode).toBe(200);
    const facets = res.json<Envelope<{ category: { value: string; count: number }[] }>>().data;
    expect(facets.category.filter((c) => c.count > 0)).toEqual([
      { value: 'Road Bicycle', count: 1 },
      { value: 'Mountain Bike', count: 1 },
    ]);
  });

  it.each<[string, string, number[]]>([
    ['a term over 100 characters', 'a'.repeat(101), [400]],
    ['a lone percent sign', '%', [200]],
    ['a lone underscore', '_', [200]],
    ['a backslash', '\\', [200]],
    ['a NUL character', 'trek\u0000', [400]],
    ['eleven words', 'a b c d e f g h i j k', [400]],
    ['ten one-letter words', 'a b c d e f g h i j', [200]],
    [
      'ten long words with slips',
      'specialzed mountian carbn hydraulik domanne stumpjumpr marlln aspekt treadwel precalibr',
      [200],
    ],
  ])('answers %s quickly with 200 or 400, never 500', async (_label, term, statuses) => {
    const started = performance.now();
    const res = await get(`searchTerm=${encodeURIComponent(term)}`);
    expect(statuses).toContain(res.statusCode);
    expect(performance.now() - started).toBeLessThan(2000);
    if (res.statusCode === 400) expect(res.json<{ code: string }>().code).toBeTypeOf('string');
  });

  describe('as-you-type suggestions', () => {
    const suggest = async (q: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/products/suggest?q=${encodeURIComponent(q)}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json<Envelope<ProductSuggestions>>().data;
    };

    it('gives the best bicycles with what a list shows, and the brands and categories named', async () => {
      const spec = await suggest('spec');
      expect(spec.products.map((p) => p.name)).toEqual(['Aspect 950', 'Allez', 'Stumpjumper']);
      expect(spec.products[0]).toEqual({
        _id: expect.any(String),
        slug: 'scott-aspect-950',
        name: 'Aspect 950',
        brand: 'Scott',
        price: 749,
        thumbnailUrl: null,
      });
      expect(spec.brands).toEqual(['Specialized']);
      expect(spec.categories).toEqual([]);
      const mountain = await suggest('mountain');
      expect(mountain.categories).toEqual(['Mountain Bike']);
      expect((await suggest('mtb')).categories).toEqual(['Mountain Bike']);
      expect((await suggest('specialzed')).brands).toEqual(['Specialized']);
      expect((await suggest('trek domane')).products.map((p) => p.name)).toEqual([
        'Domane AL 2',
        'Domane SL 5',
      ]);
    });

    it('gives at most six bicycles, and nothing for a blank or unknown term', async () => {
      expect((await suggest('a')).products).toHaveLength(6);
      expect(await suggest('')).toEqual({ products: [], brands: [], categories: [] });
      expect(await suggest('zzyzx')).toEqual({ products: [], brands: [], categories: [] });
    });

    it('refuses what the list refuses', async () => {
      for (const q of ['a'.repeat(101), 'a b c d e f g h i j k', 'x\u0000']) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/products/suggest?q=${encodeURIComponent(q)}`,
        });
        expect(res.statusCode).toBe(400);
      }
    });
  });
});
