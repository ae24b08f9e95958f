import type { WishlistItem } from './wishlist-slice.ts';

export type WishlistOutcome = 'added' | 'duplicate';

/** The spec's wishlist rule: an add is refused when the _id is already present. */
export function wishlistAdd(items: readonly WishlistItem[], item: WishlistItem): WishlistOutcome {
  return items.some((i) => i._id === item._id) ? 'duplicate' : 'added';
}

export function isInWishlist(items: readonly WishlistItem[], id: string): boolean {
  return items.some((i) => i._id === id);
}
