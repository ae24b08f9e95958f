import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface WishlistItem {
  _id: string;
  name: string;
  brand: string;
  imageUrl: string | null;
  thumbnailUrl?: string | null;
  price: number;
  inStock: boolean;
  quantity?: number;
}

export interface WishlistState {
  items: WishlistItem[];
}

const initialState: WishlistState = { items: [] };

export const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {
    /** Sent by `addProductToWishlist` once the spec's rule (src/shared/rules/wishlist.ts) allowed it. */
    addToWishlist: (state, action: PayloadAction<WishlistItem>) => {
      state.items.push(action.payload);
    },
    removeFromWishlist: (state, action: PayloadAction<string>) => {
      state.items = state.items.filter((i) => i._id !== action.payload);
    },
  },
  selectors: {
    selectWishlistItems: (state) => state.items,
    selectWishlistCount: (state) => state.items.length,
  },
});

export const { addToWishlist, removeFromWishlist } = wishlistSlice.actions;
export const { selectWishlistItems, selectWishlistCount } = wishlistSlice.selectors;

declare module '#client/lib/hooks.ts' {
  interface AppState {
    wishlist: WishlistState;
  }
}
