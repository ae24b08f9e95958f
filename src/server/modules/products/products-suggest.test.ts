import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, PagedEnvelope } from '#shared/contract/envelope.ts';
import type { Product, ProductSuggestions } from '#shared/contract/product.ts';
import { insertCatalog } from '#server/test/fixtures.ts';
import { createTestContext, type TestContext } from '#server/test/test-app.ts';
import { resolveSearch } from './products.search.ts';
import { productSuggestions } from './products.suggest.ts';
import { SUGGESTED_PRODUCTS, SUGGESTION_CANDIDATES } from './suggestion-index.ts';

/**
 * A catalog where "quokka" is common: the oldest bicycle and the newest are named for it, and
 * 130 Ridge bicycles in between are of the Quokka brand; a few others make rarer terms.
 */
const RIDGES = 130;
const ridge = (n: number) => `Ridge ${String(n).padStart(3, '0')}`;
const CATALOG = [
  { name: 'Quokka Tracker', brand: 'Wombat' },
  { name: 'Domane AL 2', brand: 'Trek' },
  { name: 'Allez', brand: 'Specialized' },
  { name: 'Aspect 950', brand: 'Scott' },
  ...Array.from({ length: RIDGES }, (_, i) => ({ name: ridge(i + 1), brand: 'Quokka' })),
  { name: 'Quokka Sprint', brand: 'Wombat' },
];

/**
 * The same rules whether the answer comes from the in-process index (decision 033) or from
 * PostgreSQL, which answers until the index holds the catalog.
 */
describe.each(['index', 'database'] as const)(
  'suggestions from the %s rank a bounded list of candidates (decision 028)',
  (source) => {
    let ctx: TestContext;

    beforeAll(async () => {
      ctx = await createTestContext();
      await insertCatalog(
        ctx,
        CATALOG.map((bike, i) => ({
          ...bike,
          category: 'Road Bicycle' as const,
          price: 1_000 + i,
          quantity: 3,
        })),
      );
    });
    afterAll(async () => {
      await ctx.reset();
      await ctx.close();
    });

    const suggest = async (q: string): Promise<ProductSuggestions> => {
      if (source === 'database') {
        const db = ctx.database.db;
        return productSuggestions(db, await resolveSearch(db, q), ctx.app.imageUrls);
      }
      await expect.poll(() => ctx.app.deps.suggestions.current()).toBeDefined();
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/products/suggest?q=${encodeURIComponent(q)}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json<Envelope<ProductSuggestions>>().data;
    };
    const listed = async (term: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/products?searchTerm=${encodeURIComponent(term)}&limit=${String(SUGGESTED_PRODUCTS)}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json<PagedEnvelope<Product>>().data.map((p) => p.name);
    };

    it('gives a term with fewer matches than the bound the six the shop lists first', async () => {
      for (const q of ['spec', 'sp', 'al', 'trak', 'trek domane', 'tracker', 'spr']) {
        const names = (await suggest(q)).products.map((p) => p.name);
        expect(names, q).toEqual(await listed(q));
      }
    });

    it('ranks the newest matches of a common term, not every match', async () => {
      expect(RIDGES + 2).toBeGreaterThan(SUGGESTION_CANDIDATES);
      const quokka = await suggest('quokka');
      // Among the newest matches (Quokka Sprint and the newest Ridges), the name match comes first,
      // then the brand's bicycles by name.
      const oldestCandidate = RIDGES - SUGGESTION_CANDIDATES + 2;
      expect(quokka.products.map((p) => p.name)).toEqual([
        'Quokka Sprint',
        ...[0, 1, 2, 3, 4].map((i) => ridge(oldestCandidate + i)),
      ]);
      expect(quokka.brands).toEqual(['Quokka']);
      // The shop's list still ranks every match: the oldest name match is second there.
      expect(await listed('quokka')).toEqual([
        'Quokka Sprint',
        'Quokka Tracker',
        ridge(1),
        ridge(2),
        ridge(3),
        ridge(4),
      ]);
      // Two letters and a slip of a common word answer the same way.
      expect((await suggest('qu')).products.map((p) => p.name)[0]).toBe('Quokka Sprint');
      expect((await suggest('quokak')).products.map((p) => p.name)).toEqual(
        quokka.products.map((p) => p.name),
      );
    });

    it('answers one and two letters with bicycles, brands and categories', async () => {
      const sp = await suggest('sp');
      expect(sp.products.map((p) => p.name)).toEqual(['Aspect 950', 'Quokka Sprint', 'Allez']);
      expect(sp.brands).toEqual(['Specialized']);
      expect((await suggest('ro')).categories).toEqual(['Road Bicycle']);
      expect((await suggest('q')).products).toHaveLength(SUGGESTED_PRODUCTS);
      expect((await suggest('q')).brands).toEqual([]);
    });
  },
);
