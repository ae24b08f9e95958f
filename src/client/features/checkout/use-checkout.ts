import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { CartItem } from '#shared/rules/cart.ts';
import { checkoutRefusal } from '#shared/rules/checkout.ts';
import { showNotice } from '#client/components/ui/notice.ts';
import { useAppSelector } from '#client/lib/hooks.ts';
import { checkoutPath, paths, signInPath } from '#client/lib/paths.ts';
import { selectRole } from '#client/lib/session.ts';

/** One line on its way to the checkout page, from the cart or from Buy Now. */
export interface CheckoutLine {
  /** The product's id, or its slug (Buy Now, which names the page the shopper saw). */
  productId: string;
  quantity: number;
  /** The size's label; null (or absent) for a one-size product. */
  size?: string | null;
}

/** A cart line as checkout takes it. */
export function checkoutLine(item: CartItem): CheckoutLine {
  return { productId: item._id, quantity: item.buyingQuantity, size: item.size ?? null };
}

/** The checkout page of a line. */
export function lineCheckoutPath(line: CheckoutLine): string {
  return checkoutPath({ product: line.productId, size: line.size, quantity: line.quantity });
}

/**
 * The payment page's address, if it is one the browser may be sent to: an absolute http(s) URL.
 * Anything else (javascript:, data:, a relative path) would run in or move inside the store's page.
 */
function paymentPageUrl(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
}

/** Leaves the app for the payment page; a seam so tests can watch it. */
export const paymentRedirect = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/** Sends the browser to a payment page the server answered; false when it is not one. */
export function leaveForPayment(address: string): boolean {
  const url = paymentPageUrl(address);
  if (!url) return false;
  paymentRedirect.go(url);
  return true;
}

/**
 * Checkout from the cart and Buy Now: the spec's checks in the spec's order, with its toasts,
 * then the checkout page of the one line, where the shopper says where the bicycle goes. A
 * signed-out visitor is sent to sign in and comes back to that page (or to the cart, which must
 * lose lines first). Answers whether the shopper was sent on (the drawer closes then).
 */
export function useCheckout(): { checkout: (lines: CheckoutLine[]) => boolean } {
  const role = useAppSelector(selectRole);
  const navigate = useNavigate();

  const checkout = useCallback(
    (lines: CheckoutLine[]) => {
      const line = lines[0];
      if (!line) return false;
      const refusal = checkoutRefusal({ role, lineCount: lines.length });
      const target = lines.length === 1 ? lineCheckoutPath(line) : paths.cart;
      if (refusal) showNotice({ kind: 'error', text: refusal });
      if (role === null) {
        void navigate(signInPath(target));
        return true;
      }
      if (refusal) return false;
      void navigate(target);
      return true;
    },
    [role, navigate],
  );

  return { checkout };
}
