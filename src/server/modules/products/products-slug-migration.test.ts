import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMigrationScratch } from '#server/test/migration-helpers.ts';

describe('the slug migration', () => {
  const scratch = useMigrationScratch('slug-migration-');

  it('gives existing products unique slugs, oldest first, then makes them required', async () => {
    // The schema as it was before slugs: 0010 adds the column, still nullable.
    const db = await scratch.migrateThrough('0010_product_slugs');
    await db.execute(sql`
      insert into products (name, brand, category, price_cents, quantity, description, created_at)
      values ('Marlin 7', 'Trek', 'Mountain Bike', 100, 1, 'x', now() - interval '3 days'),
             ('Trek Marlin 7', 'Trek', 'Mountain Bike', 100, 1, 'x', now() - interval '2 days'),
             ('Marlin 7', 'TREK', 'Mountain Bike', 100, 1, 'x', now() - interval '1 day'),
             ('Talon 1', 'Giant', 'Mountain Bike', 100, 1, 'x', now())`);

    await scratch.migrateRest();

    const rows = await db.execute<{ name: string; slug: string }>(
      sql`select name, slug from products order by created_at`,
    );
    expect(rows.rows.map((r) => r.slug)).toEqual([
      'trek-marlin-7',
      'trek-marlin-7-2',
      'trek-marlin-7-3',
      'giant-talon-1',
    ]);
    await expect(
      db.execute(sql`update products set slug = 'giant-talon-1' where name = 'Marlin 7'`),
    ).rejects.toThrow();
    await expect(db.execute(sql`update products set slug = null`)).rejects.toThrow();
  });
});
