export const cartMessages = {
  noMoreStock: 'No more stock available!',
  outOfStock: 'This item is out of stock. Check similar products or try again later.',
  cannotReduce: 'You cannot reduce below 1. Remove item instead.',
  added: 'Item added to cart!',
  removed: 'Item removed from cart!',
  cleared: 'Cart cleared!',
  empty: 'No items in cart',
} as const;
