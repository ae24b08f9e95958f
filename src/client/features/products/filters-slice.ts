import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Category, StockClass } from '#shared/contract/product.ts';
import {
  initialShopFilters,
  toggleChoice,
  toggleValue,
  type FacetSelection,
  type FitFilter,
  type ListFacet,
  type ShopFilters,
} from '#shared/rules/filters.ts';

/** One value of one facet; the value's type follows the facet's. */
export type FacetValue = {
  [F in ListFacet]: { facet: F; value: FacetSelection[F][number] };
}[ListFacet];

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
    /** The slider sets both ends. */
    setPriceRange: (state, action: PayloadAction<[number, number]>) => {
      state.priceRange = action.payload;
      state.openPriceEnd = null;
    },
    setPriceFilter: (state, action: PayloadAction<boolean>) => {
      state.isPriceFilter = action.payload;
      state.openPriceEnd = null;
    },
    /**
     * A typed bound: a number filters on it (the filter comes on with the other end open if it
     * was off), a blank leaves that end open, and with both ends open the filter is off. A bound
     * past the other end moves the other end with it.
     */
    setPriceBound: (state, action: PayloadAction<{ end: 'min' | 'max'; value: number | null }>) => {
      const { end, value } = action.payload;
      const other = end === 'min' ? 'max' : 'min';
      if (value === null) {
        if (!state.isPriceFilter) return;
        if (state.openPriceEnd === other) {
          state.isPriceFilter = false;
          state.openPriceEnd = null;
        } else state.openPriceEnd = end;
        return;
      }
      const open = state.isPriceFilter ? state.openPriceEnd : other;
      state.isPriceFilter = true;
      state.openPriceEnd = open === end ? null : open;
      const [min, max] = state.priceRange;
      state.priceRange =
        end === 'min' ? [value, Math.max(value, max)] : [Math.min(value, min), value];
    },
    /** Clicking the active stock class clears it. */
    chooseStock: (state, action: PayloadAction<StockClass>) => {
      state.selectedStock = toggleChoice(state.selectedStock, action.payload);
    },
    /** A facet takes several values: picking one adds it, picking it again takes it out. */
    toggleFacetValue: (state, action: PayloadAction<FacetValue>) => {
      const { facet, value } = action.payload;
      const selected: FacetSelection = { ...state.selected };
      // Each branch keeps the facet's own value type.
      switch (facet) {
        case 'size':
          selected.size = toggleValue(selected.size, value);
          break;
        case 'wheelSize':
          selected.wheelSize = toggleValue(selected.wheelSize, value);
          break;
        case 'frameMaterial':
          selected.frameMaterial = toggleValue(selected.frameMaterial, value);
          break;
        case 'brakes':
          selected.brakes = toggleValue(selected.brakes, value);
          break;
        case 'suspension':
          selected.suspension = toggleValue(selected.suspension, value);
          break;
      }
      state.selected = selected;
    },
    /** "Fits me": the rider's measurements, or null to show every bicycle again. */
    setFit: (state, action: PayloadAction<FitFilter | null>) => {
      state.fit = action.payload;
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
  setPriceBound,
  chooseStock,
  toggleFacetValue,
  setFit,
  resetFilters,
} = filtersSlice.actions;
export const { selectFilters } = filtersSlice.selectors;
