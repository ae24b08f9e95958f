import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Envelope, ErrorEnvelope, PagedEnvelope } from '#shared/contract/envelope.ts';
import type { Order } from '#shared/contract/order.ts';
import type { Product } from '#shared/contract/product.ts';
import type { ProductSizeInput, ProductSpecs } from '#shared/contract/product-sizing.ts';
import { emailOutbox, productSizes } from '#server/db/schema.ts';
import { productForm, sendForm } from '#server/test/catalog-multipart.ts';
import { createProduct, createUser, type TestUser } from '#server/test/fixtures.ts';
import { cancelAs, listOrdersAs, placeOrder } from '#server/test/orders-helpers.ts';
import { useTestContext } from '#server/test/test-app.ts';

const MOUNTAIN: ProductSizeInput[] = [
  { label: 'S', quantity: 2, minHeightCm: 155, maxHeightCm: 168 },
  { label: 'M', quantity: 3, minHeightCm: 165, maxHeightCm: 180 },
  { label: 'L', quantity: 5, minHeightCm: 177, maxHeightCm: 190 },
];
const SPECS: ProductSpecs = {
  frameMaterial: 'Aluminium',
  wheelSize: '29"',
  gears: 12,
  weightKg: 13.4,
  brakes: 'Hydraulic disc',
  suspension: 'Hardtail',
  travelMm: 100,
};

