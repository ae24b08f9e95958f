import { useMemo } from 'react';
import type { CartProduct } from '#shared/rules/cart.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { showNotice } from '../../components/ui/notice.ts';
import {
  addProductToCart,
  decreaseInCart,
  emptyCart,
  increaseInCart,
  removeFromCart,
} from './cart-actions.ts';

/** Cart changes with the spec's toasts; the slice itself stays free of side effects. */
export function useCart() {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      add: (product: CartProduct) => showNotice(dispatch(addProductToCart(product))),
      increase: (id: string) => showNotice(dispatch(increaseInCart(id))),
      decrease: (id: string) => showNotice(dispatch(decreaseInCart(id))),
      remove: (id: string) => showNotice(dispatch(removeFromCart(id))),
      clear: () => showNotice(dispatch(emptyCart())),
    }),
    [dispatch],
  );
}

/** The fields of a product the cart keeps. */
export function toCartProduct(product: CartProduct): CartProduct {
  return {
    _id: product._id,
    name: product.name,
    brand: product.brand,
    price: product.price,
    quantity: product.quantity,
    imageUrl: product.imageUrl,
    thumbnailUrl: product.thumbnailUrl ?? null,
  };
}
