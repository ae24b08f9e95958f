import { describe, expect, it } from 'vitest';
import { stockClassOf } from './filters.ts';
import {
  compareSizeLabels,
  findSize,
  hasSizeInStock,
  isSized,
  isSizeInStock,
  orderSizeMessage,
  orderSizeProblem,
  productStock,
  totalSizeQuantity,
} from './sizes.ts';

const sizes = [
  { label: 'S', quantity: 0 },
  { label: 'M', quantity: 3 },
  { label: 'L', quantity: 7 },
];

describe('sized stock', () => {
  it('is the sum of the sizes for a sized product and the quantity otherwise', () => {
    expect(totalSizeQuantity(sizes)).toBe(10);
    expect(productStock({ quantity: 99, sizes })).toBe(10);
    expect(productStock({ quantity: 4, sizes: [] })).toBe(4);
    expect(productStock({ quantity: 4 })).toBe(4);
    expect(productStock({ quantity: 4, sizes: null })).toBe(4);
  });

  it('puts a sized product in the stock class of its sum', () => {
    expect(stockClassOf(productStock({ quantity: 0, sizes }))).toBe('inStock');
    expect(stockClassOf(productStock({ quantity: 0, sizes: sizes.slice(0, 2) }))).toBe('lowStock');
    expect(stockClassOf(productStock({ quantity: 0, sizes: sizes.slice(0, 1) }))).toBe(
      'outOfStock',
    );
  });

  it('tells a sized product from a one-size one', () => {
    expect(isSized(sizes)).toBe(true);
    expect(isSized([])).toBe(false);
    expect(isSized(undefined)).toBe(false);
    expect(isSized(null)).toBe(false);
  });

  it.each<[string, number, boolean]>([
    ['S', 1, false],
    ['M', 1, true],
    ['M', 3, true],
    ['M', 4, false],
    ['L', 7, true],
    ['XL', 1, false],
    ['m', 1, false],
  ])('size %s, %i wanted: in stock %s', (label, wanted, expected) => {
    expect(isSizeInStock(sizes, label, wanted)).toBe(expected);
  });

  it('finds a size by its exact label', () => {
    expect(findSize(sizes, 'L')).toEqual({ label: 'L', quantity: 7 });
    expect(findSize(sizes, 'l')).toBeUndefined();
  });

  it('matches the size filter when any wanted size is in stock', () => {
    expect(hasSizeInStock(sizes, ['S'])).toBe(false);
    expect(hasSizeInStock(sizes, ['S', 'L'])).toBe(true);
    expect(hasSizeInStock(sizes, ['XL'])).toBe(false);
    expect(hasSizeInStock([], ['M'])).toBe(false);
  });
});

describe('the size of an order', () => {
  it.each<[string, { label: string; quantity: number }[], string | undefined, string | null]>([
    ['a sized product without a size', sizes, undefined, 'size-required'],
    [
      'a product with a single size, without a size',
      [{ label: '16"', quantity: 2 }],
      undefined,
      null,
    ],
    ['a sized product with one of its sizes', sizes, 'M', null],
    ['a sold-out size (the reservation checks stock)', sizes, 'S', null],
    ['a size the product does not have', sizes, 'XL', 'unknown-size'],
    ['a one-size product without a size', [], undefined, null],
    ['a one-size product with a size', [], 'M', 'one-size'],
  ])('%s', (_name, list, size, expected) => {
    expect(orderSizeProblem(list, size)).toBe(expected);
  });

  it('reads null as no size', () => {
    expect(orderSizeProblem([], null)).toBeNull();
    expect(orderSizeProblem(sizes, null)).toBe('size-required');
  });

  it('words each problem', () => {
    expect(orderSizeMessage('size-required')).toBe('Choose a size');
    expect(orderSizeMessage('one-size')).toBe('This bicycle comes in one size.');
    expect(orderSizeMessage('unknown-size')).toBe('This bicycle does not come in that size');
  });
});

describe('compareSizeLabels', () => {
  it('orders letters, then measured sizes by unit and number, then the rest', () => {
    const labels = [
      'XL',
      '54 cm',
      'Large frame',
      '16"',
      'S',
      '49 cm',
      'M',
      '20"',
      '12"',
      'XS',
      '2XL',
      'L',
    ];
    expect([...labels].sort(compareSizeLabels)).toEqual([
      'XS',
      'S',
      'M',
      'L',
      'XL',
      '2XL',
      '12"',
      '16"',
      '20"',
      '49 cm',
      '54 cm',
      'Large frame',
    ]);
  });

  it('is a consistent order', () => {
    expect(compareSizeLabels('M', 'M')).toBe(0);
    expect(Math.sign(compareSizeLabels('S', 'M'))).toBe(-Math.sign(compareSizeLabels('M', 'S')));
    expect(compareSizeLabels('m', 'M')).not.toBe(0);
  });
});
