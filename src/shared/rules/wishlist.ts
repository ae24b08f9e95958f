/** What the wishlist rules need of an entry: the product it names. */
export interface WishlistEntry {
  _id: string;
}

export type WishlistOutcome = 'added' | 'duplicate';

/** The spec's wishlist rule: an add is refused when the _id is already present. */
export function wishlistAdd(items: readonly WishlistEntry[], item: WishlistEntry): WishlistOutcome {
  return isInWishlist(items, item._id) ? 'duplicate' : 'added';
}

export function isInWishlist(items: readonly WishlistEntry[], id: string): boolean {
  return items.some((i) => i._id === id);
}
