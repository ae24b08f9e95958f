import { describe, expect, it } from 'vitest';
import {
  compactDollars,
  formatDay,
  formatOrderTime,
  longMonth,
  narrowMonth,
  niceAxisMax,
  shortMonth,
  sizeStockSummary,
} from './format.ts';

describe('dashboard formats', () => {
  it('writes dates the en-GB way with a short month', () => {
    expect(formatDay('2024-01-05T12:00:00.000Z')).toBe('05 Jan 2024');
  });

  it('gives an order a clock time and a date', () => {
    const { time, date } = formatOrderTime('2024-03-09T12:00:00.000Z');
    expect(time).toMatch(/^\d{2}:\d{2} (AM|PM)$/);
    expect(date).toBe('09 Mar 2024');
  });

  it('names months of the revenue chart', () => {
    expect(shortMonth('2024-12')).toBe('Dec');
    expect(narrowMonth('2024-09')).toBe('S');
    expect(longMonth('2025-01')).toBe('January 2025');
  });

  it('rounds the chart axis up to a round figure', () => {
    expect(niceAxisMax(0)).toBe(100);
    expect(niceAxisMax(87)).toBe(100);
    expect(niceAxisMax(1234)).toBe(2000);
    expect(niceAxisMax(2400)).toBe(2500);
    expect(niceAxisMax(4100)).toBe(5000);
    expect(niceAxisMax(5000)).toBe(5000);
  });

  it('shortens axis figures', () => {
    expect(compactDollars(0)).toBe('$0');
    expect(compactDollars(950)).toBe('$950');
    expect(compactDollars(2500)).toBe('$2.5K');
    expect(compactDollars(1_200_000)).toBe('$1.2M');
  });

  it('sums up the stock of a sized bicycle by size, and nothing for one size', () => {
    expect(
      sizeStockSummary([
        { label: 'S', quantity: 2 },
        { label: 'M', quantity: 0 },
        { label: 'L', quantity: 5 },
      ]),
    ).toBe('S 2 · M 0 · L 5');
    expect(sizeStockSummary([])).toBe('');
    expect(sizeStockSummary(undefined)).toBe('');
  });
});
