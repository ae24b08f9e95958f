import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartTotal,
  decrementItem,
  incrementItem,
  lineTotal,
  lineId,
  lineLimits,
  type CartItem,
  type CartLineKey,
  type CartProduct,
} from './cart.ts';

function product(overrides: Partial<CartProduct> = {}): CartProduct {
  return {
    _id: 'p1',
    name: 'Allez Sport',
    brand: 'Specialized',
    price: 1299,
    quantity: 2,
    imageUrl: null,
    ...overrides,
  };
}

function line(buyingQuantity: number, overrides: Partial<CartProduct> = {}): CartItem {
  const { sizes: _sizes, ...fields } = product(overrides);
  return { ...fields, thumbnailUrl: null, size: null, buyingQuantity };
}

const P1: CartLineKey = { id: 'p1', size: null };

describe('cart rules (spec sections 4 and 5)', () => {
  it('adds a product that is in stock and not in the cart as a new line with buyingQuantity 1', () => {
    const change = addToCart([], product());
    expect(change.outcome).toBe('added');
    expect(change.items).toEqual([line(1)]);
  });

  it('refuses to add a product whose quantity is 0 or less', () => {
    expect(addToCart([], product({ quantity: 0 }))).toEqual({ items: [], outcome: 'outOfStock' });
    expect(addToCart([], product({ quantity: -1 })).outcome).toBe('outOfStock');
  });

  it('adds one more unit of a product already in the cart while below its stock', () => {
    const change = addToCart([line(1)], product());
    expect(change.outcome).toBe('incremented');
    expect(change.items[0]?.buyingQuantity).toBe(2);
  });

  it('refuses to add a product already in the cart at its stock', () => {
    const change = addToCart([line(2)], product());
    expect(change.outcome).toBe('noMoreStock');
    expect(change.items[0]?.buyingQuantity).toBe(2);
  });

  it.each([
    ['incrementing', 1, 'incremented', 2, incrementItem],
    ['incrementing', 2, 'noMoreStock', 2, incrementItem],
    ['decrementing', 2, 'decremented', 1, decrementItem],
    ['decrementing', 1, 'atMinimum', 1, decrementItem],
  ])('%s a line of %i (stock 2) gives %s at %i', (_label, from, outcome, to, step) => {
    expect(step([line(from)], P1)).toMatchObject({ outcome, items: [{ buyingQuantity: to }] });
  });

  it('leaves other lines untouched', () => {
    const other = line(3, { _id: 'p2', quantity: 9 });
    expect(incrementItem([line(1), other], P1).items[1]).toEqual(other);
    expect(decrementItem([line(2), other], P1).items[1]).toEqual(other);
  });

  it('totals lines and the cart in cents, without binary rounding noise', () => {
    expect(lineTotal({ price: 0.1, buyingQuantity: 3 })).toBe(0.3);
    expect(
      cartTotal([
        { price: 289.5, buyingQuantity: 2 },
        { price: 0.1, buyingQuantity: 2 },
      ]),
    ).toBe(579.2);
    expect(cartTotal([])).toBe(0);
  });

  it('keeps carts saved before sizes working: a line without size is the one-size line', () => {
    const { size: _size, ...saved } = line(1);
    expect(incrementItem([saved], P1)).toMatchObject({ outcome: 'incremented' });
    expect(addToCart([saved], product()).outcome).toBe('incremented');
  });

  it('dims the quantity control at 1 and at the line stock', () => {
    expect(lineLimits(line(1))).toEqual({ atMin: true, atMax: false });
    expect(lineLimits(line(2))).toEqual({ atMin: false, atMax: true });
  });
});

describe('cart rules per size', () => {
  const sized = product({
    quantity: 3,
    sizes: [
      { label: 'S', quantity: 0 },
      { label: 'M', quantity: 2 },
      { label: 'L', quantity: 1 },
    ],
  });
  const M: CartLineKey = { id: 'p1', size: 'M' };
  const L: CartLineKey = { id: 'p1', size: 'L' };

  it('asks for a size before adding a sized product', () => {
    expect(addToCart([], sized)).toEqual({ items: [], outcome: 'sizeRequired' });
  });

  it('adds a size as its own line, limited by that size stock', () => {
    const first = addToCart([], sized, 'M');
    expect(first.outcome).toBe('added');
    expect(first.items).toEqual([
      expect.objectContaining({ _id: 'p1', size: 'M', quantity: 2, buyingQuantity: 1 }),
    ]);
    const second = addToCart(first.items, sized, 'L');
    expect(second.outcome).toBe('added');
    expect(second.items.map((i) => lineId({ id: i._id, size: i.size ?? null }))).toEqual([
      'p1:M',
      'p1:L',
    ]);
    expect(addToCart(second.items, sized, 'L').outcome).toBe('noMoreStock');
    expect(addToCart(second.items, sized, 'M').outcome).toBe('incremented');
  });

  it('refuses a sold-out or unknown size as out of stock', () => {
    expect(addToCart([], sized, 'S').outcome).toBe('outOfStock');
    expect(addToCart([], sized, 'XXL').outcome).toBe('outOfStock');
  });

  it('steps one line without touching the other size of the same product', () => {
    const items = addToCart(addToCart([], sized, 'M').items, sized, 'L').items;
    const up = incrementItem(items, M);
    expect(up.outcome).toBe('incremented');
    expect(up.items.map((i) => i.buyingQuantity)).toEqual([2, 1]);
    expect(incrementItem(items, L).outcome).toBe('noMoreStock');
    expect(decrementItem(up.items, M).items.map((i) => i.buyingQuantity)).toEqual([1, 1]);
  });

  it('gives a product with a single size that size when none was chosen', () => {
    const kids = product({ quantity: 2, sizes: [{ label: '16"', quantity: 2 }] });
    const change = addToCart([], kids);
    expect(change.outcome).toBe('added');
    expect(change.items).toEqual([
      expect.objectContaining({ _id: 'p1', size: '16"', quantity: 2, buyingQuantity: 1 }),
    ]);
    expect(addToCart(change.items, kids, '16"').outcome).toBe('incremented');
  });

  it('ignores a size given for a one-size product', () => {
    expect(addToCart([], product(), 'M').items[0]?.size).toBeNull();
  });
});
