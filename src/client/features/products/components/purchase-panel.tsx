import { Icon } from '#client/components/ui/icon.tsx';
import heartIcon from 'lucide-react/icons/heart';
import shoppingCartIcon from 'lucide-react/icons/shopping-cart';
import zapIcon from 'lucide-react/icons/zap';
import { useEffect, useEffectEvent, useId, useRef, useState, type SubmitEvent } from 'react';
import { useLocation } from 'react-router';
import type { Product } from '#shared/contract/product.ts';
import { cartMessages } from '#shared/messages/cart.ts';
import { sizesMessages } from '#shared/messages/sizes.ts';
import { wishlistMessages } from '#shared/messages/wishlist.ts';
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
import { appStarted } from '#client/lib/app-started.ts';
import { productPath } from '#client/lib/paths.ts';
import {
  cameFromStore,
  claimIntent,
  purchaseFields,
  readIntentFragment,
  type PurchaseIntent,
} from '../purchase-intent.ts';

/** A field's text, or null when it is absent or empty (no size chosen). */
function fieldText(fields: FormData, name: string): string | null {
  const value = fields.get(name);
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The buying controls of the details dialog and the product page: the size chips (for a bicycle
 * with sizes), the wishlist toggle, Add to Cart and Buy Now. A sized bicycle is added and bought
 * in the chosen size; the cart's rule refuses it without one ("Choose a size").
 */
export function PurchasePanel({ product }: { product: Product }) {
  const cart = useCart();
  const { wishlisted, add: addToWishlist, toggle: toggleWishlist } = useProductWishlist(product);
  // Buy Now leads to the checkout page of this bicycle (its checks and toasts first).
  const { checkout } = useCheckout();
  const fit = useProductFit(product);
  const rider = useRiderFit();
  const sizes = product.sizes ?? [];
  const sized = isSized(sizes);
  const [size, setSize] = useState<string | null>(null);
  const [sizeError, setSizeError] = useState<string>();
  const soldOut = product.quantity <= 0;
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);
  const location = useLocation();

  const choose = (label: string) => {
    setSize(label);
    setSizeError(undefined);
  };

  const addToCart = (chosen: string | null) => {
    const notice = cart.add(toCartProduct(product), chosen);
    if (notice?.text === sizesMessages.chooseSize) setSizeError(notice.text);
  };

  const buyNow = (chosen: string | null) => {
    if (soldOut) {
      showNotice({ kind: 'error', text: cartMessages.outOfStock });
      return;
    }
    const problem = orderSizeProblem(sizes, chosen);
    if (problem) {
      const text = orderSizeMessage(problem);
      setSizeError(text);
      showNotice({ kind: 'error', text });
      return;
    }
    // The page's own address names the bicycle: the checkout page reads as the shopper saw it.
    checkout([{ productId: product.slug, quantity: 1, size: chosen }]);
  };

  const act = (kind: 'add' | 'buy', chosen: string | null) => {
    if (kind === 'buy') buyNow(chosen);
    else addToCart(chosen);
  };
  /** The first size chip that can be chosen, where the shopper starts choosing. */
  const firstSizeChip = (): HTMLInputElement | null => {
    const chips = form.current?.elements.namedItem(purchaseFields.size);
    const all = chips instanceof RadioNodeList ? Array.from(chips) : [chips];
    return (
      all.find((c): c is HTMLInputElement => c instanceof HTMLInputElement && !c.disabled) ?? null
    );
  };
  // The effects below run once per page; they call the newest handlers, not the first render's.
  const chooseLater = useEffectEvent(choose);
  const carryOut = useEffectEvent((intent: PurchaseIntent) => {
    // Pressed before the page said whether the bicycle is in the wishlist: it is meant to be.
    if (intent.kind === 'wish') {
      addToWishlist();
      return;
    }
    const known = intent.size !== null && sizes.some((s) => s.label === intent.size);
    if (known && intent.size !== null) choose(intent.size);
    act(intent.kind, known ? intent.size : null);
    // Pressed on a card, which has no sizes (decision 036): the shopper is taken to the choice.
    if (sized && !known) firstSizeChip()?.focus();
  });

  // A size picked before the scripts ran is checked in the page but not in the first render's
  // state: the radio the browser shows checked is the choice.
  useEffect(() => {
    const checked = form.current?.elements.namedItem(purchaseFields.size);
    if (checked instanceof RadioNodeList && checked.value) chooseLater(checked.value);
  }, []);

  // Add to Cart or Buy Now pressed before the scripts ran came back from the server in the
  // address's fragment (decision 035): carried out once, after the saved cart is read.
  const pagePath = productPath(product);
  const onThisPage = location.pathname === pagePath;
  const { hash } = location;
  useEffect(() => {
    const intent = onThisPage ? readIntentFragment(hash) : null;
    if (!intent) return;
    let live = true;
    void appStarted.then(() => {
      if (!live) return;
      // The fragment goes first: a reload or a later visit to this entry acts no more.
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}`);
      if (!cameFromStore(document.referrer, window.location.origin)) return;
      if (!claimIntent(intent.id, window.localStorage)) return;
      carryOut(intent);
    });
    return () => {
      live = false;
    };
  }, [onThisPage, hash]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { submitter } = event.nativeEvent;
    const pressed = submitter instanceof HTMLButtonElement ? submitter.value : 'add';
    if (pressed === 'wish') {
      toggleWishlist();
      return;
    }
    const kind = pressed === 'buy' ? 'buy' : 'add';
    const chosen = fieldText(new FormData(event.currentTarget), purchaseFields.size);
    if (chosen !== null && chosen !== size) choose(chosen);
    act(kind, chosen);
  };

  return (
    <div className="flex flex-col gap-4">
      {/* Its fields and buttons name it (form=): the size's advice and alerts between them hold
          controls of their own that must not send it. Before the scripts run the browser posts it
          to the page's action. */}
      <form id={formId} ref={form} method="post" action={pagePath} onSubmit={submit} hidden />
      {sized ? (
        <div className="flex flex-col gap-3">
          <SizePicker
            sizes={sizes}
            value={size}
            onChange={choose}
            name={purchaseFields.size}
            form={formId}
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
          type="submit"
          form={formId}
          name={purchaseFields.intent}
          value="wish"
        >
          <Icon
            node={heartIcon}
            className={cx('h-4 w-4', wishlisted && 'fill-red-500 text-red-500')}
          />
          {wishlisted ? wishlistMessages.addedLabel : wishlistMessages.addLabel}
        </Button>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            icon={shoppingCartIcon}
            className="sm:flex-1"
            dimmed={soldOut}
            type="submit"
            form={formId}
            name={purchaseFields.intent}
            value="add"
          >
            Add to Cart
          </Button>
          <Button
            icon={zapIcon}
            variant="accent"
            className="sm:flex-1"
            dimmed={soldOut}
            type="submit"
            form={formId}
            name={purchaseFields.intent}
            value="buy"
          >
            Buy Now
          </Button>
        </div>
      </div>
    </div>
  );
}
