import { parse } from 'csv-parse/sync';
import { and, eq, gt, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, productSizes, stockLedger } from '#server/db/schema.ts';
import { getAs, requireStatus } from '#server/test/accounts-helpers.ts';
import {
  catalogCsv,
  generatedCatalogRows,
  importCatalogFile,
  importResultOf,
  type CatalogCells,
} from '#server/test/catalog-csv-file.ts';
import { useFreshUser } from '#server/test/fixtures.ts';
import { useTestContext } from '#server/test/test-app.ts';
import { unbalancedStock } from './stock-ledger.repository.ts';

// More rows than one chunk of creates (1,000) and than two of updates (500 each).
const ROWS = 1_200;

/**
 * The second file: every price and stock changes, some bicycles' sizes change shape, and some
 * change their specs, category and description (enums, numbers and a cleared value).
 */
function changedRows(): CatalogCells[] {
  return generatedCatalogRows(ROWS, 1).map((row, i) => {
    // Sized bicycles losing their sizes, one-size ones gaining some, sized ones swapping two.
    if (i % 10 === 0) return { ...row, sizes: '' };
    if (i % 10 === 1) return { ...row, sizes: 'S:2:150-165|XL:0:178-195' };
    if (i % 10 === 2) return { ...row, sizes: 'M:5:165-178|XL:4:178-195' };
    if (i % 10 === 3)
      return {
        ...row,
        category: 'Road Bicycle',
        description: `Now lighter, "number" ${String(i)}.`,
        frameMaterial: 'Carbon',
        gears: '7',
        weightKg: '9.8',
        brakes: '',
      };
    return row;
  });
}

describe('a catalog import of many rows', () => {
  const ctx = useTestContext();
  const admin = useFreshUser(ctx, { role: 'admin', name: 'Olga Owner' });

  /** The export's rows by name (an edit moves a slug the file chose to the derived one). */
  async function exportedByName(): Promise<Map<string, CatalogCells>> {
    const res = requireStatus(
      await getAs(ctx, '/api/v1/products/export.csv', admin.auth),
      200,
      'export',
    );
    const rows = parse<CatalogCells>(res.body, { bom: true, columns: true });
    return new Map(rows.map((row) => [row.name ?? '', row]));
  }

  it('writes 1,200 rows across chunks as each row says, the ledger reading "import" and adding up', async () => {
    const created = await importCatalogFile(
      ctx,
      admin.auth,
      catalogCsv(generatedCatalogRows(ROWS, 0)),
      false,
    );
    expect(importResultOf(created)).toEqual({
      dryRun: false,
      created: ROWS,
      updated: 0,
      unchanged: 0,
      errors: [],
    });
    // A size's geometry is not in the file: the import keeps it.
    const [kept] = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, 'bench-bike-4'));
    await ctx.database.db
      .update(productSizes)
      .set({ stackMm: 600 })
      .where(and(eq(productSizes.productId, kept?.id ?? ''), eq(productSizes.label, 'M')));
    const [before] = await ctx.database.db.select({ last: max(stockLedger.id) }).from(stockLedger);

    const next = changedRows();
    const updated = await importCatalogFile(ctx, admin.auth, catalogCsv(next), false);
    expect(importResultOf(updated)).toEqual({
      dryRun: false,
      created: 0,
      updated: ROWS,
      unchanged: 0,
      errors: [],
    });

    const exported = await exportedByName();
    expect(exported.size).toBe(ROWS);
    for (const row of next) {
      const now = exported.get(row.name ?? '');
      expect(now, row.name).toMatchObject({
        price: row.price,
        sizes: row.sizes,
        category: row.category,
        description: row.description,
        frameMaterial: row.frameMaterial,
        gears: row.gears,
        weightKg: row.weightKg,
        brakes: row.brakes,
      });
      if (row.sizes === '') expect(now?.quantity, row.name).toBe(row.quantity);
    }
    const [geometry] = await ctx.database.db
      .select({ stackMm: productSizes.stackMm })
      .from(productSizes)
      .where(and(eq(productSizes.productId, kept?.id ?? ''), eq(productSizes.label, 'M')));
    expect(geometry?.stackMm).toBe(600);

    expect(await unbalancedStock(ctx.database.db)).toEqual([]);
    const lines = await ctx.database.db
      .select()
      .from(stockLedger)
      .where(gt(stockLedger.id, before?.last ?? 0));
    expect(lines.length).toBeGreaterThan(ROWS);
    expect(
      lines.filter(
        (l) => l.reason !== 'import' || l.actorId !== admin.id || l.note !== 'catalog.csv',
      ),
    ).toEqual([]);

    // Its own export back: nothing changes, not even the ledger.
    const again = await importCatalogFile(
      ctx,
      admin.auth,
      catalogCsv([...exported.values()]),
      false,
    );
    expect(importResultOf(again)).toMatchObject({ created: 0, updated: 0, unchanged: ROWS });
    const [after] = await ctx.database.db.select({ last: max(stockLedger.id) }).from(stockLedger);
    expect(after?.last).toBe(lines.at(-1)?.id);
  });
});
