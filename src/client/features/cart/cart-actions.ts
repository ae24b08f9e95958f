import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { messages } from '#shared/messages.ts';
import {
  addToCart,
  decrementItem,
  incrementItem,
  type CartOutcome,
  type CartProduct,
} from '#shared/rules/cart.ts';
import type { Notice } from '../../components/ui/notice.ts';
import {
  addItem,
  clearCart,
  decrement,
  increment,
  removeItem,
  type CartState,
} from './cart-slice.ts';

type CartThunk = ThunkAction<Notice | null, { cart: CartState }, unknown, UnknownAction>;

const refusals: Partial<Record<CartOutcome, string>> = {
  outOfStock: messages.cart.outOfStock,
  noMoreStock: messages.cart.noMoreStock,
  atMinimum: messages.cart.cannotReduce,
};

function refusal(outcome: CartOutcome): Notice | null {
  const text = refusals[outcome];
  return text ? { kind: 'error', text } : null;
}

/** Adds one unit (a new line or one more of an existing line) and says what happened. */
export function addProductToCart(product: CartProduct): CartThunk {
  return (dispatch, getState) => {
    const { outcome } = addToCart(getState().cart.cartItems, product);
    dispatch(addItem(product));
    return refusal(outcome) ?? { kind: 'success', text: messages.cart.added };
  };
}

/** The quantity buttons answer only when refused; a successful step needs no toast. */
export function increaseInCart(id: string): CartThunk {
  return (dispatch, getState) => {
    const { outcome } = incrementItem(getState().cart.cartItems, id);
    dispatch(increment(id));
    return refusal(outcome);
  };
}

export function decreaseInCart(id: string): CartThunk {
  return (dispatch, getState) => {
    const { outcome } = decrementItem(getState().cart.cartItems, id);
    dispatch(decrement(id));
    return refusal(outcome);
  };
}

export function removeFromCart(id: string): CartThunk {
  return (dispatch) => {
    dispatch(removeItem(id));
    return { kind: 'success', text: messages.cart.removed };
  };
}

export function emptyCart(): CartThunk {
  return (dispatch) => {
    dispatch(clearCart());
    return { kind: 'success', text: messages.cart.cleared };
  };
}
