import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope, PagedEnvelope } from '#shared/contract/envelope.ts';
import type { Product } from '#shared/contract/product.ts';
import type { StockLedgerEntry } from '#shared/contract/stock.ts';
import { stockLedger } from '#server/db/schema.ts';
import { getAs, injectAs, requireStatus } from '#server/test/accounts-helpers.ts';
import { postProduct, productForm, sendForm } from '#server/test/catalog-multipart.ts';
import { createProduct, createUser, type TestUser } from '#server/test/fixtures.ts';
import { cancelAs, placeOrder, setStatusAs, sweepOnce } from '#server/test/orders-helpers.ts';
import { createTestContext, testDbKind, type TestContext } from '#server/test/test-app.ts';
import { unbalancedStock } from './stock-ledger.repository.ts';

const ENV = { PAYMENT_TIMEOUT: '30m', ACCESS_TOKEN_TTL: '1d' };
const SIZES = [
  { label: 'S', quantity: 12, minHeightCm: 150, maxHeightCm: 165 },
  { label: 'M', quantity: 12, minHeightCm: 165, maxHeightCm: 178 },
  { label: 'L', quantity: 12, minHeightCm: 178, maxHeightCm: 195 },
];

async function ledgerOf(
  ctx: TestContext,
  admin: TestUser,
  productId: string,
  query = '',
): Promise<StockLedgerEntry[]> {
  const res = requireStatus(
    await getAs(ctx, `/api/v1/products/${productId}/stock-ledger?limit=100${query}`, admin.auth),
    200,
    'ledger',
  );
  return res.json<PagedEnvelope<StockLedgerEntry>>().data;
}

async function createSized(ctx: TestContext, admin: TestUser): Promise<Product> {
  const res = await postProduct(ctx, admin.auth, productForm({ sizes: JSON.stringify(SIZES) }));
  return requireStatus(res, 201, 'create').json<Envelope<Product>>().data;
}

/**
 * The stock ledger: written by the database beside every change of stock, so for every product
 * and size the changes add up to the stock, whoever changed it and however many app instances
 * raced. On PostgreSQL the race runs on two instances sharing the database.
 */
