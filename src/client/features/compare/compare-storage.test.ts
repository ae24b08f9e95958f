import { describe, expect, it } from 'vitest';
import {
  addToCompare,
  clearCompare,
  COMPARE_KEY,
  parseCompareList,
  readCompareList,
  removeFromCompare,
  replaceInCompare,
  subscribeCompare,
  type CompareItem,
} from './compare-storage.ts';
import { compareRequest } from './compare-slugs.ts';

const item = (slug: string): CompareItem => ({
  slug,
  name: slug.toUpperCase(),
  brand: 'Trek',
  thumbnailUrl: null,
});

describe('the compare list', () => {
  it('keeps up to four bicycles in this browser, each once, and refuses a fifth', () => {
    expect(['a', 'b', 'c', 'd'].map((s) => addToCompare(item(s)))).toEqual([
      'added',
      'added',
      'added',
      'added',
    ]);
    expect(addToCompare(item('b'))).toBe('already');
    expect(addToCompare(item('e'))).toBe('full');
    expect(readCompareList().map((i) => i.slug)).toEqual(['a', 'b', 'c', 'd']);
    expect(JSON.parse(localStorage.getItem(COMPARE_KEY) ?? '[]')).toHaveLength(4);
  });

  it('replaces one in its place, removes one, and clears', () => {
    for (const s of ['a', 'b', 'c']) addToCompare(item(s));
    let calls = 0;
    const stop = subscribeCompare(() => {
      calls += 1;
    });
    replaceInCompare('b', item('x'));
    expect(readCompareList().map((i) => i.slug)).toEqual(['a', 'x', 'c']);
    removeFromCompare('a');
    expect(readCompareList().map((i) => i.slug)).toEqual(['x', 'c']);
    clearCompare();
    expect(readCompareList()).toEqual([]);
    expect(localStorage.getItem(COMPARE_KEY)).toBeNull();
    expect(calls).toBe(3);
    stop();
  });

  it('reads malformed or oversized saved lists safely', () => {
    expect(parseCompareList('not json')).toEqual([]);
    expect(parseCompareList('{"slug":"a"}')).toEqual([]);
    const saved = JSON.stringify([
      item('a'),
      { slug: 3 },
      item('a'),
      item('b'),
      item('c'),
      item('d'),
      item('e'),
    ]);
    expect(parseCompareList(saved).map((i) => i.slug)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('the compare address', () => {
  it('takes the first four distinct slugs and counts the rest', () => {
    expect(compareRequest(new URLSearchParams('bikes=a,b,,a, c ,d,e,f'))).toEqual({
      slugs: ['a', 'b', 'c', 'd'],
      dropped: 2,
    });
    expect(compareRequest(new URLSearchParams(''))).toEqual({ slugs: [], dropped: 0 });
  });
});
