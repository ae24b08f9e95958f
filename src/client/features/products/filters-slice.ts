import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Category, StockClass } from '#shared/contract/product.ts';
import { initialShopFilters, toggleChoice, type ShopFilters } from '#shared/rules/filters.ts';

/**
 * The spec's filter transitions. The shop's address holds the filters (see use-shop-filters.ts),
 * so no store keeps this slice: the shop applies its reducer to the filters the address names and
 * writes the result back.
 */
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

export type FilterAction = ReturnType<
  (typeof filtersSlice.actions)[keyof typeof filtersSlice.actions]
>;

export function applyFilterAction(filters: ShopFilters, action: FilterAction): ShopFilters {
  return filtersSlice.reducer(filters, action);
}

export const {
  setSearchTerm,
  chooseCategory,
  setPriceRange,
  setPriceFilter,
  chooseStock,
  resetFilters,
} = filtersSlice.actions;
export const { selectFilters } = filtersSlice.selectors;
