import { beforeEach, describe, expect, it } from 'vitest';
import { createProduct, createUser, type TestUser } from '#server/test/fixtures.ts';
import { listOrdersAs, placeOrder, stockOf } from '#server/test/orders-helpers.ts';
import { testDbKind, useAppInstances, type TestContext } from '#server/test/test-app.ts';

/**
 * 200 shoppers race for 10 bicycles. On PostgreSQL the requests run over real concurrent
 * connections, and, with two app instances, through two connection pools on one database.
 */
describe('ordering under contention', () => {
  const instances = useAppInstances();
  let first: TestContext;
  let customers: TestUser[];
  let admin: TestUser;

  beforeEach(async () => {
    [first] = instances();
    await first.reset();
    // Enough shoppers that none is refused for already holding an unpaid order of the bicycle.
    customers = await Promise.all(Array.from({ length: 200 }, () => createUser(first)));
    admin = await createUser(first, { role: 'admin' });
  });

  const scenarios = [
    { name: 'one app instance', instances: () => [first] },
    ...(testDbKind === 'postgres'
      ? [{ name: 'two app instances sharing the database', instances }]
      : []),
  ];

  it.each(scenarios)('sells exactly the stock, no more, with $name', async ({ instances }) => {
    const apps = instances();
    const product = await createProduct(first, { quantity: 10, price: 120 });
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const customer = customers[i % customers.length] as TestUser;
        const app = apps[i % apps.length] as TestContext;
        return placeOrder(app, customer, product.id, 1);
      }),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    for (const res of responses.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Not enough stock for this bicycle.',
      });
    }
    expect(await stockOf(first, product.id)).toBe(0);

    const orders = await listOrdersAs(first, admin, '?limit=100');
    expect(orders).toHaveLength(10);
    expect(orders.every((o) => o.status === 'Pending' && o.totalPrice === 120)).toBe(true);
    const urls = new Set(
      responses.filter((r) => r.statusCode === 201).map((r) => r.json<{ data: string }>().data),
    );
    expect(urls.size).toBe(10);
  });

  it('never lets multi-unit orders take stock below zero', async () => {
    const product = await createProduct(first, { quantity: 10 });
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        placeOrder(first, customers[i % customers.length] as TestUser, product.id, 3),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(await stockOf(first, product.id)).toBe(1);
  });
});
