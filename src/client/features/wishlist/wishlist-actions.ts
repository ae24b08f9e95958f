import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { wishlistMessages } from '#shared/messages/wishlist.ts';
import type { Notice } from '#client/components/ui/notice.ts';
import { isInWishlist, wishlistAdd } from '#shared/rules/wishlist.ts';
import {
  addToWishlist,
  removeFromWishlist,
  type WishlistItem,
  type WishlistState,
} from './wishlist-slice.ts';

type WishlistThunk = ThunkAction<Notice, { wishlist: WishlistState }, unknown, UnknownAction>;

export function addProductToWishlist(item: WishlistItem): WishlistThunk {
  return (dispatch, getState) => {
    if (wishlistAdd(getState().wishlist.items, item) === 'duplicate') {
      return { kind: 'error', text: wishlistMessages.duplicate };
    }
    dispatch(addToWishlist(item));
    return { kind: 'success', text: wishlistMessages.added };
  };
}

export function removeProductFromWishlist(id: string): WishlistThunk {
  return (dispatch) => {
    dispatch(removeFromWishlist(id));
    return { kind: 'success', text: wishlistMessages.removed };
  };
}

/** The modal's toggle: adds when absent, removes when present. */
export function toggleWishlist(item: WishlistItem): WishlistThunk {
  return (dispatch, getState) =>
    isInWishlist(getState().wishlist.items, item._id)
      ? dispatch(removeProductFromWishlist(item._id))
      : dispatch(addProductToWishlist(item));
}
