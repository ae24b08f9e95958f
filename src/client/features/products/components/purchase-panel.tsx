import { Icon } from '#client/components/ui/icon.tsx';
import heartIcon from 'lucide-react/icons/heart';
import shoppingCartIcon from 'lucide-react/icons/shopping-cart';
import zapIcon from 'lucide-react/icons/zap';
import { useState } from 'react';
import type { Product } from '#shared/contract/product.ts';
import { messages } from '#shared/messages.ts';
import { isSized, orderSizeMessage, orderSizeProblem } from '#shared/rules/sizes.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cx } from '#client/components/ui/class-names.ts';
import { showNotice } from '#client/components/ui/notice.ts';
import { toCartProduct, useCart } from '#client/features/cart/use-cart.ts';
import { useCheckout } from '#client/features/checkout/use-checkout.ts';
import { useProductWishlist } from '#client/features/wishlist/use-wishlist.ts';
import { RiderSizeAdvice } from '#client/features/reviews/rider-size-advice.tsx';
import { FindMySize } from '../fit/find-my-size.tsx';
import { useRiderFit } from '../fit/use-rider-fit.ts';
import { useProductFit } from '../fit/use-product-fit.ts';
import { SizeNotifyMe } from './size-notify-me.tsx';
import { SizePicker } from './size-picker.tsx';

/**
 * The buying controls of the details dialog and the product page: the size chips (for a bicycle
 * with sizes), the wishlist toggle, Add to Cart and Buy Now. A sized bicycle is added and bought
 * in the chosen size; the cart's rule refuses it without one ("Choose a size").
 */
export function PurchasePanel({ product }: { product: Product }) {
  const cart = useCart();
  const { wishlisted, toggle: toggleWishlist } = useProductWishlist(product);
  // Buy Now leads to the checkout page of this bicycle (its checks and toasts first).
  const { checkout } = useCheckout();
  const fit = useProductFit(product);
  const rider = useRiderFit();
  const sizes = product.sizes ?? [];
  const sized = isSized(sizes);
  const [size, setSize] = useState<string | null>(null);
  const [sizeError, setSizeError] = useState<string>();
  const soldOut = product.quantity <= 0;

  const choose = (label: string) => {
    setSize(label);
    setSizeError(undefined);
  };

  const addToCart = () => {
    const notice = cart.add(toCartProduct(product), size);
    if (notice?.text === messages.sizes.chooseSize) setSizeError(notice.text);
  };

  const buyNow = () => {
    if (soldOut) {
      showNotice({ kind: 'error', text: messages.cart.outOfStock });
      return;
    }
    const problem = orderSizeProblem(sizes, size);
    if (problem) {
      const text = orderSizeMessage(problem);
      setSizeError(text);
      showNotice({ kind: 'error', text });
      return;
    }
    // The page's own address names the bicycle: the checkout page reads as the shopper saw it.
    checkout([{ productId: product.slug, quantity: 1, size }]);
  };

  return (
    <div className="flex flex-col gap-4">
      {sized ? (
        <div className="flex flex-col gap-3">
          <SizePicker
            sizes={sizes}
            value={size}
            onChange={choose}
            recommended={fit.candidates}
            error={sizeError}
          />
          {fit.text ? <p className="text-sm font-semibold text-brand-700">{fit.text}</p> : null}
          <RiderSizeAdvice product={product} heightCm={rider?.riderHeightCm} />
          <div className="max-w-xs">
            <FindMySize />
          </div>
          {soldOut ? null : <SizeNotifyMe productId={product._id} sizes={sizes} />}
        </div>
      ) : null}
      <div className="flex flex-col gap-2 pt-2">
        <Button
          variant="outline"
          onClick={() => {
            toggleWishlist();
          }}
        >
          <Icon
            node={heartIcon}
            className={cx('h-4 w-4', wishlisted && 'fill-red-500 text-red-500')}
          />
          {wishlisted ? messages.wishlist.addedLabel : messages.wishlist.addLabel}
        </Button>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            icon={shoppingCartIcon}
            className="sm:flex-1"
            dimmed={soldOut}
            onClick={addToCart}
          >
            Add to Cart
          </Button>
          <Button
            icon={zapIcon}
            variant="accent"
            className="sm:flex-1"
            dimmed={soldOut}
            onClick={buyNow}
          >
            Buy Now
          </Button>
        </div>
      </div>
    </div>
  );
}
