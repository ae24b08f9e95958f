import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_NUMBER_PATTERN } from '#shared/contract/order.ts';
import { createProduct, createUser, type TestUser } from '#server/test/fixtures.ts';
import { listOrdersAs, placeOrder } from '#server/test/orders-helpers.ts';
import { useMigrationScratch } from '#server/test/migration-helpers.ts';
import { useAppInstances, type TestContext } from '#server/test/test-app.ts';

/**
 * Order numbers come from one database sequence: 200 orders placed at once, on PostgreSQL through
 * two app instances with their own connection pools, each get a number of their own.
 */
describe('order numbers under concurrency', () => {
  const instances = useAppInstances();

  it('gives 200 concurrent orders unique numbers, increasing in the order they were placed', async () => {
    const apps = instances();
    const [first] = apps;
    const second = apps[1];
    await first.reset();
    const admin = await createUser(first, { role: 'admin' });
    // One customer per order: a customer has one open order per bicycle.
    const customers: TestUser[] = await Promise.all(
      Array.from({ length: 200 }, () => createUser(first)),
    );
    const product = await createProduct(first, { quantity: 200 });
    const responses = await Promise.all(
      customers.map((customer, i) =>
        placeOrder(apps[i % apps.length] as TestContext, customer, product.id, 1),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 200 }, () => 201));

    const orders = [
      ...(await listOrdersAs(first, admin, '?limit=100&page=1')),
      ...(await listOrdersAs(first, admin, '?limit=100&page=2')),
    ];
    expect(orders).toHaveLength(200);
    const numbers = orders.map((o) => {
      const digits = ORDER_NUMBER_PATTERN.exec(o.number)?.[1];
      expect(digits, o.number).toBeDefined();
      return Number(digits);
    });
    expect(new Set(numbers).size).toBe(200);
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(100001);

    // Placed later, numbered higher: an order placed after these gets a larger number.
    const later = await createUser(first);
    const another = await createProduct(first, { quantity: 1 });
    expect((await placeOrder(second ?? first, later, another.id, 1)).statusCode).toBe(201);
    const [newest] = await listOrdersAs(first, later);
    expect(Number(newest?.number.slice(3))).toBeGreaterThan(Math.max(...numbers));
  }, 120_000);
});

describe('the order numbers migration', () => {
  const scratch = useMigrationScratch('order-numbers-migration-');

  it('numbers existing orders in the order they were placed and gives them a timeline', async () => {
    const db = await scratch.migrateThrough('0021_stock_alert_double_opt_in');
    await db.execute(sql`
      insert into users (id, name, email, password_hash)
      values ('00000000-0000-4000-8000-000000000001', 'Ann', 'ann@example.com', 'x')`);
    await db.execute(sql`
      insert into products (id, name, brand, category, price_cents, quantity, description)
      values ('00000000-0000-4000-8000-000000000002', 'Marlin 7', 'Trek', 'Mountain Bike', 100, 9, 'x')`);
    // Inserted newest first, so the table's own order is not the order they were placed in.
    for (const [id, day, status, payment, paidAt] of [
      ['00000000-0000-4000-8000-00000000000c', '2026-03-01', 'Pending', 'Paid', '2026-03-01'],
      ['00000000-0000-4000-8000-00000000000a', '2026-01-01', 'Cancelled', 'Refunded', '2026-01-01'],
      ['00000000-0000-4000-8000-00000000000b', '2026-02-01', 'Pending', 'Pending', null],
    ] as const) {
      await db.execute(sql`
        insert into orders (id, user_id, product_id, quantity, unit_price_cents, total_cents,
                            provider, status, payment_status, paid_at, created_at, updated_at)
        values (${id}, '00000000-0000-4000-8000-000000000001',
                '00000000-0000-4000-8000-000000000002', 1, 100, 100, 'sandbox', ${status},
                ${payment}, ${paidAt}, ${day}, ${day})`);
    }

    await scratch.migrateRest();

    const numbered = await db.execute<{ id: string; number: string }>(
      sql`select id, number from orders order by number`,
    );
    expect(numbered.rows.map((r) => [r.id.slice(-1), Number(r.number)])).toEqual([
      ['a', 100001],
      ['b', 100002],
      ['c', 100003],
    ]);
    const events = await db.execute<{ id: string; type: string }>(
      sql`select order_id as id, type from order_events order by order_id, id`,
    );
    expect(events.rows.map((r) => `${r.id.slice(-1)}:${r.type}`)).toEqual([
      'a:placed',
      'a:paid',
      'a:cancelled',
      'a:refunded',
      'b:placed',
      'c:placed',
      'c:paid',
    ]);
    // The next order goes on from the highest number.
    await db.execute(sql`
      insert into orders (user_id, product_id, quantity, unit_price_cents, total_cents, provider)
      values ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002',
              1, 100, 100, 'sandbox')`);
    const next = await db.execute<{ n: string }>(sql`select max(number) as n from orders`);
    expect(Number(next.rows[0]?.n)).toBe(100004);
  });
});
