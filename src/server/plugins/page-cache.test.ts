import { describe, expect, it } from 'vitest';
import { PAGE_CACHE_LIMITS, PageCache } from './page-cache.ts';

const page = (bytes: number) => ({ status: 200, html: 'x'.repeat(bytes) });

describe('the page cache', () => {
  it('holds at most its byte budget, whatever the number and size of pages', () => {
    const cache = new PageCache({ entries: 1000, bytes: 10_000, pageBytes: 4_000 });
    for (let i = 0; i < 500; i += 1) {
      cache.set(`/shop?searchTerm=${String(i)}`, page(1 + ((i * 997) % 4_000)), 1);
      expect(cache.size.bytes).toBeLessThanOrEqual(10_000);
    }
    expect(cache.size.entries).toBeGreaterThan(1);
  });

  it('holds the budget by default: twice as many of the largest pages it keeps as fit', () => {
    const cache = new PageCache();
    const fit = PAGE_CACHE_LIMITS.bytes / PAGE_CACHE_LIMITS.pageBytes;
    expect(fit).toBeLessThan(PAGE_CACHE_LIMITS.entries);
    for (let i = 0; i < 2 * fit; i += 1) {
      cache.set(`/page-${String(i)}`, page(PAGE_CACHE_LIMITS.pageBytes), 1);
    }
    expect(cache.size.bytes).toBeLessThanOrEqual(PAGE_CACHE_LIMITS.bytes);
    expect(cache.size.entries).toBe(fit);
  });

  it('never keeps a page over the per-page cap, and drops an older copy of it', () => {
    const cache = new PageCache({ entries: 10, bytes: 10_000, pageBytes: 1_000 });
    cache.set('/a', page(500), 1);
    expect(cache.get('/a', 1)?.cached).toBe(true);
    cache.set('/a', page(1_001), 1);
    expect(cache.get('/a', 1)).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('drops the least recently used first, and a page of an older catalog version on sight', () => {
    const cache = new PageCache({ entries: 10, bytes: 2_000, pageBytes: 1_000 });
    cache.set('/a', page(1_000), 1);
    cache.set('/b', page(1_000), 1);
    expect(cache.get('/a', 1)).toBeDefined();
    cache.set('/c', page(1_000), 1);
    expect(cache.get('/b', 1)).toBeUndefined();
    expect(cache.get('/a', 1)).toBeDefined();
    expect(cache.get('/c', 2)).toBeUndefined();
    expect(cache.size).toEqual({ entries: 1, bytes: 1_000 });
  });
});
