import { describe, expect, it } from 'vitest';
import type { Envelope, ErrorEnvelope, PagedEnvelope } from '#shared/contract/envelope.ts';
import type { Product } from '#shared/contract/product.ts';
import type { StockLedgerEntry } from '#shared/contract/stock.ts';
import { getAs, requireStatus } from '#server/test/accounts-helpers.ts';
import { postProduct, productForm } from '#server/test/catalog-multipart.ts';
import { createProduct, createUser, useFreshUser } from '#server/test/fixtures.ts';
import { useTestContext, type TestContext } from '#server/test/test-app.ts';
import { STOCK_CHANGED } from './products-stock.service.ts';

const SIZES = [
  { label: 'S', quantity: 3, minHeightCm: 150, maxHeightCm: 165 },
  { label: 'M', quantity: 4, minHeightCm: 165, maxHeightCm: 178 },
];

function patchStock(
  ctx: TestContext,
  auth: Record<string, string>,
  id: string,
  body: object,
  ifMatch?: string,
) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/products/${id}/stock`,
    headers: { ...auth, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    payload: body,
  });
}

async function loaded(ctx: TestContext, id: string): Promise<{ product: Product; etag: string }> {
  const res = requireStatus(await getAs(ctx, `/api/v1/products/${id}`), 200, 'product');
  return { product: res.json<Envelope<Product>>().data, etag: String(res.headers.etag) };
}

describe('PATCH /products/:id/stock', () => {
  const ctx = useTestContext();
  const admin = useFreshUser(ctx, { role: 'admin', name: 'Olga Owner' });

  async function sized(): Promise<Product> {
    const res = await postProduct(ctx, admin.auth, productForm({ sizes: JSON.stringify(SIZES) }));
    return requireStatus(res, 201, 'create').json<Envelope<Product>>().data;
  }

  it('sets one size with a fresh If-Match, answers the new ETag, and writes the ledger line', async () => {
    const product = await sized();
    const { etag } = await loaded(ctx, product._id);
    const res = await patchStock(
      ctx,
      admin.auth,
      product._id,
      { size: 'M', quantity: 9, note: 'Recount after delivery' },
      etag,
    );
    expect(res.statusCode).toBe(200);
    const after = res.json<Envelope<Product>>().data;
    expect(after.sizes?.map((s) => s.quantity)).toEqual([3, 9]);
    expect(after.quantity).toBe(12);
    expect(res.headers.etag).toBe((await loaded(ctx, product._id)).etag);
    const ledger = requireStatus(
      await getAs(ctx, `/api/v1/products/${product._id}/stock-ledger?size=M`, admin.auth),
      200,
      'ledger',
    ).json<PagedEnvelope<StockLedgerEntry>>();
    expect(ledger.data[0]).toMatchObject({
      size: 'M',
      change: 5,
      quantityAfter: 9,
      reason: 'admin',
      by: 'Olga Owner',
      note: 'Recount after delivery',
      orderNumber: null,
    });
    expect(ledger.meta.total).toBe(2);
  });

  it('answers 412 with the current stock when the ETag is stale, and changes nothing', async () => {
    const product = await sized();
    const { etag } = await loaded(ctx, product._id);
    requireStatus(
      await patchStock(ctx, admin.auth, product._id, { size: 'S', quantity: 1 }, etag),
      200,
      'first edit',
    );
    const stale = await patchStock(ctx, admin.auth, product._id, { size: 'M', quantity: 0 }, etag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json<ErrorEnvelope>()).toMatchObject({
      success: false,
      code: 'PRECONDITION_FAILED',
      message: STOCK_CHANGED,
      details: [
        { path: 'stock.S', message: '1' },
        { path: 'stock.M', message: '4' },
      ],
    });
    const now = await loaded(ctx, product._id);
    expect(stale.headers.etag).toBe(now.etag);
    expect(now.product.sizes?.map((s) => s.quantity)).toEqual([1, 4]);
  });

  it('lets exactly one of two concurrent edits made on the same ETag through', async () => {
    const product = await sized();
    const { etag } = await loaded(ctx, product._id);
    const results = await Promise.all(
      [5, 6, 7, 8].map((quantity) =>
        patchStock(ctx, admin.auth, product._id, { size: 'S', quantity }, etag),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 412, 412, 412]);
  });

  it('sets a one-size bicycle’s stock without a size, and refuses a size on it', async () => {
    const product = await createProduct(ctx, { quantity: 2 });
    const res = await patchStock(ctx, admin.auth, product.id, { quantity: 11 });
    expect(res.statusCode).toBe(200);
    expect(res.json<Envelope<Product>>().data.quantity).toBe(11);
    const sizedOnOneSize = await patchStock(ctx, admin.auth, product.id, {
      size: 'M',
      quantity: 1,
    });
    expect(sizedOnOneSize.statusCode).toBe(400);
    expect(sizedOnOneSize.json<ErrorEnvelope>().details).toEqual([
      { path: 'body.size', message: 'This bicycle has no sizes.' },
    ]);
  });

  it('refuses bad input with the error envelope', async () => {
    const product = await sized();
    const cases: [object, number][] = [
      [{ size: 'M', quantity: -1 }, 400],
      [{ size: 'M', quantity: 1.5 }, 400],
      [{ size: 'M', quantity: '3' }, 400],
      [{ size: 'XXL', quantity: 1 }, 400],
      [{ quantity: 1 }, 400],
      [{ size: 'M', quantity: 1, note: 'x'.repeat(201) }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await patchStock(ctx, admin.auth, product._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json<ErrorEnvelope>().success).toBe(false);
    }
    const customer = await createUser(ctx);
    expect(
      (await patchStock(ctx, customer.auth, product._id, { size: 'M', quantity: 1 })).statusCode,
    ).toBe(403);
    expect((await patchStock(ctx, {}, product._id, { size: 'M', quantity: 1 })).statusCode).toBe(
      401,
    );
    const gone = await patchStock(ctx, admin.auth, '00000000-0000-4000-8000-000000000000', {
      quantity: 1,
    });
    expect(gone.statusCode).toBe(404);
  });
});
