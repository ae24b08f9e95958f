import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { emailOutbox, products, productSizes } from '#server/db/schema.ts';
import { eventually } from '#server/test/eventually.ts';
import { createProduct, createUser } from '#server/test/fixtures.ts';
import { createTestContext, useAppInstances, type TestContext } from '#server/test/test-app.ts';
import { runLowStockDigest } from './low-stock-digest.ts';
import { renderMail } from './mail-templates.ts';
import type { MailContent } from './outbox.ts';

const DAY_MS = 24 * 60 * 60_000;
const MORNING = new Date('2026-11-27T07:00:00Z');

async function sizedProduct(ctx: TestContext, name: string, sizes: [string, number][]) {
  const product = await createProduct(ctx, { name, brand: 'Alpina', quantity: 0 });
  await ctx.database.db.insert(productSizes).values(
    sizes.map(([label, quantity], position) => ({
      productId: product.id,
      label,
      position,
      quantity,
      minHeightCm: 150 + position * 15,
      maxHeightCm: 165 + position * 15,
    })),
  );
  return product;
}

async function digests(ctx: TestContext) {
  return ctx.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, 'low-stock-digest'))
    .orderBy(emailOutbox.to);
}

describe('the daily low-stock digest', () => {
  const instances = useAppInstances({ LOW_STOCK_DIGEST: 'true' });
  const first = () => instances()[0];

  beforeEach(async () => {
    await first().reset();
    for (const instance of instances()) instance.clock.set(MORNING);
  });

  it('lists exactly the sizes under the threshold, lowest first, to every admin who may sign in', async () => {
    const ctx = first();
    await createUser(ctx, { role: 'admin', name: 'Olga Owner', email: 'olga@example.com' });
    await createUser(ctx, { role: 'admin', name: 'Piet Partner', email: 'piet@example.com' });
    await createUser(ctx, { role: 'admin', email: 'blocked@example.com', isBlocked: true });
    await createUser(ctx, { email: 'rider@example.com' });
    await sizedProduct(ctx, 'Summit 29', [
      ['S', 0],
      ['M', 4],
      ['L', 5],
    ]);
    await sizedProduct(ctx, 'Plenty', [
      ['S', 5],
      ['M', 9],
    ]);
    await createProduct(ctx, { name: 'Courier', brand: 'Velo', quantity: 3 });
    await createProduct(ctx, { name: 'Stocked', brand: 'Velo', quantity: 5 });
    const gone = await createProduct(ctx, { name: 'Gone', brand: 'Velo', quantity: 0 });
    await ctx.database.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, gone.id));

    expect(await runLowStockDigest(ctx.app.deps)).toBe(2);
    const mails = await digests(ctx);
    expect(mails.map((m) => m.to)).toEqual(['olga@example.com', 'piet@example.com']);
    expect(mails[0]?.payload).toEqual({
      name: 'Olga Owner',
      day: '2026-11-27',
      total: 3,
      lines: [
        { productName: 'Summit 29', brand: 'Alpina', size: 'S', quantity: 0 },
        { productName: 'Courier', brand: 'Velo', size: null, quantity: 3 },
        { productName: 'Summit 29', brand: 'Alpina', size: 'M', quantity: 4 },
      ],
    });
    const mail = renderMail(
      { kind: 'low-stock-digest', payload: mails[0]?.payload } as MailContent,
      ctx.config.appUrl,
    );
    expect(mail.subject).toBe('Low stock: 3 sizes under 5 · Bi-Cycle Store');
    expect(mail.text).toContain('Hello Olga Owner,');
    expect(mail.text).toContain('Alpina Summit 29, size S: 0 in stock');
    expect(mail.text).toContain('Velo Courier: 3 in stock');
    expect(mail.text).toContain('Alpina Summit 29, size M: 4 in stock');
    expect(mail.text).not.toContain('size L');
    expect(mail.html).toContain(
      'href="http://store.test/dashboard/bicycle-management?sort=quantity"',
    );
    expect((await ctx.app.mail.flush()).sent).toBe(2);
  });

  it('sends nothing when no size is under the threshold', async () => {
    const ctx = first();
    await createUser(ctx, { role: 'admin' });
    await sizedProduct(ctx, 'Plenty', [['M', 5]]);
    await createProduct(ctx, { quantity: 12 });
    expect(await runLowStockDigest(ctx.app.deps)).toBe(0);
    expect(await digests(ctx)).toEqual([]);
  });

  it('writes one mail an admin a day, however many instances and passes run', async () => {
    const ctx = first();
    await createUser(ctx, { role: 'admin', email: 'olga@example.com' });
    await createProduct(ctx, { quantity: 1 });
    const passes = instances().flatMap((instance) => [instance, instance]);
    const queued = await Promise.all(passes.map((i) => runLowStockDigest(i.app.deps)));
    expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await digests(ctx)).toHaveLength(1);

    for (const instance of instances()) instance.clock.advance(DAY_MS);
    await Promise.all(passes.map((i) => runLowStockDigest(i.app.deps)));
    expect((await digests(ctx)).map((m) => (m.payload as { day: string }).day).sort()).toEqual([
      '2026-11-27',
      '2026-11-28',
    ]);
  });

  it('is off unless LOW_STOCK_DIGEST=true', async () => {
    expect(loadConfig({ DATA_DIR: first().dataDir }).lowStockDigest).toBe(false);
    const ctx = first();
    await createUser(ctx, { role: 'admin' });
    await createProduct(ctx, { quantity: 0 });
    const off = { ...ctx.app.deps, config: { ...ctx.config, lowStockDigest: false } };
    expect(await runLowStockDigest(off)).toBe(0);
    expect(await digests(ctx)).toEqual([]);
  });
});

describe('the low-stock digest on a timer', () => {
  it('checks when the server is up and queues the day’s mail once', async () => {
    const ctx = await createTestContext(
      { LOW_STOCK_DIGEST: 'true' },
      { lowStockDigest: { schedule: true, intervalMs: 20 } },
    );
    try {
      await createUser(ctx, { role: 'admin' });
      await createProduct(ctx, { quantity: 2 });
      await vi.waitFor(async () => {
        expect(await digests(ctx)).toHaveLength(1);
      }, eventually);
    } finally {
      await ctx.close();
    }
  });
});
