import { describe, expect, it } from 'vitest';
import { createTestContext, useTestContext } from '#server/test/test-app.ts';

describe('GET /api/v1/health', () => {
  const ctx = useTestContext();

  it('answers ok with the database reachable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Server is healthy',
      data: { status: 'ok', database: 'ok' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers 503 in the envelope when the database is gone', async () => {
    const other = await createTestContext();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
    await other.app.close();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json<{ paths: object }>().paths)).toContain('/api/v1/health');
  });
});

describe('errors raised by the router', () => {
  const ctx = useTestContext();

  it('answers an over-long path parameter with the envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${'a'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      success: false,
      message: 'The address is too long.',
      code: 'URI_TOO_LONG',
    });
  });

  it('answers a badly encoded address with the envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/products/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });
});
