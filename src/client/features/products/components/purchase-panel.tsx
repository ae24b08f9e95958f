import { Icon } from '#client/components/ui/icon.tsx';
import heartIcon from '#client/components/ui/icons/heart.json';
import shoppingCartIcon from '#client/components/ui/icons/shopping-cart.json';
import zapIcon from '#client/components/ui/icons/zap.json';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { Product } from '#shared/contract/product.ts';
import { messages } from '#shared/messages.ts';
import { isSized, orderSizeMessage, orderSizeProblem } from '#shared/rules/sizes.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cx } from '#client/components/ui/class-names.ts';
import { showNotice } from '#client/components/ui/notice.ts';
import { toCartProduct, useCart } from '#client/features/cart/use-cart.ts';
import type { CheckoutLine } from '#client/features/checkout/use-checkout.ts';
import { useProductWishlist } from '#client/features/wishlist/use-wishlist.ts';
import { RiderSizeAdvice } from '#client/features/reviews/rider-size-advice.tsx';
import { FindMySize } from '../fit/find-my-size.tsx';
import { useRiderFit } from '../fit/use-rider-fit.ts';
import { useProductFit } from '../fit/use-product-fit.ts';
import type { CheckoutControl } from './purchase-checkout.tsx';
import { SizeNotifyMe } from './size-notify-me.tsx';
import { SizePicker } from './size-picker.tsx';

const loadCheckout = () => import('./purchase-checkout.tsx');
// Checkout (the orders API, sonner) is not in the page's first load: it loads when the pointer or
// focus reaches Buy Now, or on the click itself.
const PurchaseCheckout = lazy(async () => ({ default: (await loadCheckout()).PurchaseCheckout }));

/**
 * The buying controls of the details dialog and the product page: the size chips (for a bicycle
 * with sizes), the wishlist toggle, Add to Cart and Buy Now. A sized bicycle is added and bought
 * in the chosen size; the cart's rule refuses it without one ("Choose a size").
 */
export function PurchasePanel({ product }: { product: Product }) {
  const cart = useCart();
  const { wishlisted, toggle: toggleWishlist } = useProductWishlist(product);
  const [checkoutWanted, setCheckoutWanted] = useState(false);
  const [control, setControl] = useState<CheckoutControl | null>(null);
  // A Buy Now clicked before the checkout code arrived: placed as soon as it is there.
  const pending = useRef<CheckoutLine[] | null>(null);
  const isPlacing = control?.isPlacing ?? false;
  const onCheckoutReady = useCallback((next: CheckoutControl) => {
    setControl(next);
  }, []);
  useEffect(() => {
    const lines = pending.current;
    if (!control || !lines) return;
    pending.current = null;
    void control.checkout(lines);
  }, [control]);
  const wantCheckout = () => {
    void loadCheckout();
    setCheckoutWanted(true);
  };
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
    const lines = [{ productId: product._id, quantity: 1, size }];
    if (control) {
      void control.checkout(lines);
      return;
    }
    pending.current = lines;
    wantCheckout();
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
            disabled={isPlacing}
            onPointerEnter={wantCheckout}
            onFocus={wantCheckout}
            onClick={buyNow}
          >
            Buy Now
          </Button>
        </div>
      </div>
      {checkoutWanted ? (
        <Suspense fallback={null}>
          <PurchaseCheckout onReady={onCheckoutReady} />
        </Suspense>
      ) : null}
    </div>
  );
}
