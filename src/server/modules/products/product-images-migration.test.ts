import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMigrationScratch } from '#server/test/migration-helpers.ts';

describe('the gallery migration', () => {
  const scratch = useMigrationScratch('gallery-migration-');

  it("makes each product's image its first gallery picture and keeps image_key the first", async () => {
    const db = await scratch.migrateThrough('0027_size_geometry');
    await db.execute(sql`
      insert into products (name, brand, category, price_cents, quantity, description, image_key)
      values ('Marlin 7', 'Trek', 'Mountain Bike', 100, 1, 'x', ${'a'.repeat(32)}),
             ('Talon 1', 'Giant', 'Mountain Bike', 100, 1, 'x', null)`);

    await scratch.migrateRest();

    const gallery = await db.execute<{ name: string; image_key: string; position: number }>(sql`
      select p.name, i.image_key, i.position from product_images i
      join products p on p.id = i.product_id`);
    expect(gallery.rows).toEqual([{ name: 'Marlin 7', image_key: 'a'.repeat(32), position: 0 }]);

    // A picture put first becomes the product's image; deleting it gives the place to the next.
    await db.execute(sql`
      insert into product_images (product_id, image_key, position)
      select id, ${'b'.repeat(32)}, -1 from products where name = 'Marlin 7'`);
    const first = async () =>
      (
        await db.execute<{ image_key: string | null }>(
          sql`select image_key from products where name = 'Marlin 7'`,
        )
      ).rows[0]?.image_key;
    expect(await first()).toBe('b'.repeat(32));
    await db.execute(sql`delete from product_images where image_key = ${'b'.repeat(32)}`);
    expect(await first()).toBe('a'.repeat(32));
    await db.execute(sql`delete from product_images`);
    expect(await first()).toBeNull();
  });
});
