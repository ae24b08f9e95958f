import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.ts';

const answer = (body: string) => ({ body, etag: `"${body}"` });

describe('ResponseCache aliases', () => {
  it('finds an entry under its alias, and counts it once', () => {
    const cache = new ResponseCache();
    cache.set('products:{"limit":5}', answer('page'), cache.currentVersion());
    cache.alias('products?limit=5', 'products:{"limit":5}');
    expect(cache.get('products?limit=5')).toMatchObject(answer('page'));
    expect(cache.size).toBe(1);
  });

  it('never serves a page through an alias after a change', () => {
    const cache = new ResponseCache();
    cache.set('page', answer('old'), cache.currentVersion());
    cache.alias('address', 'page');
    cache.invalidate();
    expect(cache.get('address')).toBeUndefined();
    cache.set('page', answer('new'), cache.currentVersion());
    // The alias went with the change; the address is learned again on its next miss.
    expect(cache.get('address')).toBeUndefined();
    expect(cache.get('page')).toMatchObject(answer('new'));
  });

  it('misses through an alias whose entry was evicted or read before a change', () => {
    const cache = new ResponseCache(1);
    cache.set('first', answer('first'), cache.currentVersion());
    cache.alias('first-address', 'first');
    cache.set('second', answer('second'), cache.currentVersion());
    expect(cache.get('first-address')).toBeUndefined();

    const before = cache.currentVersion();
    cache.invalidate();
    cache.set('late', answer('late'), before);
    cache.alias('late-address', 'late');
    expect(cache.get('late-address')).toBeUndefined();
  });
});
