import { useMemo } from 'react';
import type { CartLineKey, CartProduct } from '#shared/rules/cart.ts';
import { useAppDispatch } from '#client/lib/hooks.ts';
import { showNotice, type Notice } from '#client/components/ui/notice.ts';
import {
  addProductToCart,
  decreaseInCart,
  emptyCart,
  increaseInCart,
  removeFromCart,
} from './cart-actions.ts';
import { removeItem } from './cart-slice.ts';

/** Shows a notice and hands it back, so a caller can also point at what was refused. */
function shown(notice: Notice | null): Notice | null {
  showNotice(notice);
  return notice;
}

/** Cart changes with the spec's toasts; the slice itself stays free of side effects. */
export function useCart() {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      add: (product: CartProduct, size: string | null = null) =>
        shown(dispatch(addProductToCart(product, size))),
      increase: (key: CartLineKey) => showNotice(dispatch(increaseInCart(key))),
      decrease: (key: CartLineKey) => showNotice(dispatch(decreaseInCart(key))),
      remove: (key: CartLineKey) => showNotice(dispatch(removeFromCart(key))),
      clear: () => showNotice(dispatch(emptyCart())),
      /** A paid line leaves the cart without a toast: the payment page says what happened. */
      dropPaid: (key: CartLineKey) => dispatch(removeItem(key)),
    }),
    [dispatch],
  );
}

/** The fields of a product the cart reads: the line's stock comes from `sizes` when it has them. */
export function toCartProduct(product: CartProduct): CartProduct {
  return {
    _id: product._id,
    name: product.name,
    brand: product.brand,
    price: product.price,
    quantity: product.quantity,
    imageUrl: product.imageUrl,
    thumbnailUrl: product.thumbnailUrl ?? null,
    sizes: (product.sizes ?? []).map(({ label, quantity }) => ({ label, quantity })),
  };
}
