import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#server/test/fixtures.ts';
import { createTestContext, testDbKind, type TestContext } from '#server/test/test-app.ts';
import { users } from './schema.ts';
import { inTransaction } from './transaction.ts';

describe('a transaction PostgreSQL ends in a deadlock', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('runs again, so both writers that met finish', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    const db = ctx.database.db;
    // On PostgreSQL each writer holds its first row until both do, then asks for the other's: a
    // deadlock for sure. PGlite runs one transaction at a time, so there they simply follow.
    let held = 0;
    let bothHeld: () => void = () => undefined;
    const both = new Promise<void>((resolve) => (bothHeld = resolve));
    let runs = 0;
    const writer = (first: string, second: string, name: string) =>
      inTransaction(db, async (tx) => {
        runs += 1;
        await tx.update(users).set({ name }).where(eq(users.id, first));
        held += 1;
        if (held === 2) bothHeld();
        if (testDbKind === 'postgres') await both;
        await tx.update(users).set({ name }).where(eq(users.id, second));
      });

    await Promise.all([writer(a.id, b.id, 'First'), writer(b.id, a.id, 'Second')]);

    const names = (await db.select({ name: users.name }).from(users)).map((u) => u.name);
    // The writer that ran again wrote last, over both rows.
    expect(new Set(names).size).toBe(1);
    expect(runs).toBe(testDbKind === 'postgres' ? 3 : 2);
  });
});
