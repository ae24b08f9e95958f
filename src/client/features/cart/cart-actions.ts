import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { cartMessages } from '#shared/messages/cart.ts';
import { sizesMessages } from '#shared/messages/sizes.ts';
import {
  addToCart,
  decrementItem,
  incrementItem,
  type CartChange,
  type CartLineKey,
  type CartOutcome,
  type CartProduct,
} from '#shared/rules/cart.ts';
import type { Notice } from '#client/components/ui/notice.ts';
import { cartLinesChanged, clearCart, removeItem, type CartState } from './cart-slice.ts';

type CartThunk = ThunkAction<Notice | null, { cart: CartState }, unknown, UnknownAction>;

const refusals: Partial<Record<CartOutcome, string>> = {
  outOfStock: cartMessages.outOfStock,
  noMoreStock: cartMessages.noMoreStock,
  atMinimum: cartMessages.cannotReduce,
  sizeRequired: sizesMessages.chooseSize,
};

function refusal(outcome: CartOutcome): Notice | null {
  const text = refusals[outcome];
  return text ? { kind: 'error', text } : null;
}

/** Evaluates one cart rule against the current lines, stores what it decided, says what it was. */
function applyRule(rule: (items: CartState['cartItems']) => CartChange): CartThunk {
  return (dispatch, getState) => {
    const { items, outcome } = rule(getState().cart.cartItems);
    if (!refusal(outcome)) dispatch(cartLinesChanged(items));
    return refusal(outcome);
  };
}

/**
 * Adds one unit of a product in a size (null for a one-size product): a new line or one more of
 * an existing line, and says what happened.
 */
export function addProductToCart(product: CartProduct, size: string | null = null): CartThunk {
  return (dispatch) =>
    dispatch(applyRule((items) => addToCart(items, product, size))) ?? {
      kind: 'success',
      text: cartMessages.added,
    };
}

/** The quantity buttons answer only when refused; a successful step needs no toast. */
export function increaseInCart(key: CartLineKey): CartThunk {
  return applyRule((items) => incrementItem(items, key));
}

export function decreaseInCart(key: CartLineKey): CartThunk {
  return applyRule((items) => decrementItem(items, key));
}

export function removeFromCart(key: CartLineKey): CartThunk {
  return (dispatch) => {
    dispatch(removeItem(key));
    return { kind: 'success', text: cartMessages.removed };
  };
}

export function emptyCart(): CartThunk {
  return (dispatch) => {
    dispatch(clearCart());
    return { kind: 'success', text: cartMessages.cleared };
  };
}
