import { describe, expect, it } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { filtersToQuery, type ShopFilters } from '#shared/rules/filters.ts';
import {
  chooseCategory,
  chooseStock,
  filtersSlice,
  resetFilters,
  selectFilters,
  setPriceBound,
  setPriceFilter,
  setPriceRange,
  setFit,
  setSearchTerm,
  toggleFacetValue,
} from './filters-slice.ts';

function setup() {
  const store = configureStore({ reducer: { [filtersSlice.reducerPath]: filtersSlice.reducer } });
  return { store, filters: () => selectFilters(store.getState()) };
}

describe('shop filters', () => {
  it('start empty, with the price range 200 to 300 and the price filter off', () => {
    const { filters } = setup();
    expect(filters()).toEqual({
      searchTerm: '',
      selectedCategory: null,
      priceRange: [200, 300],
      selectedStock: null,
      isPriceFilter: false,
      openPriceEnd: null,
      selected: { size: [], wheelSize: [], frameMaterial: [], brakes: [], suspension: [] },
      fit: null,
    });
    expect(filtersToQuery(filters())).toEqual({});
  });

  it('the search term is set directly and sent trimmed as searchTerm', () => {
    const { store, filters } = setup();
    store.dispatch(setSearchTerm('  Marlin '));
    expect(filters().searchTerm).toBe('  Marlin ');
    expect(filtersToQuery(filters())).toEqual({ searchTerm: 'Marlin' });
  });

  // Category and stock are single choices: one value at a time, the active one toggles off.
  it.each([
    {
      filter: 'category',
      first: chooseCategory('BMX Bike'),
      firstQuery: { category: 'BMX Bike' },
      other: chooseCategory('Road Bicycle'),
      selected: (f: ShopFilters) => f.selectedCategory,
    },
    {
      filter: 'stock',
      first: chooseStock('lowStock'),
      firstQuery: { stock: 'lowStock' },
      other: chooseStock('outOfStock'),
      selected: (f: ShopFilters) => f.selectedStock,
    },
  ])(
    'choosing a $filter selects it; choosing another switches to it; choosing it again clears it',
    ({ first, firstQuery, other, selected }) => {
      const { store, filters } = setup();
      store.dispatch(first);
      expect(filtersToQuery(filters())).toEqual(firstQuery);
      store.dispatch(other);
      expect(selected(filters())).toBe(other.payload);
      store.dispatch(other);
      expect(selected(filters())).toBeNull();
      expect(filtersToQuery(filters())).toEqual({});
    },
  );

  it('choosing the selected category again clears it', () => {
    const { store, filters } = setup();
    store.dispatch(chooseCategory('BMX Bike'));
    store.dispatch(chooseCategory('BMX Bike'));
    expect(filters().selectedCategory).toBeNull();
    expect(filtersToQuery(filters())).toEqual({});
  });

  it('the price range applies only while the price filter is on, inclusive of both ends', () => {
    const { store, filters } = setup();
    store.dispatch(setPriceRange([250, 400]));
    expect(filtersToQuery(filters())).toEqual({});
    store.dispatch(setPriceFilter(true));
    expect(filtersToQuery(filters())).toEqual({ minPrice: 250, maxPrice: 400 });
    store.dispatch(setPriceFilter(false));
    expect(filtersToQuery(filters())).toEqual({});
  });

  it('reset returns to the starting filters', () => {
    const { store, filters } = setup();
    store.dispatch(setSearchTerm('x'));
    store.dispatch(chooseStock('inStock'));
    store.dispatch(resetFilters());
    expect(filtersToQuery(filters())).toEqual({});
  });

  it('a facet takes several values; picking one again takes it out', () => {
    const { store, filters } = setup();
    store.dispatch(toggleFacetValue({ facet: 'size', value: 'M' }));
    store.dispatch(toggleFacetValue({ facet: 'size', value: 'L' }));
    store.dispatch(toggleFacetValue({ facet: 'brakes', value: 'Hydraulic disc' }));
    expect(filtersToQuery(filters())).toEqual({ size: ['M', 'L'], brakes: ['Hydraulic disc'] });
    store.dispatch(toggleFacetValue({ facet: 'size', value: 'M' }));
    expect(filters().selected.size).toEqual(['L']);
  });

  it('"Fits me" sends the rider measurements, and reset forgets the facets and the fit', () => {
    const { store, filters } = setup();
    store.dispatch(setFit({ riderHeightCm: 175, inseamCm: 81 }));
    expect(filtersToQuery(filters())).toEqual({ riderHeightCm: 175, inseamCm: 81 });
    store.dispatch(setFit({ riderHeightCm: 175, inseamCm: null }));
    expect(filtersToQuery(filters())).toEqual({ riderHeightCm: 175 });
    store.dispatch(toggleFacetValue({ facet: 'suspension', value: 'Full' }));
    store.dispatch(resetFilters());
    expect(filtersToQuery(filters())).toEqual({});
  });

  it('a typed bound filters on it alone, a blank opens its end, and both open turn it off', () => {
    const { store, filters } = setup();
    store.dispatch(setPriceBound({ end: 'max', value: 1500 }));
    expect(filtersToQuery(filters())).toEqual({ maxPrice: 1500 });
    store.dispatch(setPriceBound({ end: 'min', value: 400 }));
    expect(filtersToQuery(filters())).toEqual({ minPrice: 400, maxPrice: 1500 });
    // A minimum past the maximum takes the maximum with it.
    store.dispatch(setPriceBound({ end: 'min', value: 2000 }));
    expect(filtersToQuery(filters())).toEqual({ minPrice: 2000, maxPrice: 2000 });
    store.dispatch(setPriceBound({ end: 'max', value: null }));
    expect(filtersToQuery(filters())).toEqual({ minPrice: 2000 });
    store.dispatch(setPriceBound({ end: 'min', value: null }));
    expect(filters().isPriceFilter).toBe(false);
    expect(filtersToQuery(filters())).toEqual({});
    // The slider sets both ends again.
    store.dispatch(setPriceBound({ end: 'min', value: 100 }));
    store.dispatch(setPriceRange([100, 900]));
    expect(filtersToQuery(filters())).toEqual({ minPrice: 100, maxPrice: 900 });
  });
});
