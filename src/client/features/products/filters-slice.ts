import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Category, StockClass } from '#shared/contract/product.ts';
import { initialShopFilters, toggleChoice } from '#shared/rules/filters.ts';

/** The shop's filters: client state, never persisted. */
export const filtersSlice = createSlice({
  name: 'filters',
  initialState: initialShopFilters,
  reducers: {
    setSearchTerm: (state, action: PayloadAction<string>) => {
      state.searchTerm = action.payload;
    },
    /** Choosing the already selected category clears it. */
    chooseCategory: (state, action: PayloadAction<Category>) => {
      state.selectedCategory = toggleChoice(state.selectedCategory, action.payload);
    },
    setPriceRange: (state, action: PayloadAction<[number, number]>) => {
      state.priceRange = action.payload;
    },
    setPriceFilter: (state, action: PayloadAction<boolean>) => {
      state.isPriceFilter = action.payload;
    },
    /** Clicking the active stock class clears it. */
    chooseStock: (state, action: PayloadAction<StockClass>) => {
      state.selectedStock = toggleChoice(state.selectedStock, action.payload);
    },
    resetFilters: () => initialShopFilters,
  },
  selectors: {
    selectFilters: (state) => state,
  },
});

export const {
  setSearchTerm,
  chooseCategory,
  setPriceRange,
  setPriceFilter,
  chooseStock,
  resetFilters,
} = filtersSlice.actions;
export const { selectFilters } = filtersSlice.selectors;
