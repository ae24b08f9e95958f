import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { messages } from '#shared/messages.ts';
import type { CartItem } from '#shared/rules/cart.ts';
import { checkoutRefusal } from '#shared/rules/checkout.ts';
import { useAppSelector } from '#client/lib/hooks.ts';
import { errorMessage } from '#client/lib/api.ts';
import { selectRole } from '#client/lib/session.ts';
import { useCreateOrderMutation } from '#client/features/orders/orders-api.ts';

/** One checkout for the cart drawer and Buy Now. */
export interface CheckoutLine {
  productId: string;
  quantity: number;
  /** The size's label; null (or absent) for a one-size product. */
  size?: string | null;
}

/** A cart line as checkout sends it. */
export function checkoutLine(item: CartItem): CheckoutLine {
  return { productId: item._id, quantity: item.buyingQuantity, size: item.size ?? null };
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

export function useCheckout(): {
  checkout: (lines: CheckoutLine[]) => Promise<void>;
  isPlacing: boolean;
} {
  const role = useAppSelector(selectRole);
  const [createOrder] = useCreateOrderMutation();
  const [isPlacing, setIsPlacing] = useState(false);
  // State updates land after a render; a ref stops a quick second click at once.
  const placing = useRef(false);

  const checkout = useCallback(
    async (lines: CheckoutLine[]) => {
      const refusal = checkoutRefusal({ role, lineCount: lines.length });
      if (refusal) {
        toast.error(refusal);
        return;
      }
      const line = lines[0];
      if (!line || placing.current) return;
      placing.current = true;
      setIsPlacing(true);
      const toastId = toast.loading(messages.checkout.placing);
      try {
        // The server prices the order and takes the buyer from the token.
        const address = await createOrder({
          product: line.productId,
          quantity: line.quantity,
          // A one-size product takes no size: the server refuses one.
          ...(line.size ? { size: line.size } : {}),
        }).unwrap();
        const url = paymentPageUrl(address);
        if (!url) throw new Error('the payment address is not an http(s) URL');
        toast.success(messages.checkout.placed, { id: toastId });
        paymentRedirect.go(url);
      } catch (error) {
        // The server's own words when it refused the order (stock, unpaid orders, rate), which
        // tell the shopper what to do; the spec's toast for anything else.
        toast.error(errorMessage(error) ?? messages.checkout.failed, { id: toastId });
        placing.current = false;
        setIsPlacing(false);
      }
    },
    [role, createOrder],
  );

  return { checkout, isPlacing };
}
