import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isLine, lineLimits, type CartItem, type CartLineKey } from '#shared/rules/cart.ts';

export interface CartState {
  showCartDrawer: boolean;
  cartItems: CartItem[];
}

const initialState: CartState = { showCartDrawer: false, cartItems: [] };

/** A line that is gone is at both limits. */
const noLine = { buyingQuantity: 0, quantity: 0 };

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
    /** A line's quantity can go down: the minus button dims when it cannot. */
    selectCanDecrease: (state, key: CartLineKey) =>
      !lineLimits(state.cartItems.find((i) => isLine(i, key)) ?? noLine).atMin,
    /** A line's quantity can go up within its stock: the plus button dims when it cannot. */
    selectCanIncrease: (state, key: CartLineKey) =>
      !lineLimits(state.cartItems.find((i) => isLine(i, key)) ?? noLine).atMax,
  },
});

export const { cartLinesChanged, removeItem, clearCart, toggleCartDrawer, setCartDrawer } =
  cartSlice.actions;
export const {
  selectCartItems,
  selectShowCartDrawer,
  selectCartLineCount,
  selectCanDecrease,
  selectCanIncrease,
} = cartSlice.selectors;

declare module '#client/lib/hooks.ts' {
  interface AppState {
    cart: CartState;
  }
}
