import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  addToCart,
  decrementItem,
  incrementItem,
  type CartItem,
  type CartProduct,
} from '#shared/rules/cart.ts';

export interface CartState {
  showCartDrawer: boolean;
  cartItems: CartItem[];
}

const initialState: CartState = { showCartDrawer: false, cartItems: [] };

/** Applies the spec's cart rules (src/shared/rules/cart.ts); refused changes leave the cart as it was. */
export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    addItem: (state, action: PayloadAction<CartProduct>) => {
      state.cartItems = addToCart(state.cartItems, action.payload).items;
    },
    increment: (state, action: PayloadAction<string>) => {
      state.cartItems = incrementItem(state.cartItems, action.payload).items;
    },
    decrement: (state, action: PayloadAction<string>) => {
      state.cartItems = decrementItem(state.cartItems, action.payload).items;
    },
    removeItem: (state, action: PayloadAction<string>) => {
      state.cartItems = state.cartItems.filter((i) => i._id !== action.payload);
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

export const {
  addItem,
  increment,
  decrement,
  removeItem,
  clearCart,
  toggleCartDrawer,
  setCartDrawer,
} = cartSlice.actions;
export const { selectCartItems, selectShowCartDrawer, selectCartLineCount } = cartSlice.selectors;
