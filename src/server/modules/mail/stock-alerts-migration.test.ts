import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMigrationScratch } from '#server/test/migration-helpers.ts';

describe('the stock alert double opt-in migration', () => {
  const scratch = useMigrationScratch('stock-alert-opt-in-migration-');

  it('keeps the alerts made before it active: they are mailed on the next restock', async () => {
    const db = await scratch.migrateThrough('0020_product_facet_groups');
    await db.execute(sql`
      insert into products (id, name, brand, category, price_cents, quantity, description)
      values ('00000000-0000-4000-8000-000000000002', 'Marlin 7', 'Trek', 'Mountain Bike', 100, 0, 'x')`);
    await db.execute(sql`
      insert into stock_alerts (product_id, email, unsubscribe_token, created_at)
      values ('00000000-0000-4000-8000-000000000002', 'ann@example.com', 'token-1',
              '2026-11-01T10:00:00Z')`);

    await scratch.migrateRest();

    const alerts = await db.execute(
      sql`select confirmed_at = created_at as "confirmedWhenMade" from stock_alerts`,
    );
    expect(alerts.rows).toEqual([{ confirmedWhenMade: true }]);
    // An alert nobody confirmed, made after it, waits.
    await db.execute(sql`
      insert into stock_alerts (product_id, email, unsubscribe_token)
      values ('00000000-0000-4000-8000-000000000002', 'bob@example.com', 'token-2')`);
    await db.execute(sql`update products set quantity = 2`);
    const mails = await db.execute(sql`select "to", kind from email_outbox`);
    expect(mails.rows).toEqual([{ to: 'ann@example.com', kind: 'stock-alert' }]);
  });
});