describe('sizes and specs through the API', () => {
  let admin: TestUser;
  let customer: TestUser;

  const ctx = useTestContext();
  beforeEach(async () => {
    await ctx.reset();
    admin = await createUser(ctx, { role: 'admin' });
    customer = await createUser(ctx);
  });

  const send = (method: 'POST' | 'PUT', url: string, fields: Record<string, string | number>) =>
    sendForm(ctx, method, url, admin.auth, fields);

  async function createSized(
    sizes: ProductSizeInput[] = MOUNTAIN,
    overrides: Record<string, string> = {},
  ): Promise<Product> {
    const res = await send(
      'POST',
      '/api/v1/products',
      productForm({
        sizes: JSON.stringify(sizes),
        specs: JSON.stringify(SPECS),
        quantity: '',
        ...overrides,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Envelope<Product>>().data;
  }

  async function getProduct(id: string): Promise<Product> {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${id}` });
    expect(res.statusCode).toBe(200);
    return res.json<Envelope<Product>>().data;
  }

  describe('writing', () => {
    it('creates a sized product whose stock is the sum of its sizes, with its specs', async () => {
      const created = await createSized();
      expect(created.quantity).toBe(10);
      expect(created.inStock).toBe(true);
      expect(created.sizes).toEqual(MOUNTAIN);
      expect(created.specs).toEqual(SPECS);
      expect(await getProduct(created._id)).toEqual(created);
    });

    it('keeps sizes when the form leaves them out, replaces them when given, drops them with []', async () => {
      const created = await createSized();
      const base = productForm({ quantity: '' });

      const kept = await send('PUT', `/api/v1/products/${created._id}`, base);
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json<Envelope<Product>>().data.sizes).toEqual(MOUNTAIN);
      expect(kept.json<Envelope<Product>>().data.specs).toEqual(SPECS);

      const resized = await send('PUT', `/api/v1/products/${created._id}`, {
        ...base,
        sizes: JSON.stringify([
          { label: 'M', quantity: 1, minHeightCm: 165, maxHeightCm: 180 },
          { label: 'XL', quantity: 4, minHeightCm: 186, maxHeightCm: 200 },
        ]),
        specs: '',
      });
      expect(resized.statusCode, resized.body).toBe(200);
      const after = resized.json<Envelope<Product>>().data;
      expect(after.sizes?.map((s) => `${s.label}:${String(s.quantity)}`)).toEqual(['M:1', 'XL:4']);
      expect(after.quantity).toBe(5);
      expect(after.specs).toEqual({});

      const oneSize = await send('PUT', `/api/v1/products/${created._id}`, {
        ...base,
        quantity: '6',
        sizes: '[]',
      });
      expect(oneSize.statusCode, oneSize.body).toBe(200);
      expect(oneSize.json<Envelope<Product>>().data).toMatchObject({ sizes: [], quantity: 6 });
    });

    it.each<[string, Record<string, string>, string, string]>([
      [
        'sizes that are not JSON',
        { sizes: '[{' },
        'body.sizes',
        'Sizes must be a list written as JSON',
      ],
      [
        'two sizes with one label',
        {
          sizes: JSON.stringify([
            { label: 'M', quantity: 1, minHeightCm: 160, maxHeightCm: 170 },
            { label: 'm', quantity: 1, minHeightCm: 170, maxHeightCm: 180 },
          ]),
        },
        'body.sizes.1.label',
        'Each size needs a label of its own',
      ],
      [
        'heights the wrong way round',
        {
          sizes: JSON.stringify([{ label: 'M', quantity: 1, minHeightCm: 180, maxHeightCm: 170 }]),
        },
        'body.sizes.0.maxHeightCm',
        'Tallest rider height must not be below the smallest',
      ],
      [
        'a frame material not on the list',
        { specs: JSON.stringify({ frameMaterial: 'Bamboo' }) },
        'body.specs.frameMaterial',
        'Choose a frame material from the list',
      ],
      [
        'a weight with two decimals',
        { specs: JSON.stringify({ weightKg: 12.25 }) },
        'body.specs.weightKg',
        'Weight can have at most 1 decimal',
      ],
      [
        'a one-size product without a quantity',
        { quantity: '' },
        'body.quantity',
        'Quantity is required',
      ],
    ])('refuses %s with 400 naming the field', async (_name, fields, path, message) => {
      const res = await send('POST', '/api/v1/products', productForm(fields));
      expect(res.statusCode).toBe(400);
      const body = res.json<ErrorEnvelope>();
      expect(body.details).toContainEqual({ path, message });
    });

    it('changes the ETag when one size sells, so a stale edit answers 412', async () => {
      const created = await createSized();
      const before = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/products/${created._id}`,
      });
      const etag = String(before.headers.etag);
      expect((await placeOrder(ctx, customer, created._id, 1, { size: 'L' })).statusCode).toBe(201);
      const stale = await sendForm(
        ctx,
        'PUT',
        `/api/v1/products/${created._id}`,
        { ...admin.auth, 'if-match': etag },
        productForm({ quantity: '' }),
      );
      expect(stale.statusCode).toBe(412);
      expect((await getProduct(created._id)).sizes?.find((s) => s.label === 'L')?.quantity).toBe(4);
    });
  });

  describe('ordering a size', () => {
    it('asks for a size on a sized product and refuses one on a one-size product', async () => {
      const sized = await createSized();
      const twoSizes = await createSized(MOUNTAIN.slice(1));
      const oneSize = await createProduct(ctx, { quantity: 4 });
      const cases: [string, Record<string, unknown>, string][] = [
        [sized._id, {}, 'Choose a size'],
        [twoSizes._id, {}, 'Choose a size'],
        [sized._id, { size: 'XXL' }, 'This bicycle does not come in that size'],
        [oneSize.id, { size: 'M' }, 'This bicycle comes in one size.'],
      ];
      for (const [product, extra, message] of cases) {
        const res = await placeOrder(ctx, customer, product, 1, extra);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json<ErrorEnvelope>()).toMatchObject({
          message,
          details: [{ path: 'body.size', message }],
        });
      }
      expect((await getProduct(sized._id)).quantity).toBe(10);
    });

    it('sells the only size of a bicycle with one when the order names none, and refuses what is left', async () => {
      // A kids' bicycle: its one size is a wheel size, unknown to a client that never heard of sizes.
      const kids = await createSized([
        { label: '16"', quantity: 2, minHeightCm: 100, maxHeightCm: 120 },
      ]);
      const res = await placeOrder(ctx, customer, kids._id, 2);
      expect(res.statusCode, res.body).toBe(201);
      const [order] = await listOrdersAs(ctx, customer);
      expect(order).toMatchObject({ size: '16"', quantity: 2 });
      expect((await getProduct(kids._id)).sizes).toMatchObject([{ label: '16"', quantity: 0 }]);

      // Another rider: the first buyer's own unpaid order would be offered to finish instead.
      const short = await placeOrder(ctx, await createUser(ctx), kids._id, 1);
      expect(short.statusCode, short.body).toBe(409);
      expect(short.json<ErrorEnvelope>()).toMatchObject({
        code: 'OUT_OF_STOCK',
        message: 'Not enough stock for this bicycle.',
      });

      const cancelled = await cancelAs(ctx, customer, (order as Order)._id);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await getProduct(kids._id)).sizes).toMatchObject([{ label: '16"', quantity: 2 }]);
      const named = await placeOrder(ctx, customer, kids._id, 1, { size: '16"' });
      expect(named.statusCode, named.body).toBe(201);
    });

    it('sells exactly the 3 frames of a one-size-label bicycle to 60 concurrent buyers naming no size', async () => {
      const kids = await createSized([
        { label: '20"', quantity: 3, minHeightCm: 115, maxHeightCm: 135 },
      ]);
      const buyers = await Promise.all(Array.from({ length: 6 }, () => createUser(ctx)));
      const responses = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          placeOrder(ctx, buyers[i % buyers.length] as TestUser, kids._id, 1),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(57);
      expect((await getProduct(kids._id)).sizes?.map((s) => s.quantity)).toEqual([0]);
    });

    it('sells exactly the 3 M frames to 200 concurrent buyers and leaves L alone', async () => {
      const sized = await createSized();
      const buyers = await Promise.all(Array.from({ length: 8 }, () => createUser(ctx)));
      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          placeOrder(ctx, buyers[i % buyers.length] as TestUser, sized._id, 1, { size: 'M' }),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(197);
      // A buyer who got a frame is told to pay for it first; the others, that the size sold out.
      const refusals = new Set(
        responses
          .filter((r) => r.statusCode === 409)
          .map((r) => r.json<ErrorEnvelope>().message.replace(/\(BC-\d+\)/, '(BC-…)')),
      );
      expect(refusals).toContain('This size is sold out');
      for (const message of refusals) {
        expect([
          'This size is sold out',
          'You already have an unpaid order for this bicycle (BC-…). Pay it with "Pay now", or cancel it, before ordering it again.',
        ]).toContain(message);
      }
      const after = await getProduct(sized._id);
      expect(after.sizes?.map((s) => s.quantity)).toEqual([2, 0, 5]);
      expect(after.quantity).toBe(7);
    });

    it('shows the size on the order and gives the units back to that size on cancel', async () => {
      const sized = await createSized();
      const res = await placeOrder(ctx, customer, sized._id, 2, { size: 'L' });
      expect(res.statusCode, res.body).toBe(201);
      const [order] = await listOrdersAs(ctx, customer);
      expect(order).toMatchObject({ size: 'L', quantity: 2 });
      expect((await getProduct(sized._id)).quantity).toBe(8);
      const cancelled = await cancelAs(ctx, customer, (order as Order)._id);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const [mail] = await ctx.database.db.select().from(emailOutbox);
      expect(mail?.payload).toMatchObject({ size: 'L', quantity: 2 });
      const after = await getProduct(sized._id);
      expect(after.sizes?.find((s) => s.label === 'L')?.quantity).toBe(5);
      expect(after.quantity).toBe(10);
    });
  });

  describe('back-in-stock alerts for one size', () => {
    it('takes an alert for a sold-out size and mails it when that size comes back', async () => {
      const sized = await createSized([
        { label: 'S', quantity: 0, minHeightCm: 155, maxHeightCm: 168 },
        { label: 'M', quantity: 2, minHeightCm: 165, maxHeightCm: 180 },
      ]);
      // The signed-in rider's own address: active without a confirmation.
      const alert = (size: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/v1/products/${sized._id}/stock-alerts`,
          headers: customer.auth,
          payload: { email: customer.email, size },
        });
      expect((await alert('M')).json<ErrorEnvelope>().message).toBe(
        'This size is in stock: you can order it now.',
      );
      expect((await alert('S')).statusCode).toBe(200);
      const waiting = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/dashboard/stock-alerts',
        headers: admin.auth,
      });
      expect(waiting.json()).toMatchObject({
        data: [{ productId: sized._id, size: 'S', waiting: 1 }],
      });
      await ctx.database.db
        .update(productSizes)
        .set({ quantity: 1 })
        .where(eq(productSizes.productId, sized._id));
      const mails = await ctx.database.db.select().from(emailOutbox);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: customer.email, kind: 'stock-alert' });
      expect(mails[0]?.payload).toMatchObject({ size: 'S' });
    });
  });

  describe("the rider's measurements", () => {
    const putFit = (user: TestUser, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: '/api/v1/users/me/fit', headers: user.auth, payload });

    it('remembers them on the account and forgets them with nulls', async () => {
      const saved = await putFit(customer, { riderHeightCm: 178, inseamCm: 82 });
      expect(saved.statusCode, saved.body).toBe(200);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: customer.auth,
      });
      expect(me.json()).toMatchObject({ data: { riderHeightCm: 178, inseamCm: 82 } });
      const cleared = await putFit(customer, { riderHeightCm: null, inseamCm: null });
      expect(cleared.json()).toMatchObject({ data: { riderHeightCm: null, inseamCm: null } });
    });

    it.each<[Record<string, unknown>, string, string]>([
      [{ riderHeightCm: 40 }, 'body.riderHeightCm', 'Height must be at least 80 cm'],
      [
        { riderHeightCm: 175.5 },
        'body.riderHeightCm',
        'Height must be a whole number of centimetres',
      ],
      [{ riderHeightCm: null, inseamCm: 80 }, 'body.riderHeightCm', 'Enter your height as well'],
      [{ riderHeightCm: 175, inseamCm: 'long' }, 'body.inseamCm', 'Inseam must be a number'],
    ])('refuses %o', async (payload, path, message) => {
      const res = await putFit(customer, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorEnvelope>().details).toContainEqual({ path, message });
    });

    it('asks anonymous callers to sign in', async () => {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/users/me/fit',
        payload: { riderHeightCm: 170 },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  it('lists sizes and specs on every product of a page', async () => {
    await createSized();
    await createProduct(ctx, { quantity: 3 });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/products' });
    const page = res.json<PagedEnvelope<Product>>();
    expect(page.data.map((p) => p.sizes?.length).sort()).toEqual([0, 3]);
    expect(page.data.every((p) => p.specs !== undefined)).toBe(true);
  });
});
