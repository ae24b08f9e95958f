import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsAtLeast,
  centsAtMost,
  formatPrice,
  formatWholeDollars,
  hasAtMostTwoDecimals,
  toCents,
  toDollars,
} from './money.ts';

describe('money', () => {
  it.each([
    [0.1 + 0.2, 30],
    [1049.99, 104999],
    [19.999999999, 2000],
  ])('converts %s dollars to %i whole cents without float noise', (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
  });

  it('converts whole cents to dollars and back without float noise', () => {
    expect(toDollars(104999)).toBe(1049.99);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        (cents) => toCents(toDollars(cents)) === cents,
      ),
    );
  });

  it('accepts at most two decimals', () => {
    for (const ok of [0, 1, 0.1, 0.01, 12.5, 899.99, 1049.99, 0.1 + 0.2])
      expect(hasAtMostTwoDecimals(ok)).toBe(true);
    for (const bad of [0.001, 12.345, 199.995, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(hasAtMostTwoDecimals(bad)).toBe(false);
    }
  });

  it('turns price bounds into cents without widening them', () => {
    expect(centsAtLeast(200)).toBe(20000);
    expect(centsAtMost(300)).toBe(30000);
    // A product at $10.00 is below a $10.005 minimum; at $10.01 it is above.
    expect(centsAtLeast(10.005)).toBe(1001);
    expect(centsAtMost(10.005)).toBe(1000);
    expect(centsAtLeast(0.1 + 0.2)).toBe(30);
    expect(centsAtMost(0.1 + 0.2)).toBe(30);
  });

  it('keeps "price >= min" and "price <= max" the same in dollars and in cents', () => {
    // Bounds in tenths of a cent: whole cents, and values between two cents.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (cents, tenths) => {
          const price = toDollars(cents);
          const bound = tenths / 1000;
          expect(cents >= centsAtLeast(bound)).toBe(price >= bound);
          expect(cents <= centsAtMost(bound)).toBe(price <= bound);
        },
      ),
    );
  });

  it('formats prices as the store shows them', () => {
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatWholeDollars(350000)).toBe('$350,000');
  });

  it('writes dollars exactly as Intl.NumberFormat does, without it', () => {
    const usd2 = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const usd0 = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    const same = (dollars: number) =>
      formatPrice(dollars) === usd2.format(dollars) &&
      formatWholeDollars(dollars) === usd0.format(dollars);
    // Halves, float noise, carries, signs, tiny and huge values.
    for (const dollars of [
      0,
      -0,
      0.5,
      1.5,
      2.5,
      -2.5,
      0.005,
      0.015,
      1.005,
      1.115,
      2.675,
      22.825,
      -27.845,
      0.305,
      999.995,
      999_999.5,
      9_999.999,
      1234.5,
      -1234.567,
      1e-7,
      -0.001,
      123_456_789.125,
      999_999_999_999_999,
      1e15,
      1e21,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ])
      expect([dollars, formatPrice(dollars), formatWholeDollars(dollars)]).toEqual([
        dollars,
        usd2.format(dollars),
        usd0.format(dollars),
      ]);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => same(cents / 100)),
      {
        numRuns: 5_000,
      },
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (mills) => same(mills / 1000)),
      {
        numRuns: 5_000,
      },
    );
    fc.assert(fc.property(fc.double({ min: -1e14, max: 1e14, noNaN: true }), same), {
      numRuns: 5_000,
    });
  });
});
