import { describe, expect, it } from 'vitest';
import { MAX_ADDRESSES, type Address, type AddressInput } from '#shared/contract/address.ts';
import { getAs, injectAs, requireStatus } from '#server/test/accounts-helpers.ts';
import { createUser, useFreshUser } from '#server/test/fixtures.ts';
import { usAddress } from '#server/test/orders-helpers.ts';
import { useTestContext } from '#server/test/test-app.ts';

const BOOK = '/api/v1/users/me/addresses';

interface ErrorBody {
  code: string;
  details?: { path: string; message: string }[];
}

describe('the address book (/users/me/addresses)', () => {
  const ctx = useTestContext();
  const rider = useFreshUser(ctx);

  const add = (address: Partial<AddressInput> | Record<string, unknown>, isDefault?: boolean) =>
    injectAs(ctx, 'POST', BOOK, rider.auth, {
      address,
      ...(isDefault === undefined ? {} : { isDefault }),
    });
  const addOk = async (address: Partial<AddressInput>, isDefault?: boolean) =>
    requireStatus(await add(address, isDefault), 201, 'address').json<{ data: Address }>().data;
  const book = async () =>
    requireStatus(await getAs(ctx, BOOK, rider.auth), 200, 'book').json<{ data: Address[] }>().data;

  // Valid addresses of several countries: each is stored with its phone in E.164 and its postal
  // code tidied.
  const accepted: {
    country: string;
    input: Partial<AddressInput>;
    phone: string;
    postal: string;
  }[] = [
    {
      country: 'US',
      input: usAddress({ postalCode: '10118-0110' }),
      phone: '+12125550123',
      postal: '10118-0110',
    },
    {
      country: 'CA',
      input: usAddress({
        country: 'CA',
        city: 'Ottawa',
        region: 'ON',
        postalCode: 'k1a 0b1',
        phone: '613-555-0199',
      }),
      phone: '+16135550199',
      postal: 'K1A 0B1',
    },
    {
      country: 'GB',
      input: usAddress({
        country: 'GB',
        city: 'London',
        region: null,
        postalCode: 'sw1a  1aa',
        phone: '020 7946 0958',
      }),
      phone: '+442079460958',
      postal: 'SW1A 1AA',
    },
    {
      country: 'DE',
      input: usAddress({
        country: 'DE',
        city: 'Berlin',
        postalCode: '10115',
        phone: '030 901820',
      }),
      phone: '+4930901820',
      postal: '10115',
    },
    {
      country: 'FR',
      input: usAddress({
        country: 'FR',
        city: 'Paris',
        postalCode: '75008',
        phone: '01 42 68 53 00',
      }),
      phone: '+33142685300',
      postal: '75008',
    },
    {
      country: 'NL',
      input: usAddress({
        country: 'NL',
        city: 'Amsterdam',
        postalCode: '1054 hw',
        phone: '+31 20 555 0199',
      }),
      phone: '+31205550199',
      postal: '1054 HW',
    },
    {
      country: 'AU',
      input: usAddress({
        country: 'AU',
        city: 'Sydney',
        region: 'NSW',
        postalCode: '2000',
        phone: '02 9374 4000',
      }),
      phone: '+61293744000',
      postal: '2000',
    },
  ];

  it.each(accepted)(
    'stores a valid $country address in E.164 with a tidy postal code',
    async (c) => {
      const saved = await addOk(c.input);
      expect(saved).toMatchObject({ country: c.country, phone: c.phone, postalCode: c.postal });
      expect((await book()).map((a) => a._id)).toEqual([saved._id]);
    },
  );

  const refused: { why: string; input: Record<string, unknown>; path: string }[] = [
    {
      why: 'a US ZIP code of 4 digits',
      input: usAddress({ postalCode: '1234' }),
      path: 'postalCode',
    },
    {
      why: 'a Canadian postal code in the US format',
      input: usAddress({ country: 'CA', postalCode: '10118', phone: '613-555-0199' }),
      path: 'postalCode',
    },
    {
      why: 'a British postcode that is not one',
      input: usAddress({ country: 'GB', postalCode: 'ZZZ', phone: '020 7946 0958' }),
      path: 'postalCode',
    },
    {
      why: 'a Dutch postcode without its letters',
      input: usAddress({ country: 'NL', postalCode: '1054', phone: '+31 20 555 0199' }),
      path: 'postalCode',
    },
    {
      why: 'a missing postal code where the country has them',
      input: usAddress({ postalCode: '' }),
      path: 'postalCode',
    },
    { why: 'a phone number too short', input: usAddress({ phone: '555' }), path: 'phone' },
    { why: 'a phone number of letters', input: usAddress({ phone: 'call me' }), path: 'phone' },
    {
      why: 'a German number for a US address without its country code',
      input: usAddress({ phone: '030 901820' }),
      path: 'phone',
    },
    {
      why: 'a country that is not ISO 3166-1',
      input: usAddress({ country: 'XX' }),
      path: 'country',
    },
    {
      why: 'a country name instead of its code',
      input: usAddress({ country: 'USA' }),
      path: 'country',
    },
    { why: 'a missing name', input: usAddress({ name: '  ' }), path: 'name' },
    { why: 'a missing street', input: { ...usAddress(), line1: undefined }, path: 'line1' },
    { why: 'a missing city', input: { ...usAddress(), city: undefined }, path: 'city' },
    { why: 'a missing phone', input: { ...usAddress(), phone: undefined }, path: 'phone' },
  ];

  it.each(refused)('refuses $why with a detail at body.address.$path', async ({ input, path }) => {
    const res = await add(input);
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details?.map((d) => d.path)).toContain(`body.address.${path}`);
    expect(await book()).toEqual([]);
  });

  it('accepts an address without a postal code where the country has none to check', async () => {
    const saved = await addOk(
      usAddress({ country: 'HK', city: 'Hong Kong', postalCode: '', phone: '2123 4567' }),
    );
    expect(saved).toMatchObject({ country: 'HK', postalCode: '', phone: '+85221234567' });
  });

  it('names every invalid field of a form at once', async () => {
    const res = await add({
      name: '',
      line1: '',
      city: '',
      country: 'GB',
      postalCode: 'nope',
      phone: '1',
    });
    const paths = res.json<ErrorBody>().details?.map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.address.name',
        'body.address.line1',
        'body.address.city',
        'body.address.phone',
        'body.address.postalCode',
      ]),
    );
  });

  it('keeps one default: the first address, then whichever is made the default', async () => {
    const home = await addOk(usAddress({ line1: '1 Home Street' }));
    const work = await addOk(usAddress({ line1: '2 Work Street' }));
    expect(home.isDefault).toBe(true);
    expect(work.isDefault).toBe(false);

    const res = await injectAs(ctx, 'PUT', `${BOOK}/${work._id}`, rider.auth, {
      address: usAddress({ line1: '2 Work Street', line2: '' }),
      isDefault: true,
    });
    expect(res.json<{ data: Address }>().data).toMatchObject({ isDefault: true, line2: null });
    const listed = await book();
    expect(listed.map((a) => [a.line1, a.isDefault])).toEqual([
      ['2 Work Street', true],
      ['1 Home Street', false],
    ]);

    // Deleting the default hands it to the oldest address left.
    expect((await injectAs(ctx, 'DELETE', `${BOOK}/${work._id}`, rider.auth)).statusCode).toBe(200);
    expect((await book()).map((a) => [a.line1, a.isDefault])).toEqual([['1 Home Street', true]]);
  });

  it(`holds at most ${String(MAX_ADDRESSES)} addresses`, async () => {
    for (let i = 0; i < MAX_ADDRESSES; i += 1)
      await addOk(usAddress({ line1: `${String(i)} Elm St` }));
    const full = await add(usAddress({ line1: 'One too many' }));
    expect(full.statusCode).toBe(409);
    expect(full.json<ErrorBody>().code).toBe('ADDRESS_BOOK_FULL');
    expect(await book()).toHaveLength(MAX_ADDRESSES);
  });

  it(`holds at most ${String(MAX_ADDRESSES)} under concurrent adds`, async () => {
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => add(usAddress({ line1: `${String(i)} Oak St` }))),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_ADDRESSES);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect((await book()).filter((a) => a.isDefault)).toHaveLength(1);
  });

  it("keeps another customer's addresses out of reach (404) and out of sight", async () => {
    const mine = await addOk(usAddress());
    const other = await createUser(ctx);
    const body = { address: usAddress({ line1: 'Taken over' }) };
    expect((await injectAs(ctx, 'PUT', `${BOOK}/${mine._id}`, other.auth, body)).statusCode).toBe(
      404,
    );
    expect((await injectAs(ctx, 'DELETE', `${BOOK}/${mine._id}`, other.auth)).statusCode).toBe(404);
    expect((await getAs(ctx, BOOK, other.auth)).json<{ data: Address[] }>().data).toEqual([]);
    expect((await book())[0]?.line1).toBe('350 Fifth Avenue');
  });

  it('is for signed-in callers only', async () => {
    expect((await getAs(ctx, BOOK)).statusCode).toBe(401);
    expect(
      (await injectAs(ctx, 'POST', BOOK, undefined, { address: usAddress() })).statusCode,
    ).toBe(401);
  });
});
