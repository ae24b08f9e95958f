import { useEffect } from 'react';
import { useCheckout, type CheckoutLine } from '#client/features/checkout/use-checkout.ts';

export interface CheckoutControl {
  checkout: (lines: CheckoutLine[]) => Promise<void>;
  isPlacing: boolean;
}

/**
 * Buy Now's checkout (the orders API and its toasts), mounted once the shopper reaches for the
 * button: it hands the checkout to the panel and renders nothing.
 */
export function PurchaseCheckout({ onReady }: { onReady: (control: CheckoutControl) => void }) {
  const { checkout, isPlacing } = useCheckout();
  useEffect(() => {
    onReady({ checkout, isPlacing });
  }, [checkout, isPlacing, onReady]);
  return null;
}
