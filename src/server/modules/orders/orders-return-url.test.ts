import { describe, expect, it } from 'vitest';
import { createProduct, useFreshUser } from '#server/test/fixtures.ts';
import * as orderSteps from '#server/test/orders-helpers.ts';
import { useTestContext } from '#server/test/test-app.ts';

const OTHER_SHOP = 'https://shop.partner.example';

describe('where the payment page sends the shopper back', () => {
  const ctx = useTestContext({
    APP_URL: 'http://store.test',
    STOREFRONT_URL: 'https://www.store.example/shop',
    CORS_ORIGINS: `${OTHER_SHOP},https://admin.store.example`,
  });
  const customer = useFreshUser(ctx);

  async function orderWith(returnUrl: string) {
    const product = await createProduct(ctx, { quantity: 5 });
    const res = await orderSteps.placeOrder(ctx, customer, product.id, 1, { returnUrl });
    return { res, product };
  }

  it('defaults to the store front’s payment page, for a payment and a cancel alike', async () => {
    const product = await createProduct(ctx, { quantity: 5 });
    const paid = await orderSteps.placeOrderOk(ctx, customer, product.id, 1);
    expect((await orderSteps.payWithCard(ctx, paid.url)).headers.location).toBe(
      `https://www.store.example/shop/payment-success?order_id=${paid.orderId}`,
    );
    const cancelled = await orderSteps.placeOrderOk(ctx, customer, product.id, 1);
    const cancel = await orderSteps.submitSandbox(ctx, cancelled.url, { action: 'cancel' });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(
      `https://www.store.example/shop/payment-success?order_id=${cancelled.orderId}`,
    );
  });

  it('sends the shopper back to the return page an allowed origin named', async () => {
    const { res } = await orderWith(`${OTHER_SHOP}/checkout/done?from=cart#top`);
    expect(res.statusCode).toBe(201);
    const url = res.json<{ data: string }>().data;
    const [order] = await orderSteps.listOrdersAs(ctx, customer);
    const orderId = order?._id ?? '';
    // Browsers hold the redirect after the form's POST to the page's form-action.
    const form = await ctx.app.inject({ method: 'GET', url: orderSteps.pathOf(url) });
    expect(form.headers['content-security-policy']).toContain(`form-action 'self' ${OTHER_SHOP};`);

    const paid = await orderSteps.payWithCard(ctx, url);
    expect(paid.statusCode).toBe(303);
    const location = new URL(paid.headers.location ?? '');
    expect(location.origin).toBe(OTHER_SHOP);
    expect(location.pathname).toBe('/checkout/done');
    expect(location.searchParams.get('from')).toBe('cart');
    expect(location.searchParams.getAll('order_id')).toEqual([orderId]);

    // Once paid, the page links back to the same place, and a replayed POST goes there too.
    const page = await ctx.app.inject({ method: 'GET', url: orderSteps.pathOf(url) });
    expect(page.body).toContain(`href="${OTHER_SHOP}/checkout/done?from=cart&#38;order_id=`);
    expect((await orderSteps.payWithCard(ctx, url)).headers.location).toBe(paid.headers.location);
  });

  it('accepts the store’s own origins', async () => {
    for (const returnUrl of [
      'http://store.test/payment-success',
      'https://www.store.example/elsewhere/thanks',
    ]) {
      const { res } = await orderWith(returnUrl);
      expect(res.statusCode).toBe(201);
      const paid = await orderSteps.payWithCard(ctx, res.json<{ data: string }>().data);
      expect(paid.headers.location?.startsWith(`${returnUrl}?order_id=`)).toBe(true);
    }
  });

  it.each([
    ['another origin', 'https://evil.example/payment-success'],
    ['a look-alike host', `${OTHER_SHOP}.evil.example/payment-success`],
    ['another port', 'https://shop.partner.example:8443/payment-success'],
    ['another scheme', 'http://shop.partner.example/payment-success'],
    ['credentials in the address', 'https://user@shop.partner.example/payment-success'],
    ['a javascript: URL', 'javascript:alert(document.cookie)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', '/payment-success'],
    ['a scheme-relative address', '//evil.example/payment-success'],
  ])('refuses %s with 400 and writes nothing', async (_name, returnUrl) => {
    const { res, product } = await orderWith(returnUrl);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      details: [{ path: 'body.returnUrl' }],
    });
    expect(await orderSteps.stockOf(ctx, product.id)).toBe(5);
    expect(await orderSteps.listOrdersAs(ctx, customer)).toEqual([]);
  });
});
