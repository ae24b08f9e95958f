import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorEnvelope, PagedEnvelope } from '#shared/contract/envelope.ts';
import type { Category, Product } from '#shared/contract/product.ts';
import {
  filtersToQuery,
  initialShopFilters,
  matchesFilters,
  matchesQuery,
  type ProductFilterQuery,
  type ShopFilters,
} from '#shared/rules/filters.ts';
import { productForm, sendForm, postProduct } from '#server/test/catalog-multipart.ts';
import { createProduct, createUser } from '#server/test/fixtures.ts';
import { placeOrderOk } from '#server/test/orders-helpers.ts';
import { eventually } from '#server/test/eventually.ts';
import { useTestContext } from '#server/test/test-app.ts';

type Page = PagedEnvelope<Product>;

type QueryValue = string | number | readonly (string | number)[] | undefined;

/** A repeated parameter for each value of a list (`size=S&size=M`). */
function queryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
  }
  return params.toString();
}

describe('GET /api/v1/products', () => {
  const ctx = useTestContext();
  beforeEach(() => ctx.reset());

  /**
   * Rows inserted straight into the database are another instance's writes: this app learns of
   * them by a notification that arrives a moment later. Tests that read at once forget the
   * cached pages themselves; the change feed's own delay is tested with the ETag.
   */
  const catalogWrittenElsewhere = () => {
    ctx.app.catalogCache.invalidate();
  };

  const list = (query: Record<string, QueryValue> = {}, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/products?${queryString(query)}`, headers });

  describe('filters follow the shared rule', () => {
    /** Edge values for every rule: case, LIKE wildcards, cent boundaries, the stock thresholds 0, 1, 4 and 5. */
    const catalog: { name: string; category: Category; price: number; quantity: number }[] = [
      { name: 'Marlin 7', category: 'Mountain Bike', price: 899.99, quantity: 7 },
      { name: 'MARLIN 5 Gen 3', category: 'Mountain Bike', price: 699.99, quantity: 0 },
      { name: 'marlin kids', category: 'Kids Bicycles', price: 299, quantity: 4 },
      { name: 'Domane AL 2', category: 'Road Bicycle', price: 1049.99, quantity: 5 },
      { name: 'Domane SL 6', category: 'Road Bicycle', price: 200, quantity: 1 },
      { name: 'Allez Sport', category: 'Road Bicycle', price: 300, quantity: 12 },
      { name: 'Contend 3', category: 'Road Bicycle', price: 199.99, quantity: 3 },
      { name: 'Contend 50% off', category: 'Road Bicycle', price: 300.01, quantity: 9 },
      { name: 'Woom_3', category: 'Kids Bicycles', price: 219, quantity: 10 },
      { name: 'Woom 4', category: 'Kids Bicycles', price: 0, quantity: 0 },
      // Would match "m_3" and "50%" if the wildcards were not escaped.
      { name: 'Zoom 3', category: 'Kids Bicycles', price: 189, quantity: 2 },
      { name: 'Model 500', category: 'Hybrid Bicycle', price: 500, quantity: 8 },
      { name: 'RadCity 5 Plus', category: 'Electric Bikes', price: 1999, quantity: 6 },
      { name: 'Turbo Vado 4.0', category: 'Electric Bikes', price: 3999, quantity: 2 },
      { name: 'FX 2 Disc', category: 'Hybrid Bicycle', price: 749.99, quantity: 13 },
      { name: 'Sirrus 2.0', category: 'Hybrid Bicycle', price: 279, quantity: 4 },
      { name: 'Downtown', category: 'BMX Bike', price: 249.5, quantity: 5 },
      { name: 'Leucadia Back\\slash', category: 'BMX Bike', price: 419, quantity: 0 },
    ];
    const ids = new Map<string, (typeof catalog)[number]>();

    beforeEach(async () => {
      ids.clear();
      for (const item of catalog) {
        const row = await createProduct(ctx, item);
        ids.set(row.id, item);
      }
      catalogWrittenElsewhere();
    });

    async function apiIds(query: ProductFilterQuery): Promise<string[]> {
      const res = await list({ ...query, limit: 100 });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Page>();
      expect(body.meta.total).toBe(body.data.length);
      return body.data.map((p) => p._id).sort();
    }

    function ruleIds(predicate: (item: (typeof catalog)[number]) => boolean): string[] {
      return [...ids]
        .filter(([, item]) => predicate(item))
        .map(([id]) => id)
        .sort();
    }

    const queries: [string, ProductFilterQuery][] = [
      ['no filter', {}],
      ['search, any case', { searchTerm: 'marlin' }],
      ['search, upper case term', { searchTerm: 'DOMANE' }],
      ['search, inner substring', { searchTerm: 'end' }],
      ['search with % is literal', { searchTerm: '50%' }],
      ['search with _ is literal', { searchTerm: 'm_3' }],
      ['search with a backslash', { searchTerm: 'back\\slash' }],
      ['search, padded with spaces', { searchTerm: '  woom ' }],
      ['search, no match', { searchTerm: 'unicycle' }],
      ['search, two characters, any case', { searchTerm: 'MA' }],
      ['search, two characters with a literal %', { searchTerm: '0%' }],
      ['search, two characters with a literal _', { searchTerm: 'm_' }],
      ['search, two characters, no match', { searchTerm: 'qz' }],
      ['search, one character', { searchTerm: 'z' }],
      ['category', { category: 'Road Bicycle' }],
      ['category with no products left', { category: 'Electric Bikes', searchTerm: 'marlin' }],
      ['minPrice, inclusive', { minPrice: 300 }],
      ['maxPrice, inclusive', { maxPrice: 300 }],
      ['price range, inclusive at both ends', { minPrice: 200, maxPrice: 300 }],
      ['price range of one cent', { minPrice: 300.01, maxPrice: 300.01 }],
      ['price bound with 3 decimals', { minPrice: 199.995, maxPrice: 300.005 }],
      ['price range of zero', { minPrice: 0, maxPrice: 0 }],
      ['out of stock (0)', { stock: 'outOfStock' }],
      ['low stock (1 to 4)', { stock: 'lowStock' }],
      ['in stock (5 or more)', { stock: 'inStock' }],
      ['search + category', { searchTerm: 'marlin', category: 'Mountain Bike' }],
      ['category + price', { category: 'Road Bicycle', minPrice: 200, maxPrice: 1000 }],
      ['category + stock', { category: 'Kids Bicycles', stock: 'inStock' }],
      ['price + stock', { minPrice: 250, stock: 'lowStock' }],
      [
        'everything',
        {
          searchTerm: 'o',
          category: 'Road Bicycle',
          minPrice: 199.99,
          maxPrice: 1049.99,
          stock: 'lowStock',
        },
      ],
    ];

    it.each(queries)('%s', async (_label, query) => {
      expect(await apiIds(query)).toEqual(ruleIds((item) => matchesQuery(item, query)));
    });

    const shopStates: [string, Partial<ShopFilters>][] = [
      ['initial state', {}],
      ['price slider off ignores the range', { priceRange: [200, 300], isPriceFilter: false }],
      ['price slider on', { priceRange: [200, 300], isPriceFilter: true }],
      [
        'search, category, slider and stock',
        {
          searchTerm: 'domane',
          selectedCategory: 'Road Bicycle',
          priceRange: [0, 500],
          isPriceFilter: true,
          selectedStock: 'lowStock',
        },
      ],
    ];

    it.each(shopStates)('shop state: %s', async (_label, state) => {
      const filters: ShopFilters = { ...initialShopFilters, ...state };
      expect(await apiIds(filtersToQuery(filters))).toEqual(
        ruleIds((item) => matchesFilters(item, filters)),
      );
    });

    it('reports inStock from the quantity', async () => {
      const body = (await list({ limit: 100 })).json<Page>();
      for (const product of body.data) expect(product.inStock).toBe(product.quantity > 0);
    });
  });

  describe('sorting and paging', () => {
    const start = new Date('2026-01-01T00:00:00Z').getTime();
    // Names, prices and dates all in different orders; two products share a price.
    const rows = [
      { name: 'Charlie', price: 300, minutes: 1 },
      { name: 'Alpha', price: 150, minutes: 4 },
      { name: 'Echo', price: 999.99, minutes: 2 },
      { name: 'Bravo', price: 150, minutes: 6 },
      { name: 'Delta', price: 49.5, minutes: 3 },
      { name: 'Golf', price: 720, minutes: 7 },
      { name: 'Foxtrot', price: 1200, minutes: 5 },
    ];
    let byName: Map<string, string>;

    beforeEach(async () => {
      byName = new Map();
      for (const r of rows) {
        const row = await createProduct(ctx, {
          name: r.name,
          price: r.price,
          createdAt: new Date(start + r.minutes * 60_000),
        });
        byName.set(r.name, row.id);
      }
      catalogWrittenElsewhere();
    });

    const names = (res: LightMyRequestResponse) => res.json<Page>().data.map((p) => p.name);

    it('is newest first by default', async () => {
      expect(names(await list())).toEqual([
        'Golf',
        'Bravo',
        'Foxtrot',
        'Alpha',
        'Delta',
        'Echo',
        'Charlie',
      ]);
    });

    it.each([
      ['-createdAt', ['Golf', 'Bravo', 'Foxtrot', 'Alpha', 'Delta', 'Echo', 'Charlie']],
      ['createdAt', ['Charlie', 'Echo', 'Delta', 'Alpha', 'Foxtrot', 'Bravo', 'Golf']],
      ['name', ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf']],
      ['-name', ['Golf', 'Foxtrot', 'Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']],
    ])('sorts by %s', async (sort, expected) => {
      expect(names(await list({ sort }))).toEqual(expected);
    });

    it.each(['price', '-price'])(
      'sorts by %s, ties broken the same way on every page',
      async (sort) => {
        const all = (await list({ sort })).json<Page>().data;
        const prices = all.map((p) => p.price);
        const sorted = [...prices].sort((a, b) => (sort === 'price' ? a - b : b - a));
        expect(prices).toEqual(sorted);
        // Page by page, one product at a time, gives the same sequence.
        const paged: string[] = [];
        for (let page = 1; page <= rows.length; page += 1) {
          const body = (await list({ sort, page, limit: 1 })).json<Page>();
          paged.push(...body.data.map((p) => p._id));
        }
        expect(paged).toEqual(all.map((p) => p._id));
      },
    );

    it('pages through without gaps or overlaps and reports meta', async () => {
      const first = (await list({ limit: 3 })).json<Page>();
      expect(first.meta).toEqual({ page: 1, limit: 3, total: 7, totalPages: 3 });
      expect(first.data).toHaveLength(3);
      const second = (await list({ limit: 3, page: 2 })).json<Page>();
      const last = (await list({ limit: 3, page: 3 })).json<Page>();
      expect(last.meta).toEqual({ page: 3, limit: 3, total: 7, totalPages: 3 });
      expect(last.data.map((p) => p.name)).toEqual(['Charlie']);
      const seen = [...first.data, ...second.data, ...last.data].map((p) => p._id);
      expect(new Set(seen).size).toBe(7);
      expect(new Set(seen)).toEqual(new Set(byName.values()));
    });

    it('answers past the last page with no items and the real total', async () => {
      const res = await list({ limit: 3, page: 4 });
      expect(res.statusCode).toBe(200);
      expect(res.json<Page>()).toMatchObject({
        data: [],
        meta: { page: 4, limit: 3, total: 7, totalPages: 3 },
      });
    });

    it('accepts limit 1 and limit 100', async () => {
      const one = (await list({ limit: 1 })).json<Page>();
      expect(one.data.map((p) => p.name)).toEqual(['Golf']);
      expect(one.meta).toEqual({ page: 1, limit: 1, total: 7, totalPages: 7 });
      const hundred = (await list({ limit: 100 })).json<Page>();
      expect(hundred.data).toHaveLength(7);
      expect(hundred.meta).toEqual({ page: 1, limit: 100, total: 7, totalPages: 1 });
    });

    it('uses 24 per page by default and one empty page for no matches', async () => {
      expect((await list()).json<Page>().meta).toEqual({
        page: 1,
        limit: 24,
        total: 7,
        totalPages: 1,
      });
      const none = (await list({ searchTerm: 'nothing like this' })).json<Page>();
      expect(none).toMatchObject({
        success: true,
        data: [],
        meta: { page: 1, limit: 24, total: 0, totalPages: 1 },
      });
    });
  });

  describe('invalid parameters', () => {
    it.each([
      ['an unknown category', { category: 'Unicycle' }, 'query.category'],
      ['a category in the wrong case', { category: 'road bicycle' }, 'query.category'],
      ['a negative minPrice', { minPrice: -1 }, 'query.minPrice'],
      ['a negative maxPrice', { maxPrice: -0.01 }, 'query.maxPrice'],
      ['a price that is not a number', { minPrice: 'cheap' }, 'query.minPrice'],
      ['minPrice above maxPrice', { minPrice: 500, maxPrice: 100 }, 'query.minPrice'],
      ['an unknown stock class', { stock: 'few' }, 'query.stock'],
      ['an unknown sort', { sort: 'price_desc' }, 'query.sort'],
      ['page 0', { page: 0 }, 'query.page'],
      ['a negative page', { page: -2 }, 'query.page'],
      ['a fractional page', { page: 1.5 }, 'query.page'],
      ['limit 0', { limit: 0 }, 'query.limit'],
      ['limit over 100', { limit: 101 }, 'query.limit'],
      ['a 101-character search', { searchTerm: 'a'.repeat(101) }, 'query.searchTerm'],
    ])('refuses %s with 400 and details', async (_label, query, path) => {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      const body = res.json<ErrorEnvelope>();
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(body.details?.map((d) => d.path)).toContain(path);
      expect(body.message).not.toMatch(/select|from products|stack/i);
    });

    it('accepts a 100-character search', async () => {
      expect((await list({ searchTerm: 'a'.repeat(100) })).statusCode).toBe(200);
    });

    it('refuses a repeated parameter', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/products?category=BMX%20Bike&category=Mountain%20Bike',
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('ETag', () => {
    it('answers 304 to a matching If-None-Match and 200 once the catalog changes', async () => {
      await createProduct(ctx, { name: 'Tagged' });
      catalogWrittenElsewhere();
      const first = await list({ limit: 10 });
      const etag = first.headers.etag;
      expect(typeof etag).toBe('string');
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');

      const again = await list({ limit: 10 }, { 'if-none-match': String(etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);

      const inList = await list({ limit: 10 }, { 'if-none-match': `"other", ${String(etag)}` });
      expect(inList.statusCode).toBe(304);

      // Another query is other bytes, so another tag.
      const otherQuery = await list({ limit: 9 }, { 'if-none-match': String(etag) });
      expect(otherQuery.statusCode).toBe(200);

      // Written by another instance: visible once the database's notification arrives.
      await createProduct(ctx, { name: 'Newer' });
      await vi.waitFor(async () => {
        const changed = await list({ limit: 10 }, { 'if-none-match': String(etag) });
        expect(changed.statusCode).toBe(200);
        expect(changed.headers.etag).not.toBe(etag);
        expect(changed.json<Page>().data.map((p) => p.name)).toContain('Newer');
      }, eventually);
    });

    it('serves repeated reads with the same bytes and shows an admin write on the very next read', async () => {
      const admin = await createUser(ctx, { role: 'admin' });
      await createProduct(ctx, { name: 'First' });
      catalogWrittenElsewhere();
      const first = await list({ sort: 'name' });
      const second = await list({ sort: 'name' });
      expect(second.body).toBe(first.body);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.headers['content-type']).toBe(first.headers['content-type']);

      const created = await postProduct(ctx, admin.auth, productForm({ name: 'Second' }));
      expect(created.statusCode).toBe(201);
      const after = await list({ sort: 'name' });
      expect(after.json<Page>().data.map((p) => p.name)).toEqual(['First', 'Second']);

      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/products/${created.json<{ data: Product }>().data._id}`,
        headers: admin.auth,
      });
      expect(removed.statusCode).toBe(200);
      expect((await list({ sort: 'name' })).json<Page>().data.map((p) => p.name)).toEqual([
        'First',
      ]);
    });

    it('tags a single product too, but never an error', async () => {
      const row = await createProduct(ctx);
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${row.id}` });
      expect(res.statusCode).toBe(200);
      const etag = String(res.headers.etag);
      const cached = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/products/${row.id}`,
        headers: { 'if-none-match': etag },
      });
      expect(cached.statusCode).toBe(304);
      const bad = await list({ limit: 0 });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers.etag).toBeUndefined();
    });
  });
});

