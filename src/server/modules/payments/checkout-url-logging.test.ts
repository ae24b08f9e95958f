import { afterEach, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '#server/test/fixtures.ts';
import { pathOf, payWithCard, placeOrderOk } from '#server/test/orders-helpers.ts';
import { createTestContext, type TestContext } from '#server/test/test-app.ts';

/**
 * A checkout URL lets whoever holds it pay or cancel the order, so it stays out of the logs kept
 * at the usual level and shows only when an operator asks for debug logs.
 */
describe('checkout URLs in the logs', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  async function journey(level: 'info' | 'debug') {
    const lines: string[] = [];
    ctx = await createTestContext(
      {},
      {
        logger: {
          level,
          stream: {
            write: (line: string) => {
              lines.push(line);
            },
          },
        },
      },
    );
    const customer = await createUser(ctx);
    const product = await createProduct(ctx, { quantity: 2 });
    const { url } = await placeOrderOk(ctx, customer, product.id, 1);
    await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    await payWithCard(ctx, url);
    const sessionId = url.split('/').pop() ?? '';
    expect(sessionId).toMatch(/^cs_sandbox_/);
    return { lines, sessionId, url };
  }

  it('keeps the checkout session out of info logs, while still logging the requests', async () => {
    const { lines, sessionId } = await journey('info');
    expect(lines.some((l) => l.includes('/api/v1/payments/sandbox/checkout'))).toBe(true);
    expect(lines.filter((l) => l.includes(sessionId))).toEqual([]);
  });

  it('logs the checkout URL at debug', async () => {
    const { lines, url } = await journey('debug');
    const entries = lines.map((l) => JSON.parse(l) as { level: number; checkoutUrl?: string });
    expect(entries.some((e) => e.level === 20 && e.checkoutUrl === url)).toBe(true);
  });
});