describe('the stock ledger', () => {
  const instances: TestContext[] = [];
  let first: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    instances.push(await createTestContext(ENV));
    if (testDbKind === 'postgres') instances.push(await createTestContext(ENV));
    first = instances[0] as TestContext;
  });
  afterAll(async () => {
    for (const instance of instances.reverse()) await instance.close();
  });
  beforeEach(async () => {
    await first.reset();
    admin = await createUser(first, { role: 'admin', name: 'Olga Owner' });
  });

  it('opens with the stock a bicycle is created with, per size, by its creator', async () => {
    const sized = await createSized(first, admin);
    const lines = await ledgerOf(first, admin, sized._id);
    expect(lines.map((l) => [l.size, l.change, l.quantityAfter, l.reason, l.by])).toEqual(
      expect.arrayContaining([
        ['S', 12, 12, 'created', 'Olga Owner'],
        ['M', 12, 12, 'created', 'Olga Owner'],
        ['L', 12, 12, 'created', 'Olga Owner'],
      ]),
    );
    expect(lines).toHaveLength(3);
    const oneSize = requireStatus(
      await postProduct(first, admin.auth, productForm({ quantity: '7' })),
      201,
      'create',
    ).json<Envelope<Product>>().data;
    expect(await ledgerOf(first, admin, oneSize._id)).toMatchObject([
      { size: null, change: 7, quantityAfter: 7, reason: 'created', by: 'Olga Owner' },
    ]);
  });

  it('names the order that took units and the one that gave them back', async () => {
    const sized = await createSized(first, admin);
    const buyer = await createUser(first, { name: 'Rita Rider' });
    const placed = requireStatus(
      await placeOrder(first, buyer, sized._id, 2, { size: 'M' }),
      201,
      'order',
    );
    expect(placed.statusCode).toBe(201);
    const [order] = await first.database.db.query.orders.findMany({ limit: 1 });
    if (!order) throw new Error('no order');
    requireStatus(await cancelAs(first, buyer, order.id), 200, 'cancel');
    const lines = await ledgerOf(first, admin, sized._id, '&size=M');
    expect(lines.slice(0, 2).map((l) => [l.change, l.quantityAfter, l.reason, l.by])).toEqual([
      [2, 12, 'release', 'Rita Rider'],
      [-2, 10, 'order', 'Rita Rider'],
    ]);
    expect(lines[0]?.orderNumber).toBe(`BC-${String(order.number)}`);
    expect(lines[1]?.orderNumber).toBe(`BC-${String(order.number)}`);
  });

  it('records an edit through the product form as the admin’s, and a removed size going to zero', async () => {
    const sized = await createSized(first, admin);
    const res = await sendForm(
      first,
      'PUT',
      `/api/v1/products/${sized._id}`,
      admin.auth,
      productForm({ sizes: JSON.stringify([{ ...SIZES[0], quantity: 5 }, SIZES[1]]) }),
    );
    requireStatus(res, 200, 'edit');
    const lines = await ledgerOf(first, admin, sized._id);
    expect(
      lines.filter((l) => l.reason === 'admin').map((l) => [l.size, l.change, l.quantityAfter]),
    ).toEqual(
      expect.arrayContaining([
        ['S', -7, 5],
        ['L', -12, 0],
      ]),
    );
    expect(await unbalancedStock(first.database.db)).toEqual([]);
  });

  it('keeps a bicycle that loses its sizes balanced, and one that gains them', async () => {
    const sized = await createSized(first, admin);
    const url = `/api/v1/products/${sized._id}`;
    requireStatus(
      await sendForm(first, 'PUT', url, admin.auth, productForm({ sizes: '[]', quantity: '4' })),
      200,
      'to one size',
    );
    expect(await unbalancedStock(first.database.db)).toEqual([]);
    requireStatus(
      await sendForm(first, 'PUT', url, admin.auth, productForm({ sizes: JSON.stringify(SIZES) })),
      200,
      'to sizes',
    );
    expect(await unbalancedStock(first.database.db)).toEqual([]);
  });

  it('adds up to the stock after concurrent orders, cancels, expiries and edits', async () => {
    const apps = instances;
    const at = (i: number) => apps[i % apps.length] as TestContext;
    const sized = await createSized(first, admin);
    const oneSize = await createProduct(first, { quantity: 30 });
    const buyers = await Promise.all(Array.from({ length: 60 }, () => createUser(first)));

    const orderRound = (offset: number) =>
      Promise.all(
        buyers.map((buyer, i) => {
          const size = SIZES[i % SIZES.length]?.label ?? 'M';
          return i % 4 === 0
            ? placeOrder(at(i + offset), buyer, oneSize.id, 2)
            : placeOrder(at(i + offset), buyer, sized._id, 1 + (i % 2), { size });
        }),
      );
    const edits = (round: number) =>
      Array.from({ length: 6 }, (_, i) =>
        injectAs(
          at(i),
          'PATCH',
          `/api/v1/products/${i % 2 ? oneSize.id : sized._id}/stock`,
          admin.auth,
          {
            ...(i % 2 ? {} : { size: SIZES[i % 3]?.label }),
            quantity: 8 + i + round,
            note: `count ${String(round)}`,
          },
        ),
      );

    // Orders race admin edits.
    const [placed, ...edited] = await Promise.all([orderRound(0), ...edits(1)]);
    expect(placed.filter((r) => r.statusCode === 201).length).toBeGreaterThan(0);
    for (const res of edited) expect(res.statusCode).toBe(200);

    const orders = await first.database.db.query.orders.findMany();
    // Half the open orders are cancelled (by their buyer or the shop) while the rest expire.
    for (const instance of apps) instance.clock.advance(31 * 60_000);
    const cancels = orders.map((order, i) => {
      if (i % 3 === 0) return setStatusAs(at(i), admin, order.id, 'Cancelled');
      const buyer = buyers.find((b) => b.id === order.userId);
      return i % 3 === 1 && buyer ? cancelAs(at(i), buyer, order.id) : Promise.resolve(null);
    });
    await Promise.all([
      ...cancels,
      ...apps.map((instance) => sweepOnce(instance)),
      ...apps.map((instance) => sweepOnce(instance)),
      ...edits(2),
      orderRound(1),
    ]);
    await Promise.all(apps.map((instance) => sweepOnce(instance)));

    expect(await unbalancedStock(first.database.db)).toEqual([]);
    // Every page of the bicycle's ledger: the race writes more lines than one page holds.
    const lines: StockLedgerEntry[] = [];
    for (let page = 1; ; page += 1) {
      const onPage = await ledgerOf(first, admin, sized._id, `&page=${String(page)}`);
      lines.push(...onPage);
      if (onPage.length < 100) break;
    }
    const reasons = new Set(lines.map((l) => l.reason));
    for (const reason of ['created', 'order', 'release', 'admin'] as const)
      expect(reasons).toContain(reason);
    // Each line's quantity after is the one before plus its change, size by size, in the
    // order the lines were written.
    const all = await first.database.db.select().from(stockLedger).orderBy(asc(stockLedger.id));
    const running = new Map<string, number>();
    for (const line of all) {
      const key = `${line.productId}/${line.size ?? ''}`;
      const next = (running.get(key) ?? 0) + line.change;
      running.set(key, next);
      expect(line.quantityAfter).toBe(next);
    }
  });

  it('refuses customers and unknown bicycles', async () => {
    const product = await createProduct(first, { quantity: 3 });
    const customer = await createUser(first);
    const url = `/api/v1/products/${product.id}/stock-ledger`;
    expect((await getAs(first, url, customer.auth)).statusCode).toBe(403);
    expect((await getAs(first, url)).statusCode).toBe(401);
    const missing = await getAs(
      first,
      '/api/v1/products/00000000-0000-4000-8000-000000000000/stock-ledger',
      admin.auth,
    );
    expect(missing.statusCode).toBe(404);
    expect((await getAs(first, `${url}?page=0`, admin.auth)).statusCode).toBe(400);
  });
});
