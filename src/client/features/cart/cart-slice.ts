import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  addToCart,
  isLine,
  type CartItem,
  type CartLineKey,
  type CartProduct,
} from '#shared/rules/cart.ts';

export interface CartState {
  showCartDrawer: boolean;
  cartItems: CartItem[];
}

const initialState: CartState = { showCartDrawer: false, cartItems: [] };

/**
 * Holds the cart's lines. The thunks in cart-actions.ts evaluate the spec's rules
 * (src/shared/rules/cart.ts) once and hand the resulting lines to `cartLinesChanged`; a refused
 * change hands back the lines as they were.
 */
export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    cartLinesChanged: (state, action: PayloadAction<CartItem[]>) => {
      state.cartItems = action.payload;
    },
    /** One unit of a one-size product, or of `size`; for callers that need no toast (tests). */
    addItem: (state, action: PayloadAction<CartProduct & { size?: string | null }>) => {
      const { size = null, ...product } = action.payload;
      state.cartItems = addToCart(state.cartItems, product, size).items;
    },
    /** A product id removes every line of that product; a line key removes that line. */
    removeItem: (state, action: PayloadAction<string | CartLineKey>) => {
      const target = action.payload;
      state.cartItems = state.cartItems.filter((i) =>
        typeof target === 'string' ? i._id !== target : !isLine(i, target),
      );
    },
    clearCart: (state) => {
      state.cartItems = [];
    },
    toggleCartDrawer: (state) => {
      state.showCartDrawer = !state.showCartDrawer;
    },
    setCartDrawer: (state, action: PayloadAction<boolean>) => {
      state.showCartDrawer = action.payload;
    },
  },
  selectors: {
    selectCartItems: (state) => state.cartItems,
    selectShowCartDrawer: (state) => state.showCartDrawer,
    /** The header badge counts cart lines. */
    selectCartLineCount: (state) => state.cartItems.length,
  },
});

export const { cartLinesChanged, addItem, removeItem, clearCart, toggleCartDrawer, setCartDrawer } =
  cartSlice.actions;
export const { selectCartItems, selectShowCartDrawer, selectCartLineCount } = cartSlice.selectors;
