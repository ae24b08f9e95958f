import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMigrationScratch } from '#server/test/migration-helpers.ts';

describe('the sizes and specs migrations', () => {
  const scratch = useMigrationScratch('sizes-migration-');

  it('keep existing products and orders as they were: one size, no specs', async () => {
    // The schema as it was before sizes and specs.
    const db = await scratch.migrateThrough('0014_stock_alert_restock_trigger');
    await db.execute(sql`
      insert into users (id, name, email, password_hash)
      values ('00000000-0000-4000-8000-000000000001', 'Ann', 'ann@example.com', 'x')`);
    await db.execute(sql`
      insert into products (id, name, brand, category, price_cents, quantity, description)
      values ('00000000-0000-4000-8000-000000000002', 'Marlin 7', 'Trek', 'Mountain Bike', 100, 3, 'x')`);
    await db.execute(sql`
      insert into orders (user_id, product_id, quantity, unit_price_cents, total_cents, provider)
      values ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002',
              1, 100, 100, 'sandbox')`);

    await scratch.migrateRest();

    const product = await db.execute(sql`
      select quantity, frame_material, wheel_size, gears, weight_grams, brakes, suspension,
             travel_mm, motor_torque_nm, battery_wh, range_km
      from products`);
    expect(product.rows).toEqual([
      {
        quantity: 3,
        frame_material: null,
        wheel_size: null,
        gears: null,
        weight_grams: null,
        brakes: null,
        suspension: null,
        travel_mm: null,
        motor_torque_nm: null,
        battery_wh: null,
        range_km: null,
      },
    ]);
    const order = await db.execute<{ size: string | null }>(sql`select size from orders`);
    expect(order.rows).toEqual([{ size: null }]);
    expect((await db.execute(sql`select * from product_sizes`)).rows).toEqual([]);

    // Its stock is written as before, until it is given sizes.
    await db.execute(sql`update products set quantity = quantity - 1`);
    await db.execute(sql`
      insert into product_sizes (product_id, label, position, quantity, min_height_cm, max_height_cm)
      values ('00000000-0000-4000-8000-000000000002', 'M', 0, 5, 165, 180)`);
    const after = await db.execute<{ quantity: number }>(sql`select quantity from products`);
    expect(after.rows).toEqual([{ quantity: 5 }]);
  });
});
