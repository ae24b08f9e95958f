import { describe, expect, it } from 'vitest';
import {
  productRating,
  sizeAdvice,
  sizeAdviceText,
  summarizeReviews,
  type ReviewGroup,
} from './ratings.ts';

const g = (
  size: string | null,
  rating: number,
  fit: ReviewGroup['fit'],
  n: number,
  h: [number, number] | null = null,
): ReviewGroup => ({
  size,
  rating,
  fit,
  n,
  minHeightCm: h?.[0] ?? null,
  maxHeightCm: h?.[1] ?? null,
});

describe('review summaries', () => {
  it('adds the groups up into one consistent summary, sizes in the product’s order', () => {
    const s = summarizeReviews(
      [
        g('L', 5, 'true', 1, [176, 180]),
        g('M', 4, 'true', 6, [175, 179]),
        g('M', 3, 'small', 1, [177, 177]),
        g(null, 2, 'large', 1),
      ],
      ['S', 'M', 'L'],
    );
    expect(s.count).toBe(9);
    expect(s.average).toBe(Math.round(((5 + 24 + 3 + 2) / 9) * 10) / 10);
    expect(s.distribution).toEqual({ '1': 0, '2': 1, '3': 1, '4': 6, '5': 1 });
    expect(s.fit).toEqual({ small: 1, true: 7, large: 1 });
    expect(s.bySize.map((b) => [b.size, b.count, b.riderHeightCm])).toEqual([
      ['M', 7, { min: 175, max: 179 }],
      ['L', 1, { min: 176, max: 180 }],
      [null, 1, { min: null, max: null }],
    ]);
  });

  it('has no average and no rating without reviews', () => {
    expect(summarizeReviews([], []).average).toBeNull();
    expect(productRating(0, 0)).toBeNull();
    expect(productRating(13, 3)).toEqual({ average: 4.3, count: 3 });
  });

  it('advises from riders near the shopper’s height, once there are three reviews', () => {
    const s = summarizeReviews(
      [
        g('M', 5, 'true', 7, [175, 180]),
        g('L', 4, 'true', 1, [178, 178]),
        g('S', 4, 'large', 2, [150, 158]),
      ],
      ['S', 'M', 'L'],
    );
    const advice = sizeAdvice(s, 177);
    expect(advice && sizeAdviceText(advice)).toBe(
      'Riders 175-180 cm: 7 chose M, 1 chose L; 8 of 8 say true to size',
    );
    expect(sizeAdvice(s, 210)).toBeNull();
    expect(sizeAdvice(summarizeReviews([g('M', 5, 'true', 2, [175, 180])], ['M']), 177)).toBeNull();
  });
});
