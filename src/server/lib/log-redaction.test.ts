import { describe, expect, it } from 'vitest';
import { redactSecretsInText, redactUrl } from './log-redaction.ts';

describe('URLs in the logs', () => {
  it.each([
    ['/reset-password?token=abc', '/reset-password?token=[redacted]'],
    [
      '/api/v1/stock-alerts/unsubscribe?token=abc&size=M',
      '/api/v1/stock-alerts/unsubscribe?token=[redacted]&size=M',
    ],
    ['/alerts/confirm?confirm=abc', '/alerts/confirm?confirm=[redacted]'],
    ['/x?unsubscribe=abc', '/x?unsubscribe=[redacted]'],
    ['/x?code=abc&state=1', '/x?code=[redacted]&state=1'],
    ['/x?api_key=abc', '/x?api_key=[redacted]'],
    ['/x?X-Amz-Signature=abc', '/x?X-Amz-Signature=[redacted]'],
    [
      '/orders/return?session_id=cs_1&order_id=7',
      '/orders/return?session_id=[redacted]&order_id=7',
    ],
    ['/x?sessionId=abc', '/x?sessionId=[redacted]'],
    ['/x?refresh_token=abc', '/x?refresh_token=[redacted]'],
    // Names are compared decoded, as the router reads them.
    ['/reset-password?%74oken=abc', '/reset-password?%74oken=[redacted]'],
    ['/reset-password?token', '/reset-password?token=[redacted]'],
  ])('redacts the secret in %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('keeps what grants nothing as the client sent it', () => {
    const url = '/shop?category=Road%20Bicycle&sort=price&page=2&search=a+b';
    expect(redactUrl(url)).toBe(url);
    expect(redactUrl('/api/v1/products/8f1c')).toBe('/api/v1/products/8f1c');
  });

  it('redacts the path segments of secret route parameters (capability URLs)', () => {
    const pattern = '/api/v1/payments/sandbox/checkout/:sessionId';
    expect(redactUrl('/api/v1/payments/sandbox/checkout/cs_sandbox_abc?x=1', pattern)).toBe(
      '/api/v1/payments/sandbox/checkout/[redacted]?x=1',
    );
    expect(redactUrl('/api/v1/products/8f1c', '/api/v1/products/:id')).toBe(
      '/api/v1/products/8f1c',
    );
  });
});

describe('secret parameters anywhere in a log line', () => {
  it('redacts them in messages, stacks and encoded URLs, and nothing else', () => {
    const line = JSON.stringify({
      msg: 'could not render http://store.test/reset-password?token=abc_DEF-123',
      stack: 'Error: at /reset-password?token=abc_DEF-123\n    at render (x.js:1:1)',
      next: '/sign-in?redirect=%2Freset-password%3Ftoken%3Dabc_DEF-123%26a%3D1',
      kept: '/shop?brand=Alpina&sort=price',
    });
    const redacted = redactSecretsInText(line);
    expect(redacted).not.toContain('abc_DEF-123');
    expect(redacted).toContain('reset-password?token=[redacted]');
    expect(redacted).toContain('/shop?brand=Alpina&sort=price');
    expect(JSON.parse(redacted)).toMatchObject({
      stack: expect.stringContaining('\n    at render'),
    });
  });
});
