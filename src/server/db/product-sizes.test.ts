import { and, eq, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '#server/test/eventually.ts';
import { openTestDatabase } from '#server/test/test-app.ts';
import { CATALOG_CHANNEL } from './change-feed.ts';
import type { Database, Executor } from './client.ts';
import { emailOutbox, orders, productSizes, products, stockAlerts, users } from './schema.ts';

async function emptyTables(db: Executor): Promise<void> {
  await db.execute(
    sql`truncate table email_outbox, stock_alerts, orders, products, users restart identity cascade`,
  );
}

/** The SQLSTATE and constraint of a refused statement (drizzle wraps the driver's error). */
async function refusal(work: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await work;
  } catch (error) {
    for (let e: unknown = error; e instanceof Object; e = (e as { cause?: unknown }).cause) {
      const { code, constraint } = e as { code?: unknown; constraint?: unknown };
      if (typeof code === 'string')
        return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
    }
    throw error;
  }
  throw new Error('the statement was not refused');
}

/**
 * Listens on the channel every instance's change feed listens to, keeping the payloads. A
 * listener gets notifications in commit order, so once a marker sent after a write has arrived,
 * any notice that write sent has too: `settled` counts the store's own notices up to that point.
 */
async function listenToCatalogChannel(database: Database) {
  const payloads: string[] = [];
  let close: () => Promise<void>;
  if (database.pglite) {
    close = await database.pglite.listen(CATALOG_CHANNEL, (payload) => payloads.push(payload));
  } else {
    const client = new pg.Client({ connectionString: database.connectionString });
    client.on('notification', (msg) => payloads.push(msg.payload ?? ''));
    await client.connect();
    await client.query(`listen ${CATALOG_CHANNEL}`);
    close = () => client.end();
  }
  let markers = 0;
  return {
    async settled(): Promise<number> {
      markers += 1;
      const marker = `marker-${String(markers)}`;
      await database.db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${marker})`);
      await vi.waitFor(() => {
        expect(payloads).toContain(marker);
      }, eventually);
      return payloads.filter((p) => !p.startsWith('marker-')).length;
    },
    close,
  };
}

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await emptyTables(database.db);
});

async function newProduct(values: Partial<typeof products.$inferInsert> = {}): Promise<string> {
  const [row] = await database.db
    .insert(products)
    .values({
      name: 'Marlin 7',
      brand: 'Trek',
      category: 'Mountain Bike',
      priceCents: 89_999,
      quantity: 4,
      description: 'A trail hardtail.',
      ...values,
    })
    .returning({ id: products.id });
  if (!row) throw new Error('no product');
  return row.id;
}

const chart = [
  { label: 'S', quantity: 2, minHeightCm: 155, maxHeightCm: 170 },
  { label: 'M', quantity: 3, minHeightCm: 168, maxHeightCm: 182 },
  { label: 'L', quantity: 5, minHeightCm: 180, maxHeightCm: 195 },
];

async function addSizes(productId: string, sizes = chart): Promise<void> {
  await database.db
    .insert(productSizes)
    .values(sizes.map((size, position) => ({ ...size, productId, position })));
}

async function quantityOf(productId: string): Promise<number | undefined> {
  const [row] = await database.db
    .select({ quantity: products.quantity })
    .from(products)
    .where(eq(products.id, productId));
  return row?.quantity;
}

async function sizeQuantities(productId: string): Promise<Record<string, number>> {
  const rows = await database.db
    .select({ label: productSizes.label, quantity: productSizes.quantity })
    .from(productSizes)
    .where(eq(productSizes.productId, productId))
    .orderBy(productSizes.position);
  return Object.fromEntries(rows.map((r) => [r.label, r.quantity]));
}

/**
 * Takes `units` of one size in one statement: the product row is locked first (the CTE), then
 * the size row is decremented only if it holds enough. The row lock order (product, then size)
 * is the one every writer of sizes uses.
 */
async function reserve(
  db: Executor,
  productId: string,
  label: string,
  units: number,
): Promise<boolean> {
  const product = db.$with('product').as(
    db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.deletedAt)))
      .for('update'),
  );
  const rows = await db
    .with(product)
    .update(productSizes)
    .set({ quantity: sql`${productSizes.quantity} - ${units}` })
    .from(product)
    .where(
      and(
        eq(productSizes.productId, product.id),
        eq(productSizes.label, label),
        sql`${productSizes.quantity} >= ${units}`,
      ),
    )
    .returning({ quantity: productSizes.quantity });
  return rows.length === 1;
}

describe('product sizes', () => {
  it('leave a product without sizes exactly as before', async () => {
    const id = await newProduct({ quantity: 4 });
    await database.db
      .update(products)
      .set({ quantity: sql`${products.quantity} - 1` })
      .where(eq(products.id, id));
    expect(await quantityOf(id)).toBe(3);
    const [row] = await database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({
      frameMaterial: null,
      wheelSize: null,
      gears: null,
      weightGrams: null,
      brakes: null,
      suspension: null,
      travelMm: null,
      motorTorqueNm: null,
      batteryWh: null,
      rangeKm: null,
    });
  });

  it("make the product's quantity the sum of its sizes, whatever it was", async () => {
    const id = await newProduct({ quantity: 4 });
    await addSizes(id);
    expect(await quantityOf(id)).toBe(10);
    await database.db
      .update(productSizes)
      .set({ quantity: 7 })
      .where(and(eq(productSizes.productId, id), eq(productSizes.label, 'S')));
    expect(await quantityOf(id)).toBe(15);
    await database.db
      .delete(productSizes)
      .where(and(eq(productSizes.productId, id), eq(productSizes.label, 'L')));
    expect(await quantityOf(id)).toBe(10);
  });

  it('keep the last sum when a product loses all its sizes, which may then be set freely', async () => {
    const id = await newProduct();
    await addSizes(id);
    await database.db.delete(productSizes).where(eq(productSizes.productId, id));
    expect(await quantityOf(id)).toBe(10);
    await database.db.update(products).set({ quantity: 6 }).where(eq(products.id, id));
    expect(await quantityOf(id)).toBe(6);
  });

  it('sum each product on its own when one statement writes sizes of several', async () => {
    const first = await newProduct();
    const second = await newProduct({ name: 'Marlin 8' });
    await database.db.insert(productSizes).values([
      {
        productId: first,
        label: 'S',
        position: 0,
        quantity: 1,
        minHeightCm: 150,
        maxHeightCm: 165,
      },
      {
        productId: second,
        label: 'S',
        position: 0,
        quantity: 4,
        minHeightCm: 150,
        maxHeightCm: 165,
      },
      {
        productId: second,
        label: 'M',
        position: 1,
        quantity: 6,
        minHeightCm: 163,
        maxHeightCm: 180,
      },
    ]);
    expect([await quantityOf(first), await quantityOf(second)]).toEqual([1, 10]);
    await database.db
      .update(productSizes)
      .set({ quantity: sql`${productSizes.quantity} + 1` })
      .where(eq(productSizes.label, 'S'));
    expect([await quantityOf(first), await quantityOf(second)]).toEqual([2, 11]);
  });

  it('refuse any other quantity for a sized product, and let its own sum through', async () => {
    const id = await newProduct();
    await addSizes(id);
    expect(
      await refusal(
        database.db
          .update(products)
          .set({ quantity: sql`${products.quantity} - 1` })
          .where(eq(products.id, id)),
      ),
    ).toEqual({ code: '23514', constraint: 'products_quantity_is_size_sum' });
    await database.db
      .update(products)
      .set({ quantity: 10, name: 'Marlin 7 Gen 3' })
      .where(eq(products.id, id));
    expect(await quantityOf(id)).toBe(10);
  });

  it('reserve units of one size with one conditional statement', async () => {
    const id = await newProduct();
    await addSizes(id);
    expect(await reserve(database.db, id, 'M', 2)).toBe(true);
    expect(await sizeQuantities(id)).toEqual({ S: 2, M: 1, L: 5 });
    expect(await quantityOf(id)).toBe(8);
    expect(await reserve(database.db, id, 'M', 2)).toBe(false);
    expect(await reserve(database.db, id, 'XL', 1)).toBe(false);
    expect(await quantityOf(id)).toBe(8);
    await database.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, id));
    expect(await reserve(database.db, id, 'L', 1)).toBe(false);
  });

  // Every writer of stock locks the product row first (orders, the expiry sweep, stock edits, the
  // import): the stock ledger's line checks its product, so writers that took a size row first
  // could wait on each other through that product on PostgreSQL (decision 024).
  it('never sell more of a size than it holds, nor lose a sale, when orders race', async () => {
    const id = await newProduct();
    await addSizes(id, [
      { label: 'M', quantity: 10, minHeightCm: 168, maxHeightCm: 182 },
      { label: 'L', quantity: 10, minHeightCm: 180, maxHeightCm: 195 },
    ]);
    const attempts = Array.from({ length: 60 }, (_, i) =>
      database.db.transaction((tx) => reserve(tx, id, i % 2 === 0 ? 'M' : 'L', 1)),
    );
    const results = await Promise.all(attempts);
    expect(results.filter(Boolean)).toHaveLength(20);
    expect(await sizeQuantities(id)).toEqual({ M: 0, L: 0 });
    expect(await quantityOf(id)).toBe(0);
  });

  it('refuse sizes that break the rules of the contract', async () => {
    const id = await newProduct();
    const size = {
      productId: id,
      label: 'M',
      position: 0,
      quantity: 1,
      minHeightCm: 160,
      maxHeightCm: 180,
    };
    const insert = (values: Partial<typeof size>) =>
      refusal(database.db.insert(productSizes).values({ ...size, ...values }));
    expect(await insert({ quantity: -1 })).toMatchObject({
      constraint: 'product_sizes_quantity_nonnegative',
    });
    expect(await insert({ label: '' })).toMatchObject({ constraint: 'product_sizes_label_valid' });
    expect(await insert({ label: 'x'.repeat(17) })).toMatchObject({
      constraint: 'product_sizes_label_valid',
    });
    expect(await insert({ label: ' M' })).toMatchObject({
      constraint: 'product_sizes_label_valid',
    });
    expect(await insert({ minHeightCm: 181 })).toMatchObject({
      constraint: 'product_sizes_heights_valid',
    });
    expect(await insert({ minHeightCm: 49 })).toMatchObject({
      constraint: 'product_sizes_heights_valid',
    });
    expect(await insert({ maxHeightCm: 251 })).toMatchObject({
      constraint: 'product_sizes_heights_valid',
    });
    await database.db.insert(productSizes).values(size);
    expect(await insert({ position: 1 })).toMatchObject({ code: '23505' });
    expect(await quantityOf(id)).toBe(1);
  });

  it('go with their product', async () => {
    const id = await newProduct();
    await addSizes(id);
    await database.db.delete(products).where(eq(products.id, id));
    expect(await database.db.select().from(productSizes)).toEqual([]);
  });

  it('tell every instance that the catalog changed, only when a size changed', async () => {
    const id = await newProduct();
    await addSizes(id);
    const notices = await listenToCatalogChannel(database);
    try {
      const before = await notices.settled();
      // A refused reservation changes nothing.
      expect(await reserve(database.db, id, 'S', 99)).toBe(false);
      expect(await notices.settled()).toBe(before);
      // A new height range keeps the sum but changes what the shop shows.
      await database.db
        .update(productSizes)
        .set({ maxHeightCm: 172 })
        .where(and(eq(productSizes.productId, id), eq(productSizes.label, 'S')));
      expect(await notices.settled()).toBeGreaterThan(before);
    } finally {
      await notices.close();
    }
  });

  it('restock a sold-out product when one of its sizes comes back, mailing those waiting', async () => {
    const id = await newProduct();
    await addSizes(
      id,
      chart.map((s) => ({ ...s, quantity: 0 })),
    );
    expect(await quantityOf(id)).toBe(0);
    await database.db.insert(stockAlerts).values({
      productId: id,
      email: 'rider@example.com',
      unsubscribeToken: 'token-1',
      confirmedAt: new Date(),
    });
    await database.db
      .update(productSizes)
      .set({ quantity: 2 })
      .where(and(eq(productSizes.productId, id), eq(productSizes.label, 'M')));
    expect(await quantityOf(id)).toBe(2);
    const mails = await database.db.select().from(emailOutbox);
    expect(mails.map((m) => [m.to, m.kind])).toEqual([['rider@example.com', 'stock-alert']]);
  });
});

describe('specs and order sizes', () => {
  it('keep specs positive', async () => {
    for (const values of [{ gears: 0 }, { weightGrams: -1 }, { batteryWh: 0 }, { rangeKm: -5 }])
      expect(await refusal(newProduct(values))).toMatchObject({
        constraint: 'products_specs_positive',
      });
    const id = await newProduct({
      frameMaterial: 'Carbon',
      wheelSize: '29"',
      gears: 12,
      weightGrams: 12_900,
      brakes: 'Hydraulic disc',
      suspension: 'Full',
      travelMm: 150,
    });
    const [row] = await database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ wheelSize: '29"', weightGrams: 12_900, suspension: 'Full' });
  });

  it('keep the label of the size an order bought, or none', async () => {
    const productId = await newProduct();
    const [user] = await database.db
      .insert(users)
      .values({ name: 'Ann', email: 'ann@example.com', passwordHash: 'x' })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    const order = {
      userId: user.id,
      productId,
      quantity: 1,
      unitPriceCents: 100,
      totalCents: 100,
      provider: 'sandbox',
    };
    const rows = await database.db
      .insert(orders)
      .values([order, { ...order, size: '54 cm' }])
      .returning({ size: orders.size });
    expect(rows.map((r) => r.size)).toEqual([null, '54 cm']);
    expect(await refusal(database.db.insert(orders).values({ ...order, size: '' }))).toMatchObject({
      constraint: 'orders_size_label_valid',
    });
  });
});
