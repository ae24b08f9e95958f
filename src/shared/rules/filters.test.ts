import { describe, expect, it } from 'vitest';
import {
  filtersToQuery,
  initialShopFilters,
  matchesFilters,
  matchesQuery,
  priceSliderMax,
  stockClassOf,
  stockClassRange,
  toggleChoice,
  type ShopFilters,
} from './filters.ts';

const bike = { name: 'Marlin 7 Gen 3', category: 'Mountain Bike', price: 899.99, quantity: 7 };

describe('stock classes', () => {
  it('are exclusive: 0 out of stock, 1 to 4 low stock, 5 or more in stock', () => {
    expect([0, 1, 4, 5, 60].map(stockClassOf)).toEqual([
      'outOfStock',
      'lowStock',
      'lowStock',
      'inStock',
      'inStock',
    ]);
  });

  it('have quantity ranges that agree with the classes', () => {
    for (let quantity = 0; quantity <= 20; quantity += 1) {
      const range = stockClassRange(stockClassOf(quantity));
      expect(quantity).toBeGreaterThanOrEqual(range.min);
      if (range.max !== undefined) expect(quantity).toBeLessThanOrEqual(range.max);
      for (const other of ['outOfStock', 'lowStock', 'inStock'] as const) {
        if (other === stockClassOf(quantity)) continue;
        const r = stockClassRange(other);
        expect(quantity >= r.min && (r.max === undefined || quantity <= r.max)).toBe(false);
      }
    }
  });
});

describe('matchesQuery', () => {
  it('matches the name as a case-insensitive substring, ignoring surrounding spaces', () => {
    expect(matchesQuery(bike, { searchTerm: 'marlin' })).toBe(true);
    expect(matchesQuery(bike, { searchTerm: 'GEN 3' })).toBe(true);
    expect(matchesQuery(bike, { searchTerm: '  7 g  ' })).toBe(true);
    expect(matchesQuery(bike, { searchTerm: 'marlin 8' })).toBe(false);
    expect(matchesQuery(bike, { searchTerm: '   ' })).toBe(true);
    // Wildcards mean nothing: "%" is just a character.
    expect(matchesQuery(bike, { searchTerm: 'mar%' })).toBe(false);
  });

  it('requires the exact category', () => {
    expect(matchesQuery(bike, { category: 'Mountain Bike' })).toBe(true);
    expect(matchesQuery(bike, { category: 'Road Bicycle' })).toBe(false);
  });

  it('applies price bounds inclusively, each on its own', () => {
    expect(matchesQuery(bike, { minPrice: 899.99 })).toBe(true);
    expect(matchesQuery(bike, { minPrice: 900 })).toBe(false);
    expect(matchesQuery(bike, { maxPrice: 899.99 })).toBe(true);
    expect(matchesQuery(bike, { maxPrice: 899.98 })).toBe(false);
    expect(matchesQuery(bike, { minPrice: 899.99, maxPrice: 899.99 })).toBe(true);
  });

  it('applies the stock class', () => {
    expect(matchesQuery(bike, { stock: 'inStock' })).toBe(true);
    expect(matchesQuery({ ...bike, quantity: 4 }, { stock: 'inStock' })).toBe(false);
    expect(matchesQuery({ ...bike, quantity: 4 }, { stock: 'lowStock' })).toBe(true);
    expect(matchesQuery({ ...bike, quantity: 0 }, { stock: 'outOfStock' })).toBe(true);
  });

  it('needs every filter to match', () => {
    expect(
      matchesQuery(bike, {
        searchTerm: 'marlin',
        category: 'Mountain Bike',
        minPrice: 800,
        stock: 'inStock',
      }),
    ).toBe(true);
    expect(
      matchesQuery(bike, {
        searchTerm: 'marlin',
        category: 'Mountain Bike',
        minPrice: 900,
        stock: 'inStock',
      }),
    ).toBe(false);
  });
});

describe('shop filters', () => {
  const state = (over: Partial<ShopFilters>): ShopFilters => ({ ...initialShopFilters, ...over });

  it('ignore the price range while the price filter is off', () => {
    const filters = state({ priceRange: [0, 10] });
    expect(filtersToQuery(filters)).toEqual({});
    expect(matchesFilters(bike, filters)).toBe(true);
    expect(matchesFilters(bike, state({ priceRange: [0, 10], isPriceFilter: true }))).toBe(false);
  });

  it('send only what is set, with the term trimmed', () => {
    expect(
      filtersToQuery(
        state({
          searchTerm: ' marlin ',
          selectedCategory: 'Mountain Bike',
          isPriceFilter: true,
          selectedStock: 'lowStock',
        }),
      ),
    ).toEqual({
      searchTerm: 'marlin',
      category: 'Mountain Bike',
      minPrice: 200,
      maxPrice: 300,
      stock: 'lowStock',
    });
  });

  it('toggle a choice off when chosen again', () => {
    expect(toggleChoice(null, 'inStock')).toBe('inStock');
    expect(toggleChoice('inStock', 'inStock')).toBeNull();
    expect(toggleChoice('inStock', 'lowStock')).toBe('lowStock');
  });

  it('size the price slider to 500 or the highest price rounded up to 100', () => {
    expect(priceSliderMax(120)).toBe(500);
    expect(priceSliderMax(4899)).toBe(4900);
    expect(priceSliderMax(5000)).toBe(5000);
  });
});
