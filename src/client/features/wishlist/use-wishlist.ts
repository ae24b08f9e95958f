import { useMemo } from 'react';
import { isInWishlist } from '#shared/rules/wishlist.ts';
import { useAppDispatch, useAppSelector } from '#client/lib/hooks.ts';
import { showNotice } from '#client/components/ui/notice.ts';
import {
  addProductToWishlist,
  removeProductFromWishlist,
  toggleWishlist,
} from './wishlist-actions.ts';
import { selectWishlistItems, type WishlistItem } from './wishlist-slice.ts';

/** Wishlist changes with the spec's toasts. */
export function useWishlist() {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      add: (item: WishlistItem) => showNotice(dispatch(addProductToWishlist(item))),
      remove: (id: string) => showNotice(dispatch(removeProductFromWishlist(id))),
      toggle: (item: WishlistItem) => showNotice(dispatch(toggleWishlist(item))),
    }),
    [dispatch],
  );
}

/** Whether one product is in the wishlist; re-renders only when that answer changes. */
function useIsWishlisted(id: string): boolean {
  return useAppSelector((state) => isInWishlist(selectWishlistItems(state), id));
}

/** The fields of a product the wishlist keeps. */
function toWishlistItem(product: WishlistItem): WishlistItem {
  return {
    _id: product._id,
    name: product.name,
    brand: product.brand,
    imageUrl: product.imageUrl,
    thumbnailUrl: product.thumbnailUrl ?? null,
    price: product.price,
    inStock: product.inStock,
    ...(product.quantity === undefined ? {} : { quantity: product.quantity }),
  };
}

/** One product in the wishlist: whether it is there, and adding or toggling it, with the toasts. */
export function useProductWishlist(product: WishlistItem) {
  const wishlist = useWishlist();
  const wishlisted = useIsWishlisted(product._id);
  return {
    wishlisted,
    add: () => wishlist.add(toWishlistItem(product)),
    toggle: () => wishlist.toggle(toWishlistItem(product)),
  };
}
