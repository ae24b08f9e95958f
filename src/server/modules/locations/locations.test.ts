import { describe, expect, it } from 'vitest';
import type { Location } from '#shared/contract/location.ts';
import { getAs, injectAs } from '#server/test/accounts-helpers.ts';
import { createUser, useFreshUser } from '#server/test/fixtures.ts';
import { createLocationAs, usAddress } from '#server/test/orders-helpers.ts';
import { useTestContext } from '#server/test/test-app.ts';

describe('shops to collect from (/locations)', () => {
  const ctx = useTestContext();
  const admin = useFreshUser(ctx, { role: 'admin' });

  const listed = async () =>
    (await getAs(ctx, '/api/v1/locations')).json<{ data: Location[] }>().data;

  it('lists the shops for anyone, by name, and lets the admin change and remove them', async () => {
    const b = await createLocationAs(ctx, admin, { name: 'B Shop', leadDays: 0 });
    const a = await createLocationAs(ctx, admin, { name: 'A Shop' });
    expect((await listed()).map((l) => l.name)).toEqual(['A Shop', 'B Shop']);
    expect(a.address.phone).toBe('+12125550123');

    const res = await injectAs(ctx, 'PUT', `/api/v1/locations/${b._id}`, admin.auth, {
      name: 'B Shop',
      address: usAddress({ line1: '9 New Street' }),
      hours: 'Daily 8:00-20:00',
      leadDays: 1,
    });
    expect(res.json<{ data: Location }>().data).toMatchObject({
      hours: 'Daily 8:00-20:00',
      leadDays: 1,
      address: { line1: '9 New Street' },
    });

    expect(
      (await injectAs(ctx, 'DELETE', `/api/v1/locations/${a._id}`, admin.auth)).statusCode,
    ).toBe(200);
    expect((await listed()).map((l) => l.name)).toEqual(['B Shop']);
    expect(
      (await injectAs(ctx, 'DELETE', `/api/v1/locations/${a._id}`, admin.auth)).statusCode,
    ).toBe(404);
  });

  it('checks the shop as it checks any address, and its lead days', async () => {
    const res = await injectAs(ctx, 'POST', '/api/v1/locations', admin.auth, {
      name: '',
      address: usAddress({ postalCode: 'x' }),
      hours: 'Always',
      leadDays: 61,
    });
    expect(res.statusCode).toBe(400);
    const paths = res
      .json<{ details: { path: string }[] }>()
      .details.map((d) => d.path)
      .sort();
    expect(paths).toEqual(['body.address.postalCode', 'body.leadDays', 'body.name']);
    expect(await listed()).toEqual([]);
  });

  it('is kept by admins only', async () => {
    const customer = await createUser(ctx);
    const body = { name: 'X', address: usAddress(), hours: 'Always', leadDays: 1 };
    expect((await injectAs(ctx, 'POST', '/api/v1/locations', customer.auth, body)).statusCode).toBe(
      403,
    );
    expect((await injectAs(ctx, 'POST', '/api/v1/locations', undefined, body)).statusCode).toBe(
      401,
    );
    expect(await listed()).toEqual([]);
  });
});
