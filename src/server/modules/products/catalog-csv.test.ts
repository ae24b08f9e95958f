import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Envelope, ErrorEnvelope, PagedEnvelope } from '#shared/contract/envelope.ts';
import type { Product } from '#shared/contract/product.ts';
import type { StockLedgerEntry } from '#shared/contract/stock.ts';
import { products, stockLedger } from '#server/db/schema.ts';
import { getAs, requireStatus } from '#server/test/accounts-helpers.ts';
import { multipartBody, postProduct, productForm } from '#server/test/catalog-multipart.ts';
import {
  catalogCsv,
  importCatalogFile,
  importResultOf,
  type CatalogCells,
} from '#server/test/catalog-csv-file.ts';
import { createProduct, createUser, useFreshUser } from '#server/test/fixtures.ts';
import { useTestContext } from '#server/test/test-app.ts';
import { CATALOG_COLUMNS } from './catalog-csv.columns.ts';
import { IMPORT_TOO_LARGE } from './catalog-csv.service.ts';

const SIZES = [
  { label: 'S', quantity: 3, minHeightCm: 150, maxHeightCm: 165 },
  { label: 'M', quantity: 4, minHeightCm: 165, maxHeightCm: 178 },
];

type Cells = CatalogCells;
const toCsv = catalogCsv;

const importFile = importCatalogFile;
const resultOf = importResultOf;

