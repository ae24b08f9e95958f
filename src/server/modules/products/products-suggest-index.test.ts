import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '#shared/contract/envelope.ts';
import type { Product, ProductSuggestions } from '#shared/contract/product.ts';
import { products } from '#server/db/schema.ts';
import { productForm, sendForm } from '#server/test/catalog-multipart.ts';
import { eventually } from '#server/test/eventually.ts';
import { createUser, insertCatalog } from '#server/test/fixtures.ts';
import { useAppInstances, type TestContext } from '#server/test/test-app.ts';

/**
 * The in-process suggestion index (decision 033) follows the catalog: what an admin writes through
 * one instance reaches every instance's index (on PostgreSQL there are two, each with its own
 * connections and change feed), and no term, however odd, makes it fail.
 */
describe('the suggestion index follows the catalog', () => {
  const instances = useAppInstances();

  /** The index's own answer, or undefined while it is behind (PostgreSQL answers then). */
  const fromIndex = (ctx: TestContext, q: string) => {
    const found = ctx.app.deps.suggestions.current()?.suggest(q);
    return found && { names: found.products.map((p) => p.name), brands: found.brands };
  };
  const suggest = async (ctx: TestContext, q: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/products/suggest?q=${encodeURIComponent(q)}`,
    });
    return { status: res.statusCode, body: res.json<Envelope<ProductSuggestions>>() };
  };
  /** Every instance's index answers `q` with these names (and brands), and so does its API. */
  const everywhere = async (q: string, names: string[], brands?: string[]) => {
    for (const ctx of instances()) {
      await expect
        .poll(() => fromIndex(ctx, q), eventually)
        .toEqual({ names, brands: brands ?? expect.any(Array) });
      const { status, body } = await suggest(ctx, q);
      expect(status).toBe(200);
      expect(body.data.products.map((p) => p.name)).toEqual(names);
    }
  };

  it('shows a bicycle an admin adds, renames, reprices and deletes, on every instance', async () => {
    const [first] = instances();
    await first.reset();
    const admin = await createUser(first, { role: 'admin' });
    await insertCatalog(first, [
      { name: 'Aspect 950', brand: 'Scott', category: 'Mountain Bike', price: 900, quantity: 2 },
    ]);
    await everywhere('aspect', ['Aspect 950'], []);

    const created = await sendForm(
      first,
      'POST',
      '/api/v1/products',
      admin.auth,
      productForm({ name: 'Zephyrine 9', brand: 'Quillfeather', price: '1234.50' }),
    );
    expect(created.statusCode).toBe(201);
    const product = created.json<Envelope<Product>>().data;
    await everywhere('zephyr', ['Zephyrine 9'], []);
    await everywhere('quill', ['Zephyrine 9'], ['Quillfeather']);
    // A slip is forgiven from the index's own vocabulary.
    await everywhere('zephyirne', ['Zephyrine 9']);
    const [one] = (await suggest(first, 'zephyr')).body.data.products;
    expect(one).toMatchObject({ _id: product._id, slug: product.slug, price: 1234.5 });

    const renamed = await sendForm(
      first,
      'PUT',
      `/api/v1/products/${product._id}`,
      admin.auth,
      productForm({ name: 'Nimbostratus 3', brand: 'Quillfeather', price: '999' }),
    );
    expect(renamed.statusCode).toBe(200);
    await everywhere('zephyr', []);
    await everywhere('nimbo', ['Nimbostratus 3']);
    for (const ctx of instances()) {
      const [shown] = (await suggest(ctx, 'nimbo')).body.data.products;
      expect(shown?.price).toBe(999);
      expect(shown?.slug).not.toBe(product.slug);
    }

    const deleted = await first.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${product._id}`,
      headers: admin.auth,
    });
    expect(deleted.statusCode).toBe(200);
    await everywhere('nimbo', [], []);
    await everywhere('quill', [], []);
    await everywhere('aspect', ['Aspect 950']);
  });

  it('lets go of rows removed from the table, which leave no mark to read', async () => {
    const [first] = instances();
    await first.reset();
    await insertCatalog(first, [
      { name: 'Kestrel Loop', brand: 'Orbea', category: 'Road Bicycle', price: 700, quantity: 1 },
      { name: 'Kestrel Dash', brand: 'Orbea', category: 'Road Bicycle', price: 800, quantity: 1 },
    ]);
    await everywhere('kestrel', ['Kestrel Dash', 'Kestrel Loop']);
    await first.database.db.delete(products).where(eq(products.name, 'Kestrel Loop'));
    await everywhere('kestrel', ['Kestrel Dash']);
    await first.reset();
    await everywhere('kestrel', []);
  });

  it('answers odd terms with 200 or 400, never an error', async () => {
    const [first] = instances();
    await first.reset();
    await insertCatalog(first, [
      { name: '100% Steel_Frame', brand: 'Odd', category: 'BMX Bike', price: 300, quantity: 1 },
      { name: 'Plain', brand: 'Even', category: 'BMX Bike', price: 300, quantity: 1 },
    ]);
    await everywhere('plain', ['Plain']);
    const cases: [string, number, string[]?][] = [
      ['%', 200, ['100% Steel_Frame']],
      ['_', 200, ['100% Steel_Frame']],
      ['0%', 200, ['100% Steel_Frame']],
      ['l_f', 200, ['100% Steel_Frame']],
      ['\\', 200, []],
      ['%%%% ____', 200, []],
      ['x'.repeat(100), 200, []],
      ['x'.repeat(101), 400],
      ['nul\u0000', 400],
      [Array.from({ length: 10 }, (_, i) => `w${String(i)}`).join(' '), 200, []],
      [Array.from({ length: 11 }, (_, i) => `w${String(i)}`).join(' '), 400],
      ['🚲 ünïcødé', 200, []],
      ['   ', 200, []],
    ];
    for (const ctx of instances())
      for (const [q, status, names] of cases) {
        const res = await suggest(ctx, q);
        expect(res.status, JSON.stringify(q)).toBe(status);
        if (names)
          expect(
            res.body.data.products.map((p) => p.name),
            q,
          ).toEqual(names);
      }
  });
});
