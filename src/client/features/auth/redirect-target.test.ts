import { describe, expect, it } from 'vitest';
import { redirectQuery, redirectTarget, storePath } from './redirect-target.ts';

describe('where signing in leads', () => {
  it('goes back to the page named in the router state, with its query', () => {
    expect(redirectTarget({ from: { pathname: '/orders', search: '?page=2', hash: '' } })).toBe(
      '/orders?page=2',
    );
  });

  it('goes back to the page named in the redirect query (the cart, the checkout page)', () => {
    const checkout = '/checkout?product=trek-marlin-7&size=M&quantity=1';
    expect(redirectTarget(null, `?${new URLSearchParams({ redirect: checkout }).toString()}`)).toBe(
      checkout,
    );
    expect(redirectTarget(undefined, '?redirect=%2Fcart')).toBe('/cart');
  });

  it.each([
    'https://evil.example/steal',
    '//evil.example/steal',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'checkout',
    '/sign-in',
    '/sign-up?redirect=%2Fcart',
    '',
  ])('refuses a target that is not a page of this store: %j', (target) => {
    expect(storePath(target)).toBeNull();
    expect(redirectTarget(null, `?${new URLSearchParams({ redirect: target }).toString()}`)).toBe(
      '/',
    );
  });

  it('goes home without a target, and carries none on', () => {
    expect(redirectTarget(null, '')).toBe('/');
    expect(redirectQuery('/')).toBe('');
    expect(redirectQuery('/cart')).toBe('?redirect=%2Fcart');
  });
});