describe('the catalog as CSV', () => {
  const ctx = useTestContext();
  const admin = useFreshUser(ctx, { role: 'admin', name: 'Olga Owner' });

  async function exported(): Promise<{ text: string; rows: Cells[] }> {
    const res = requireStatus(
      await getAs(ctx, '/api/v1/products/export.csv', admin.auth),
      200,
      'export',
    );
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="catalog-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = res.body;
    return { text, rows: parse<Cells>(text, { bom: true, columns: true }) };
  }

  async function sized(): Promise<Product> {
    const res = await postProduct(
      ctx,
      admin.auth,
      productForm({
        sizes: JSON.stringify(SIZES),
        specs: JSON.stringify({ gears: 12, weightKg: 13.4, wheelSize: '29"' }),
      }),
    );
    return requireStatus(res, 201, 'create').json<Envelope<Product>>().data;
  }

  async function ledgerCount(): Promise<number> {
    return (await ctx.database.db.select().from(stockLedger)).length;
  }

  it('exports one row a bicycle with its sizes and specs, formulas neutralised', async () => {
    const bike = await sized();
    await createProduct(ctx, {
      name: '=HYPERLINK("http://evil.test")',
      brand: '@Brand',
      description: '+1 great bike',
      quantity: 2,
    });
    const { text, rows } = await exported();
    expect(text.split('\r\n')[0]?.replace(/^\uFEFF/, '')).toBe(CATALOG_COLUMNS.join(','));
    expect(rows).toHaveLength(2);
    const row = rows.find((r) => r.slug === bike.slug);
    expect(row).toMatchObject({
      name: 'Marlin 7',
      brand: 'Trek',
      category: 'Mountain Bike',
      price: '899.99',
      quantity: '7',
      sizes: 'S:3:150-165|M:4:165-178',
      gears: '12',
      weightKg: '13.4',
      wheelSize: '29"',
      frameMaterial: '',
    });
    const risky = rows.find((r) => r.slug !== bike.slug);
    expect(risky).toMatchObject({
      name: `'=HYPERLINK("http://evil.test")`,
      brand: "'@Brand",
      description: "'+1 great bike",
    });
  });

  it('answers only admins', async () => {
    const customer = await createUser(ctx);
    expect((await getAs(ctx, '/api/v1/products/export.csv', customer.auth)).statusCode).toBe(403);
    expect((await getAs(ctx, '/api/v1/products/export.csv')).statusCode).toBe(401);
    const res = await importFile(ctx, customer.auth, toCsv([]), true);
    expect(res.statusCode).toBe(403);
  });

  it('imports its own export unchanged: nothing is written', async () => {
    await sized();
    await createProduct(ctx, { name: '-Minus', description: "'=quoted already", quantity: 1 });
    const before = await ctx.database.db.select().from(products);
    const lines = await ledgerCount();
    const { text } = await exported();
    const res = await importFile(ctx, admin.auth, Buffer.from(text), false);
    expect(res.statusCode).toBe(200);
    expect(resultOf(res)).toEqual({
      dryRun: false,
      created: 0,
      updated: 0,
      unchanged: 2,
      errors: [],
    });
    expect(await ctx.database.db.select().from(products)).toEqual(before);
    expect(await ledgerCount()).toBe(lines);
  });

  it('dry-runs a change without writing, then applies it with an import line in the ledger', async () => {
    const bike = await sized();
    const { rows } = await exported();
    const changed = rows.map((r) => ({ ...r, price: '999.00', sizes: 'S:3:150-165|M:10:165-178' }));
    const fresh = {
      ...(rows[0] as Cells),
      slug: '',
      name: 'Checkpoint SL 5',
      brand: 'Trek',
      category: 'Hybrid Bicycle',
      quantity: '6',
      sizes: '',
    };
    const file = toCsv([...changed, fresh]);

    const dry = await importFile(ctx, admin.auth, file, true);
    expect(dry.statusCode).toBe(200);
    expect(resultOf(dry)).toEqual({
      dryRun: true,
      created: 1,
      updated: 1,
      unchanged: 0,
      errors: [],
    });
    expect(await ctx.database.db.select().from(products)).toHaveLength(1);
    const [still] = await ctx.database.db.select().from(products).where(eq(products.id, bike._id));
    expect(still?.priceCents).toBe(89_999);

    const applied = await importFile(ctx, admin.auth, file, false);
    expect(resultOf(applied)).toEqual({
      dryRun: false,
      created: 1,
      updated: 1,
      unchanged: 0,
      errors: [],
    });
    const after = requireStatus(
      await getAs(ctx, `/api/v1/products/${bike._id}`),
      200,
      'product',
    ).json<Envelope<Product>>().data;
    expect(after.price).toBe(999);
    expect(after.sizes?.map((s) => s.quantity)).toEqual([3, 10]);
    const ledger = requireStatus(
      await getAs(ctx, `/api/v1/products/${bike._id}/stock-ledger?size=M`, admin.auth),
      200,
      'ledger',
    ).json<PagedEnvelope<StockLedgerEntry>>().data;
    expect(ledger[0]).toMatchObject({
      change: 6,
      quantityAfter: 10,
      reason: 'import',
      by: 'Olga Owner',
      note: 'catalog.csv',
    });
    const created = await ctx.database.db
      .select()
      .from(products)
      .where(eq(products.name, 'Checkpoint SL 5'));
    expect(created[0]).toMatchObject({
      slug: 'trek-checkpoint-sl-5',
      quantity: 6,
      category: 'Hybrid Bicycle',
    });
  });

  it('lists every problem by row and column and writes nothing, dry run or not', async () => {
    const bike = await sized();
    const { rows } = await exported();
    const good = rows[0] as Cells;
    const file = toCsv([
      { ...good, price: '5.00' },
      { ...good, slug: 'second', category: 'Spaceship' },
      { ...good, slug: 'third', sizes: 'S:-2:150-165' },
      { ...good, slug: 'second', name: 'Again' },
      { ...good, slug: 'Not A Slug', quantity: 'lots', sizes: '' },
      { ...good, slug: 'sixth', sizes: 'S=3' },
    ]);
    for (const dryRun of [true, false]) {
      const res = await importFile(ctx, admin.auth, file, dryRun);
      expect(res.statusCode).toBe(200);
      const result = resultOf(res);
      expect(result.errors).toEqual([
        { row: 3, column: 'category', message: 'Choose a category' },
        { row: 4, column: 'sizes', message: expect.stringMatching(/Quantity/) },
        { row: 5, column: 'slug', message: 'The slug "second" is already on row 3.' },
        { row: 6, column: 'slug', message: expect.stringMatching(/lowercase/) },
        { row: 6, column: 'quantity', message: expect.stringMatching(/number/i) },
        { row: 7, column: 'sizes', message: expect.stringMatching(/label:stock/) },
      ]);
      const [still] = await ctx.database.db
        .select()
        .from(products)
        .where(eq(products.id, bike._id));
      expect(still?.priceCents).toBe(89_999);
      expect(await ctx.database.db.select().from(products)).toHaveLength(1);
    }
  });

  it('refuses unknown and missing columns on row 1', async () => {
    const columns = [...CATALOG_COLUMNS.filter((c) => c !== 'brand'), 'colour'];
    const res = await importFile(ctx, admin.auth, toCsv([{ slug: 'x' }], columns), true);
    expect(resultOf(res).errors).toEqual([
      { row: 1, column: 'colour', message: expect.stringMatching(/^Unknown column "colour"/) },
      { row: 1, column: 'brand', message: 'Column "brand" is missing.' },
    ]);
  });

  it('reports broken quoting by row, and an empty file', async () => {
    const header = CATALOG_COLUMNS.join(',');
    const broken = Buffer.from(`${header}\n"a,b,c\n`);
    const res = await importFile(ctx, admin.auth, broken, true);
    expect(res.statusCode).toBe(200);
    expect(resultOf(res).errors).toEqual([
      { row: 2, column: '', message: expect.stringMatching(/quoted cell is never closed/) },
    ]);
    const stray = Buffer.from(`${header}\nab"c"d,x\n`);
    const strayRes = await importFile(ctx, admin.auth, stray, true);
    expect(resultOf(strayRes).errors[0]).toMatchObject({ row: 2 });
    const empty = await importFile(ctx, admin.auth, Buffer.alloc(0), true);
    expect(resultOf(empty).errors).toEqual([{ row: 1, column: '', message: 'The file is empty.' }]);
  });

  it('rolls every row back when one fails at write time', async () => {
    await createProduct(ctx, { name: 'Old', quantity: 1 });
    const [deleted] = await ctx.database.db.select().from(products);
    await ctx.database.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, deleted?.id ?? ''));
    const { rows } = await exported();
    expect(rows).toHaveLength(0);
    const row = {
      slug: 'fresh-one',
      name: 'Fresh',
      brand: 'B',
      category: 'Road Bicycle',
      price: '10',
      description: 'd',
      quantity: '1',
    };
    const file = toCsv([row, { ...row, slug: deleted?.slug ?? '' }]);
    const res = await importFile(ctx, admin.auth, file, false);
    expect(resultOf(res).errors).toEqual([
      { row: 3, column: 'slug', message: expect.stringMatching(/deleted bicycle/) },
    ]);
    expect(
      await ctx.database.db.select().from(products).where(eq(products.slug, 'fresh-one')),
    ).toEqual([]);
  });

  it('refuses a file over 5 MB with a clear message, and forms without a file', async () => {
    const line = `x,${'y'.repeat(1000)}\n`;
    const big = Buffer.from(CATALOG_COLUMNS.join(',') + '\n' + line.repeat(6 * 1024));
    const res = await importFile(ctx, admin.auth, big, true);
    expect(res.statusCode).toBe(413);
    expect(res.json<ErrorEnvelope>()).toMatchObject({ success: false, message: IMPORT_TOO_LARGE });

    const body = multipartBody({ dryRun: 'true' });
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/products/import',
      payload: body.payload,
      headers: { ...body.headers, ...admin.auth },
    });
    expect(none.statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/products/import',
      payload: { file: 'x' },
      headers: admin.auth,
    });
    expect(json.json<ErrorEnvelope>().success).toBe(false);
    expect([400, 415]).toContain(json.statusCode);
    const cut = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/products/import',
      payload: Buffer.from(
        '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nslug',
      ),
      headers: { 'content-type': 'multipart/form-data; boundary=abc', ...admin.auth },
    });
    expect(cut.statusCode).toBe(400);
  });
});
