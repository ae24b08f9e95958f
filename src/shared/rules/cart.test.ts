import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartTotal,
  decrementItem,
  incrementItem,
  lineTotal,
  type CartItem,
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
  return { ...product(overrides), buyingQuantity };
}

describe('cart rules (spec sections 4 and 5)', () => {
  it('adds a product that is in stock and not in the cart as a new line with buyingQuantity 1', () => {
    const change = addToCart([], product());
    expect(change.outcome).toBe('added');
    expect(change.items).toEqual([{ ...product(), buyingQuantity: 1 }]);
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

  it('increments only while buyingQuantity is below stock', () => {
    expect(incrementItem([line(1)], 'p1')).toMatchObject({
      outcome: 'incremented',
      items: [{ buyingQuantity: 2 }],
    });
    expect(incrementItem([line(2)], 'p1')).toMatchObject({
      outcome: 'noMoreStock',
      items: [{ buyingQuantity: 2 }],
    });
  });

  it('decrements only while buyingQuantity is above 1', () => {
    expect(decrementItem([line(2)], 'p1')).toMatchObject({
      outcome: 'decremented',
      items: [{ buyingQuantity: 1 }],
    });
    expect(decrementItem([line(1)], 'p1')).toMatchObject({
      outcome: 'atMinimum',
      items: [{ buyingQuantity: 1 }],
    });
  });

  it('leaves other lines untouched', () => {
    const other = line(3, { _id: 'p2', quantity: 9 });
    expect(incrementItem([line(1), other], 'p1').items[1]).toEqual(other);
    expect(decrementItem([line(2), other], 'p1').items[1]).toEqual(other);
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
});
