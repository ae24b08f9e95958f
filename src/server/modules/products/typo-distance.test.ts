import { describe, expect, it } from 'vitest';
import { forgivesTypos, typoDistance, typosAllowed } from './typo-distance.ts';

describe('typoDistance', () => {
  it.each<[string, string, number]>([
    ['specialized', 'specialized', 0],
    ['specialzed', 'specialized', 1],
    ['mountian', 'mountain', 1],
    ['carbn', 'carbon', 1],
    ['trak', 'trek', 1],
    ['rtek', 'trek', 1],
    ['domane', 'domain', 2],
    ['', 'abc', 3],
    ['café', 'cafe', 1],
    ['canyon', 'trek', 6],
  ])('%s to %s is %i', (a, b, expected) => {
    expect(typoDistance(a, b)).toBe(expected);
    expect(typoDistance(b, a)).toBe(expected);
  });
});

describe('the slips a word may carry', () => {
  it('forgives none under four letters, one up to eight, two from nine', () => {
    expect(typosAllowed('bmx')).toBe(0);
    expect(typosAllowed('trek')).toBe(1);
    expect(typosAllowed('unicycle')).toBe(1);
    expect(typosAllowed('specialzed')).toBe(2);
  });

  it('matches words with other characters literally', () => {
    expect(forgivesTypos('specialzed')).toBe(true);
    expect(forgivesTypos('29er')).toBe(true);
    expect(forgivesTypos('100%')).toBe(false);
    expect(forgivesTypos('a_b_c')).toBe(false);
    expect(forgivesTypos('27.5"')).toBe(false);
  });
});
