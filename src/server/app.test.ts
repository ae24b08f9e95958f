import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '#shared/contract/envelope.ts';
import { filePart, photo } from './test/catalog-images.ts';
import { productForm, sendForm, postProduct } from './test/catalog-multipart.ts';
import { createUser, TEST_PASSWORD, type TestUser } from './test/fixtures.ts';
import { createTestContext, type TestContext, withTestContext } from './test/test-app.ts';

function expectEnvelope(res: LightMyRequestResponse, status: number, code: string): void {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
  const body = errorEnvelopeSchema.parse(res.json());
  expect(body.code).toBe(code);
}

describe('body limits', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin' });
    customer = await createUser(ctx);
  });
  afterAll(() => ctx.close());

  const signIn = (payload: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('refuses 20 KiB of JSON on sign-in with 413 and the envelope', async () => {
    const res = await signIn(
      JSON.stringify({ email: customer.email, password: 'x'.repeat(20 * 1024) }),
    );
    expectEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(res.json()).toMatchObject({ message: 'The request is too large.' });
  });

  it('still reads a JSON body just under 16 KiB', async () => {
    const padding = 'x'.repeat(16 * 1024 - 200);
    const res = await signIn(
      JSON.stringify({ email: customer.email, password: TEST_PASSWORD, padding }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses 1 MiB of nested brackets with 413 before parsing it', async () => {
    const res = await signIn('['.repeat(1024 * 1024));
    expectEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
    // The same brackets under the limit are parsed, and refused as invalid JSON.
    expectEnvelope(await signIn('['.repeat(8 * 1024)), 400, 'BAD_REQUEST');
  });

  it('holds text bodies and JSON bodies on other routes to the same limit', async () => {
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'x'.repeat(20 * 1024),
    });
    expectEnvelope(text, 413, 'PAYLOAD_TOO_LARGE');
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/orders/order/create',
      headers: { ...customer.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ product: 'x', quantity: 1, note: 'x'.repeat(20 * 1024) }),
    });
    expectEnvelope(order, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses a multipart body on a JSON route with 415, without reading it', async () => {
    const res = await sendForm(
      ctx,
      'POST',
      '/api/v1/auth/login',
      {},
      { email: customer.email, password: TEST_PASSWORD },
      [filePart(Buffer.alloc(64 * 1024, 1), 'big.bin', 'application/octet-stream', 'padding')],
    );
    expectEnvelope(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('accepts a 4 MiB image on the multipart routes (products and profile)', async () => {
    const image = await photo('png', 1800, 1100);
    expect(image.length).toBeGreaterThan(4 * 1024 * 1024);
    const created = await postProduct(ctx, admin.auth, productForm(), [
      filePart(image, 'big.png', 'image/png'),
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const updated = await sendForm(
      ctx,
      'PATCH',
      '/api/v1/users/update',
      customer.auth,
      { name: 'Big Avatar' },
      [filePart(image, 'me.png', 'image/png', 'avatar')],
    );
    expect(updated.statusCode, updated.body).toBe(200);
  });
});

describe('client addresses behind a proxy', () => {
  const attempts = (ctx: TestContext, email: string, forwardedFor: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email, password: 'wrong-password' },
    });

  async function statuses(ctx: TestContext, forwardedFor: string, n: number): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < n; i += 1)
      out.push((await attempts(ctx, 'nobody@example.com', forwardedFor)).statusCode);
    return out;
  }

  it('with TRUST_PROXY=1, limits sign-ins per forwarded address', async () => {
    await withTestContext({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_MAX: '2' }, async (ctx) => {
      expect(await statuses(ctx, '203.0.113.7', 3)).toEqual([401, 401, 429]);
      expect(await statuses(ctx, '198.51.100.20', 2)).toEqual([401, 401]);
      // A client cannot pick its address: only the hop the proxy appended counts.
      expect(await statuses(ctx, '198.51.100.99, 203.0.113.7', 1)).toEqual([429]);
    });
  });

  it('with TRUST_PROXY listing the proxy, believes the address that proxy forwarded', async () => {
    // app.inject connects from 127.0.0.1.
    await withTestContext({ TRUST_PROXY: '127.0.0.1', AUTH_RATE_LIMIT_MAX: '2' }, async (ctx) => {
      expect(await statuses(ctx, '203.0.113.7', 3)).toEqual([401, 401, 429]);
      expect(await statuses(ctx, '198.51.100.20', 1)).toEqual([401]);
    });
  });

  it('with TRUST_PROXY listing other addresses, ignores X-Forwarded-For from anyone else', async () => {
    await withTestContext({ TRUST_PROXY: '10.0.0.0/8', AUTH_RATE_LIMIT_MAX: '2' }, async (ctx) => {
      expect(await statuses(ctx, '203.0.113.7', 2)).toEqual([401, 401]);
      expect(await statuses(ctx, '198.51.100.20', 1)).toEqual([429]);
    });
  });

  it('without TRUST_PROXY, ignores X-Forwarded-For: every caller is the connecting address', async () => {
    await withTestContext({ AUTH_RATE_LIMIT_MAX: '2' }, async (ctx) => {
      expect(await statuses(ctx, '203.0.113.7', 2)).toEqual([401, 401]);
      expect(await statuses(ctx, '198.51.100.20', 1)).toEqual([429]);
    });
  });
});
