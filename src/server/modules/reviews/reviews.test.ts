import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Envelope, ErrorEnvelope, PagedEnvelope } from '#shared/contract/envelope.ts';
import type { Product } from '#shared/contract/product.ts';
import type {
  AdminReview,
  Review,
  ReviewBody,
  ReviewPageEnvelope,
} from '#shared/contract/review.ts';
import { productSizes, users } from '#server/db/schema.ts';
import { getAs, injectAs } from '#server/test/accounts-helpers.ts';
import { createProduct, createUser, type TestUser } from '#server/test/fixtures.ts';
import { orderAs, placePaidOrder, setStatusAs } from '#server/test/orders-helpers.ts';
import { useTestContext } from '#server/test/test-app.ts';

describe('verified reviews (/products/:id/reviews, /reviews)', () => {
  const ctx = useTestContext();
  let admin: TestUser;
  let rider: TestUser;
  let productId: string;

  beforeEach(async () => {
    await ctx.reset();
    admin = await createUser(ctx, { role: 'admin' });
    rider = await createUser(ctx, { name: 'Rita Rider' });
    const product = await createProduct(ctx, { quantity: 0 });
    productId = product.id;
    await ctx.database.db.insert(productSizes).values(
      [
        { label: 'S', minHeightCm: 150, maxHeightCm: 168 },
        { label: 'M', minHeightCm: 165, maxHeightCm: 180 },
        { label: 'L', minHeightCm: 177, maxHeightCm: 195 },
      ].map((s, position) => ({ ...s, productId, position, quantity: 20 })),
    );
  });

  const review = (overrides: Partial<ReviewBody> = {}): ReviewBody => ({
    orderId: '',
    rating: 5,
    title: 'Great bike',
    body: 'Rides beautifully.',
    fit: 'true',
    ...overrides,
  });

  const post = (user: TestUser | undefined, body: unknown, id = productId) =>
    injectAs(ctx, 'POST', `/api/v1/products/${id}/reviews`, user?.auth, body as object);

  async function completedOrder(user: TestUser, size = 'M'): Promise<string> {
    const orderId = await placePaidOrder(ctx, user, productId, { size });
    expect((await setStatusAs(ctx, admin, orderId, 'Completed')).statusCode).toBe(200);
    return orderId;
  }

  async function listed(query = ''): Promise<ReviewPageEnvelope> {
    const res = await getAs(ctx, `/api/v1/products/${productId}/reviews${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReviewPageEnvelope>();
  }

  async function productRating(): Promise<Product['rating']> {
    const res = await getAs(ctx, `/api/v1/products/${productId}`);
    return res.json<Envelope<Product>>().data.rating;
  }

  it('lets only the buyer of a Completed order of this bicycle review it, once', async () => {
    const other = await createUser(ctx);
    const orderId = await placePaidOrder(ctx, rider, productId, { size: 'M' });

    const notCompleted = await post(rider, review({ orderId }));
    expect(notCompleted.statusCode).toBe(403);
    expect(notCompleted.json<ErrorEnvelope>()).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
      message: 'You can review this bicycle once your order is completed.',
    });
    expect((await setStatusAs(ctx, admin, orderId, 'Completed')).statusCode).toBe(200);

    const notBuyer = await post(other, review({ orderId }));
    expect(notBuyer.statusCode).toBe(403);
    expect(notBuyer.json<ErrorEnvelope>().message).toBe(
      'Only the rider who bought this bicycle can review it.',
    );
    const elsewhere = await createProduct(ctx);
    expect((await post(rider, review({ orderId }), elsewhere.id)).statusCode).toBe(403);
    expect((await post(undefined, review({ orderId }))).statusCode).toBe(401);
    expect((await post(admin, review({ orderId }))).statusCode).toBe(403);
    expect((await post(rider, review({ orderId: crypto.randomUUID() }))).statusCode).toBe(404);
    expect((await listed()).summary.count).toBe(0);

    // The order's number works as well as its id; the size comes from the order.
    const { number } = await orderAs(ctx, rider, orderId);
    const first = await post(rider, review({ orderId: number, riderHeightCm: 174 }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Envelope<Review>>().data).toMatchObject({
      product: productId,
      user: { name: 'Rita Rider' },
      orderNumber: number,
      size: 'M',
      riderHeightCm: 174,
      rating: 5,
      fit: 'true',
      hidden: false,
    });

    const second = await post(rider, review({ orderId, rating: 1 }));
    expect(second.statusCode).toBe(409);
    expect(second.json<ErrorEnvelope>()).toMatchObject({
      code: 'REVIEW_EXISTS',
      message: 'You have already reviewed this order.',
    });
    expect((await listed()).summary).toMatchObject({ count: 1, average: 5 });
    expect(await productRating()).toEqual({ average: 5, count: 1 });
  });

  it('counts one review when the same order is reviewed twice at once', async () => {
    const orderId = await completedOrder(rider);
    const answers = await Promise.all([
      post(rider, review({ orderId, rating: 4 })),
      post(rider, review({ orderId, rating: 2 })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await listed()).summary.count).toBe(1);
    expect((await productRating())?.count).toBe(1);
  });

  it("takes the height from the rider's saved fit when none is typed", async () => {
    await ctx.database.db
      .update(users)
      .set({ riderHeightCm: 181, inseamCm: 84 })
      .where(eq(users.id, rider.id));
    const orderId = await completedOrder(rider, 'L');
    const res = await post(rider, review({ orderId }));
    expect(res.json<Envelope<Review>>().data).toMatchObject({ size: 'L', riderHeightCm: 181 });
  });

  it('leaves hidden reviews out of the shop and its rating, and marks them for the owner', async () => {
    const second = await createUser(ctx);
    await post(rider, review({ orderId: await completedOrder(rider), rating: 5 }));
    ctx.clock.advance(60_000);
    const low = await post(
      second,
      review({ orderId: await completedOrder(second, 'S'), rating: 2, title: 'Spam' }),
    );
    const lowId = low.json<Envelope<Review>>().data._id;
    expect(await productRating()).toEqual({ average: 3.5, count: 2 });

    const patch = (user: TestUser, body: object, id = lowId) =>
      injectAs(ctx, 'PATCH', `/api/v1/reviews/${id}`, user.auth, body);
    expect((await patch(rider, { hidden: true, reason: 'no' })).statusCode).toBe(403);
    const noReason = await patch(admin, { hidden: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<ErrorEnvelope>().details?.map((d) => d.path)).toEqual(['body.reason']);
    expect(
      (await patch(admin, { hidden: true, reason: 'x' }, crypto.randomUUID())).statusCode,
    ).toBe(404);

    const hidden = await patch(admin, { hidden: true, reason: 'Advertising' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json<Envelope<Review>>().data.hidden).toBe(true);
    // A replay changes nothing more.
    expect((await patch(admin, { hidden: true, reason: 'Advertising' })).statusCode).toBe(200);

    const page = await listed();
    expect(page.data.map((r) => r.title)).toEqual(['Great bike']);
    expect(page.summary).toMatchObject({ count: 1, average: 5 });
    expect(await productRating()).toEqual({ average: 5, count: 1 });
    const shop = await getAs(ctx, '/api/v1/products');
    expect(
      shop.json<PagedEnvelope<Product>>().data.find((p) => p._id === productId)?.rating,
    ).toEqual({ average: 5, count: 1 });

    const owner = await injectAs(ctx, 'GET', '/api/v1/reviews', admin.auth);
    expect(owner.statusCode).toBe(200);
    const all = owner.json<PagedEnvelope<AdminReview>>().data;
    expect(all.map((r) => [r.title, r.hidden, r.hiddenReason])).toEqual([
      ['Spam', true, 'Advertising'],
      ['Great bike', false, null],
    ]);
    expect((await injectAs(ctx, 'GET', '/api/v1/reviews', rider.auth)).statusCode).toBe(403);

    expect((await patch(admin, { hidden: false })).statusCode).toBe(200);
    expect(await productRating()).toEqual({ average: 3.5, count: 2 });
  });

  it('sums up exactly the visible rows: average, distribution, fit and each size', async () => {
    const plan: { size: string; rating: number; fit: 'small' | 'true' | 'large'; h?: number }[] = [
      { size: 'S', rating: 4, fit: 'large', h: 160 },
      { size: 'M', rating: 5, fit: 'true', h: 172 },
      { size: 'M', rating: 3, fit: 'true', h: 176 },
      { size: 'M', rating: 4, fit: 'small' },
      { size: 'L', rating: 1, fit: 'small', h: 190 },
    ];
    for (const [i, p] of plan.entries()) {
      const buyer = await createUser(ctx);
      const res = await post(
        buyer,
        review({
          orderId: await completedOrder(buyer, p.size),
          rating: p.rating,
          fit: p.fit,
          title: `Review ${String(i)}`,
          ...(p.h === undefined ? {} : { riderHeightCm: p.h }),
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      ctx.clock.advance(60_000);
    }
    const { data: rows, summary, meta } = await listed('?limit=100');
    expect(meta.total).toBe(rows.length);
    expect(summary.count).toBe(rows.length);
    const sum = rows.reduce((n, r) => n + r.rating, 0);
    expect(summary.average).toBe(Math.round((sum / rows.length) * 10) / 10);
    for (const star of [1, 2, 3, 4, 5] as const)
      expect(summary.distribution[String(star) as '1']).toBe(
        rows.filter((r) => r.rating === star).length,
      );
    for (const fit of ['small', 'true', 'large'] as const)
      expect(summary.fit[fit]).toBe(rows.filter((r) => r.fit === fit).length);
    expect(summary.bySize.map((s) => s.size)).toEqual(['S', 'M', 'L']);
    for (const s of summary.bySize) {
      const mine = rows.filter((r) => r.size === s.size);
      const heights = mine.flatMap((r) => (r.riderHeightCm === null ? [] : [r.riderHeightCm]));
      expect(s.count).toBe(mine.length);
      expect(s.fit.true).toBe(mine.filter((r) => r.fit === 'true').length);
      expect(s.riderHeightCm).toEqual({ min: Math.min(...heights), max: Math.max(...heights) });
    }

    const byRating = await listed('?sort=-rating&limit=2');
    expect(byRating.data.map((r) => r.rating)).toEqual([5, 4]);
    expect(byRating.meta).toMatchObject({ total: 5, totalPages: 3 });
    const lowest = await listed('?sort=rating&limit=1');
    expect(lowest.data.map((r) => r.rating)).toEqual([1]);
    const sizeM = await listed('?size=M');
    expect(sizeM.data.every((r) => r.size === 'M')).toBe(true);
    expect(sizeM.meta.total).toBe(3);
    // The summary stays that of every review, whatever the filter.
    expect(sizeM.summary.count).toBe(5);
    const newest = await listed();
    expect(newest.data[0]?.title).toBe('Review 4');
  });

  it('answers malformed input with the error envelope', async () => {
    const orderId = await completedOrder(rider);
    const cases: [unknown, string][] = [
      [review({ orderId, rating: 0 }), 'body.rating'],
      [review({ orderId, rating: 6 }), 'body.rating'],
      [review({ orderId, rating: 2.5 }), 'body.rating'],
      [{ ...review({ orderId }), rating: '5' }, 'body.rating'],
      [review({ orderId, title: 'x'.repeat(121) }), 'body.title'],
      [review({ orderId, title: '   ' }), 'body.title'],
      [review({ orderId, body: 'x'.repeat(4001) }), 'body.body'],
      [{ ...review({ orderId }), fit: 'tight' }, 'body.fit'],
      [review({ orderId, riderHeightCm: 500 }), 'body.riderHeightCm'],
      [{ rating: 5, title: 't', body: 'b', fit: 'true' }, 'body.orderId'],
    ];
    for (const [body, path] of cases) {
      const res = await post(rider, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = res.json<ErrorEnvelope>();
      expect(error.success).toBe(false);
      expect(error.details?.map((d) => d.path)).toContain(path);
    }
    const garbled = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/products/${productId}/reviews`,
      headers: { ...rider.auth, 'content-type': 'application/json' },
      payload: '{"rating":',
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json<ErrorEnvelope>().success).toBe(false);
    expect((await post(rider, review({ orderId: 'not-an-order' }))).statusCode).toBe(404);
    expect((await post(rider, review({ orderId }), 'nope')).statusCode).toBe(400);
    expect((await getAs(ctx, `/api/v1/products/${productId}/reviews?sort=best`)).statusCode).toBe(
      400,
    );
    expect((await getAs(ctx, `/api/v1/products/${crypto.randomUUID()}/reviews`)).statusCode).toBe(
      404,
    );
    expect((await listed()).summary.count).toBe(0);
  });

  it('keeps text as typed: markup is data, not HTML', async () => {
    const orderId = await completedOrder(rider);
    const res = await post(rider, review({ orderId, body: '<script>alert(1)</script> & more' }));
    expect(res.json<Envelope<Review>>().data.body).toBe('<script>alert(1)</script> & more');
  });
});
