export const wishlistMessages = {
  duplicate: 'Product already in your wishlist!',
  added: 'Added to your wishlist!',
  removed: 'Removed from your wishlist!',
  empty: 'No items in wishlist',
  addLabel: 'Add to Wishlist',
  addedLabel: 'Added to Wishlist',
} as const;
