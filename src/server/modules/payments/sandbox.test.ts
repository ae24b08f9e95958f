import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productSizes, sandboxSessions } from '#server/db/schema.ts';
import { createProduct, useFreshUser } from '#server/test/fixtures.ts';
import {
  DECLINED_CARD,
  futureExpiry,
  orderAs,
  orderRow,
  pathOf,
  payWithCard,
  placeOrder,
  placeOrderOk,
  stateOf,
  stockOf,
  submitSandbox,
  verifyOk,
} from '#server/test/orders-helpers.ts';
import { useTestContext } from '#server/test/test-app.ts';

describe('sandbox payment provider', () => {
  const ctx = useTestContext();
  const customer = useFreshUser(ctx);

  it('takes a shopper from order to a paid order through the hosted page', async () => {
    const product = await createProduct(ctx, {
      name: 'Trail <Blazer> & Co',
      price: 450.5,
      quantity: 5,
    });
    const { url, orderId } = await placeOrderOk(ctx, customer, product.id, 2);
    expect(url).toMatch(/^http:\/\/store\.test\/api\/v1\/payments\/sandbox\/checkout\/cs_sandbox_/);

    const page = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Bi-Cycle Store');
    expect(page.body).toContain('Trail &#60;Blazer&#62; &#38; Co');
    expect(page.body).not.toContain('<Blazer>');
    expect(page.body).toContain('Quantity: 2');
    expect(page.body).toContain('$901.00');
    expect(page.body).toMatch(/name="cardNumber"/);
    expect(page.body).toMatch(/name="expiry"/);
    expect(page.body).toMatch(/name="cvc"/);
    expect(page.body).toMatch(/value="pay">Pay</);
    expect(page.body).toMatch(/value="cancel">Cancel</);
    expect(page.body).not.toMatch(/<script|src="http|href="http/);

    const paid = await payWithCard(ctx, url);
    expect(paid.statusCode).toBe(303);
    const location = paid.headers.location ?? '';
    expect(location).toBe(`http://store.test/payment-success?order_id=${orderId}`);

    const returnedId = new URL(location).searchParams.get('order_id') ?? '';
    const verification = await verifyOk(ctx, customer, returnedId);
    expect(verification).toMatchObject({
      order_id: orderId,
      bank_status: 'Success',
      amount: 901,
      currency: 'USD',
      method: 'card',
    });
    expect(verification.transaction_id).not.toBe('');

    const order = await orderAs(ctx, customer, orderId);
    expect(order).toMatchObject({ status: 'Pending', paymentStatus: 'Paid', totalPrice: 901 });
    expect(order.transaction).toMatchObject({
      bank_status: 'Success',
      id: verification.transaction_id,
    });
    expect(await stockOf(ctx, product.id)).toBe(3);
    expect((await orderRow(ctx, orderId)).paidAt).not.toBeNull();
  });

  it('shows the size being paid for, and no size for a one-size bicycle', async () => {
    const sized = await createProduct(ctx, { quantity: 0 });
    await ctx.database.db.insert(productSizes).values([
      {
        productId: sized.id,
        label: 'S',
        position: 0,
        quantity: 2,
        minHeightCm: 155,
        maxHeightCm: 170,
      },
      {
        productId: sized.id,
        label: 'L',
        position: 1,
        quantity: 3,
        minHeightCm: 178,
        maxHeightCm: 195,
      },
    ]);
    const placed = await placeOrder(ctx, customer, sized.id, 1, { size: 'L' });
    expect(placed.statusCode, placed.body).toBe(201);
    const sizedPage = await ctx.app.inject({
      method: 'GET',
      url: pathOf(placed.json<{ data: string }>().data),
    });
    expect(sizedPage.body).toContain('<p>Size: L</p>');
    expect(sizedPage.body).not.toContain('Size: S');

    const oneSize = await createProduct(ctx, { quantity: 2 });
    const { url } = await placeOrderOk(ctx, customer, oneSize.id);
    const oneSizePage = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    expect(oneSizePage.body).toContain('Quantity: 1');
    expect(oneSizePage.body).not.toContain('Size:');
  });

  it('declines the test decline card on the page itself: the order stays payable, its stock held', async () => {
    const product = await createProduct(ctx, { quantity: 4 });
    const { url, orderId } = await placeOrderOk(ctx, customer, product.id, 3);
    expect(await stockOf(ctx, product.id)).toBe(1);

    const res = await payWithCard(ctx, url, DECLINED_CARD);
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain('Your card was declined. Try another card.');

    expect((await verifyOk(ctx, customer, orderId)).bank_status).toBe('Pending');
    expect(await stateOf(ctx, customer, orderId)).toBe('Pending / Pending');
    expect(await stockOf(ctx, product.id)).toBe(1);
    // The same page then takes another card.
    expect((await payWithCard(ctx, url)).statusCode).toBe(303);
    expect(await stateOf(ctx, customer, orderId)).toBe('Pending / Paid');
  });

  it('records Cancel from the Cancel button and keeps the order payable, its stock held', async () => {
    const product = await createProduct(ctx, { quantity: 2 });
    const { url, orderId } = await placeOrderOk(ctx, customer, product.id, 1);

    const res = await submitSandbox(ctx, url, {
      cardNumber: '',
      expiry: '',
      cvc: '',
      action: 'cancel',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://store.test/payment-success?order_id=${orderId}`);

    expect((await verifyOk(ctx, customer, orderId)).bank_status).toBe('Cancel');
    expect(await stateOf(ctx, customer, orderId)).toBe('Pending / Pending');
    expect((await orderAs(ctx, customer, orderId)).payableUntil).not.toBeNull();
    expect(await stockOf(ctx, product.id)).toBe(1);
  });

  it.each([
    [
      'a number failing the Luhn check',
      { cardNumber: '4242 4242 4242 4241' },
      'Enter a valid card number.',
    ],
    ['a missing expiry', { expiry: '' }, 'Enter the expiry date as MM/YY.'],
    ['a past expiry', { expiry: 'past' }, 'This card has expired.'],
    ['a two digit CVC', { cvc: '12' }, 'Enter the 3 or 4 digit security code (CVC).'],
    ['a five digit CVC', { cvc: '12345' }, 'Enter the 3 or 4 digit security code (CVC).'],
  ])('re-shows the page for %s and records nothing', async (_label, change, message) => {
    const product = await createProduct(ctx, { quantity: 2 });
    const { url, orderId } = await placeOrderOk(ctx, customer, product.id, 1);
    const now = ctx.clock.now();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const past = `${String(lastMonth.getUTCMonth() + 1).padStart(2, '0')}/${String(lastMonth.getUTCFullYear() % 100).padStart(2, '0')}`;
    const form = {
      cardNumber: '4242424242424242',
      expiry: futureExpiry(ctx),
      cvc: '123',
      action: 'pay',
      ...change,
    };
    if (form.expiry === 'past') form.expiry = past;

    const res = await submitSandbox(ctx, url, form);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(message);
    expect(res.body).toContain('value="pay">Pay<');

    const [session] = await ctx.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.orderId, orderId));
    expect(session?.outcome).toBe('Pending');
    expect((await verifyOk(ctx, customer, orderId)).bank_status).toBe('Pending');
    expect(await stateOf(ctx, customer, orderId)).toBe('Pending / Pending');
  });

  it('accepts any Luhn-valid card, spaces ignored, and a card valid to the end of this month', async () => {
    const product = await createProduct(ctx, { quantity: 2 });
    const { url, orderId } = await placeOrderOk(ctx, customer, product.id, 1);
    const now = ctx.clock.now();
    const thisMonth = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCFullYear() % 100).padStart(2, '0')}`;
    const res = await submitSandbox(ctx, url, {
      cardNumber: ' 5555 5555 5555 4444 ',
      expiry: thisMonth,
      cvc: '1234',
      action: 'pay',
    });
    expect(res.statusCode).toBe(303);
    expect((await verifyOk(ctx, customer, orderId)).bank_status).toBe('Success');
  });

  it('changes nothing once an outcome is recorded, and redirects the same way', async () => {
    const product = await createProduct(ctx, { quantity: 2 });
    const { url, orderId } = await placeOrderOk(ctx, customer, product.id, 1);
    expect((await payWithCard(ctx, url)).statusCode).toBe(303);

    const again = await payWithCard(ctx, url, DECLINED_CARD);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`http://store.test/payment-success?order_id=${orderId}`);
    const cancel = await submitSandbox(ctx, url, { action: 'cancel' });
    expect(cancel.statusCode).toBe(303);

    expect((await verifyOk(ctx, customer, orderId)).bank_status).toBe('Success');
    expect(await orderAs(ctx, customer, orderId)).toMatchObject({
      paymentStatus: 'Paid',
      status: 'Pending',
    });
    expect(await stockOf(ctx, product.id)).toBe(1);

    const page = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('already complete');
    expect(page.body).not.toContain('name="cardNumber"');
  });

  it('moves the order when the shopper pays but never comes back to verify', async () => {
    const product = await createProduct(ctx, { quantity: 2 });
    const { url, orderId } = await placeOrderOk(ctx, customer, product.id, 1);
    await payWithCard(ctx, url);
    expect(await orderRow(ctx, orderId)).toMatchObject({
      paymentStatus: 'Paid',
      bankStatus: 'Success',
    });
  });

  it('answers an unknown session with a 404 page', async () => {
    const get = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/payments/sandbox/checkout/cs_sandbox_nope',
    });
    expect(get.statusCode).toBe(404);
    expect(get.headers['content-type']).toContain('text/html');
    expect(get.body).toContain('does not exist');
    const post = await submitSandbox(
      ctx,
      'http://x/api/v1/payments/sandbox/checkout/cs_sandbox_nope',
      { action: 'pay' },
    );
    expect(post.statusCode).toBe(404);
  });

  it('refuses an oversized form body', async () => {
    const product = await createProduct(ctx, { quantity: 2 });
    const { url } = await placeOrderOk(ctx, customer, product.id, 1);
    const res = await submitSandbox(ctx, url, { cardNumber: '4'.repeat(10_000), action: 'pay' });
    expect(res.statusCode).toBe(413);
  });

  it('lists the checkout page in the API document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json<{ paths: object }>().paths)).toContain(
      '/api/v1/payments/sandbox/checkout/{sessionId}',
    );
  });
});