describe('the catalog cache', () => {
  const ctx = useTestContext();
  beforeEach(() => ctx.reset());

  const cache = () => ctx.app.catalogCache;
  const multipart = (
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string | number>,
    auth: Record<string, string>,
  ) => {
    return sendForm(ctx, method, url, auth, fields);
  };

  /**
   * Caches one page. The fixtures' own notifications may still be on their way: a page is only
   * counted as cached once it stayed so across a database round trip.
   */
  async function cachedPage(): Promise<void> {
    await vi.waitFor(async () => {
      await ctx.app.inject({ method: 'GET', url: '/api/v1/products?limit=5' });
      await ctx.database.ping();
      expect(cache().size).toBe(1);
    }, eventually);
  }

  it('keeps cached pages through refused requests: 401 on an order route, 400, 403 and 404 product writes, 409 order', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const customer = await createUser(ctx);
    const row = await createProduct(ctx, { name: 'Cached', quantity: 3 });
    await cachedPage();
    const refused: [string, () => Promise<LightMyRequestResponse>, number][] = [
      [
        'anonymous cancel',
        () => ctx.app.inject({ method: 'PATCH', url: `/api/v1/orders/${row.id}/cancel` }),
        401,
      ],
      [
        'anonymous order',
        () =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/v1/orders/order/create',
            payload: { product: row.id, quantity: 1 },
          }),
        401,
      ],
      [
        'invalid product edit',
        () =>
          multipart('PUT', `/api/v1/products/${row.id}`, productForm({ price: '-1' }), admin.auth),
        400,
      ],
      [
        'product by a customer',
        () => multipart('POST', '/api/v1/products', productForm(), customer.auth),
        403,
      ],
      [
        'order for more than is in stock',
        () =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/v1/orders/order/create',
            headers: customer.auth,
            payload: { product: row.id, quantity: 4 },
          }),
        409,
      ],
      [
        'delete of an unknown product',
        () =>
          ctx.app.inject({
            method: 'DELETE',
            url: '/api/v1/products/7f1c2a52-0d55-4a8e-9d43-3f1e4a9b8c10',
            headers: admin.auth,
          }),
        404,
      ],
    ];
    for (const [what, send, status] of refused) {
      expect((await send()).statusCode, what).toBe(status);
      await ctx.database.ping();
      expect(cache().size, what).toBe(1);
    }
  });

  it("empties at once on this instance's committed product writes: create, update, delete", async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const row = await createProduct(ctx, { name: 'Cached' });
    const writes: [string, () => Promise<LightMyRequestResponse>, number][] = [
      ['create', () => multipart('POST', '/api/v1/products', productForm(), admin.auth), 201],
      [
        'update',
        () =>
          multipart(
            'PUT',
            `/api/v1/products/${row.id}`,
            productForm({ name: 'Renamed' }),
            admin.auth,
          ),
        200,
      ],
      [
        'delete',
        () =>
          ctx.app.inject({
            method: 'DELETE',
            url: `/api/v1/products/${row.id}`,
            headers: admin.auth,
          }),
        200,
      ],
    ];
    for (const [what, send, status] of writes) {
      await cachedPage();
      // No waiting for the database's notification: the write itself empties the cache.
      expect((await send()).statusCode, what).toBe(status);
      expect(cache().size, what).toBe(0);
    }
  });

  it("learns of stock taken by an order through the database's change notification", async () => {
    const customer = await createUser(ctx);
    const row = await createProduct(ctx, { name: 'Cached', quantity: 3 });
    await cachedPage();
    await placeOrderOk(ctx, customer, row.id, 2);
    await vi.waitFor(() => {
      expect(cache().size).toBe(0);
    }, eventually);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/v1/products?limit=5' });
    expect(page.json<Page>().data.map((p) => p.quantity)).toEqual([1]);
  });
});

describe('GET /api/v1/products/:id', () => {
  const ctx = useTestContext();

  it('returns the product in the contract shape, price in dollars', async () => {
    const row = await createProduct(ctx, {
      name: 'Escape 3',
      brand: 'Giant',
      category: 'Hybrid Bicycle',
      price: 239.99,
      quantity: 0,
    });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${row.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Product retrieved successfully',
      data: {
        _id: row.id,
        name: 'Escape 3',
        brand: 'Giant',
        slug: 'giant-escape-3',
        category: 'Hybrid Bicycle',
        price: 239.99,
        quantity: 0,
        description: 'A bicycle made for tests.',
        imageUrl: null,
        images: [],
        thumbnailUrl: null,
        inStock: false,
        sizes: [],
        specs: {},
        rating: null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      },
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/products/7f1c2a52-0d55-4a8e-9d43-3f1e4a9b8c10',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/v1/products/not-an-id' });
    expect(malformed.statusCode).toBe(400);
  });
});
