import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { messages } from '#shared/messages.ts';
import { checkoutRefusal } from '#shared/rules/checkout.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { selectRole } from '../auth/auth-slice.ts';
import { useCreateOrderMutation } from '../orders/orders-api.ts';

/** One checkout for the cart drawer and Buy Now. */
export interface CheckoutLine {
  productId: string;
  quantity: number;
}

/** Leaves the app for the payment page; a seam so tests can watch it. */
export const paymentRedirect = {
  go(url: string): void {
    window.location.assign(url);
  },
};

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
        const url = await createOrder({
          product: line.productId,
          quantity: line.quantity,
        }).unwrap();
        toast.success(messages.checkout.placed, { id: toastId });
        paymentRedirect.go(url);
      } catch {
        toast.error(messages.checkout.failed, { id: toastId });
        placing.current = false;
        setIsPlacing(false);
      }
    },
    [role, createOrder],
  );

  return { checkout, isPlacing };
}
