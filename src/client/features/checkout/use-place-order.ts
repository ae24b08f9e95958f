import { useCallback, useRef, useState } from 'react';
import { toast } from '#client/components/ui/toast.ts';
import type { CreateOrderBody } from '#shared/contract/order.ts';
import { checkoutMessages } from '#shared/messages/checkout.ts';
import { checkoutRefusal } from '#shared/rules/checkout.ts';
import { errorMessage, fieldErrors } from '#client/lib/api.ts';
import { useAppSelector } from '#client/lib/hooks.ts';
import { selectRole } from '#client/lib/session.ts';
import { useCreateOrderMutation } from '#client/features/orders/orders-api.ts';
import { leaveForPayment } from './use-checkout.ts';

/** An unpaid order for the same bicycle and size, still payable: the one to finish instead. */
export interface OpenOrder {
  id: string;
  number: string;
  message: string;
}

export type Fulfilment = NonNullable<CreateOrderBody['fulfilment']>;

export interface OrderLine {
  productId: string;
  quantity: number;
  size: string | null;
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('code' in data)) return undefined;
  return typeof data.code === 'string' ? data.code : undefined;
}

/** The open order a 409 UNPAID_ORDER_EXISTS names in its details, if it is one. */
function openOrderOf(error: unknown): OpenOrder | null {
  if (errorCode(error) !== 'UNPAID_ORDER_EXISTS') return null;
  const details = fieldErrors(error);
  const id = details['order._id'];
  const number = details['order.number'];
  if (!id || !number) return null;
  return { id, number, message: errorMessage(error) ?? checkoutMessages.failed };
}

/**
 * Places the checkout page's order: the spec's checks in the spec's order and its toasts, then
 * the order with where it goes, then the payment page. A refusal keeps the page as it was, with
 * the API's errors beside their fields, or the open unpaid order to finish instead.
 */
export function usePlaceOrder() {
  const role = useAppSelector(selectRole);
  const [createOrder] = useCreateOrderMutation();
  const [isPlacing, setIsPlacing] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [openOrder, setOpenOrder] = useState<OpenOrder | null>(null);
  // State lands after a render; the ref stops a second click (or Enter) at once.
  const placing = useRef(false);

  const place = useCallback(
    async (line: OrderLine, fulfilment: Fulfilment) => {
      const refusal = checkoutRefusal({ role, lineCount: 1 });
      if (refusal) {
        toast.error(refusal);
        return;
      }
      if (placing.current) return;
      placing.current = true;
      setIsPlacing(true);
      setErrors({});
      setOpenOrder(null);
      const toastId = toast.loading(checkoutMessages.placing);
      try {
        // The server prices the order, takes the buyer from the token and checks the address.
        const address = await createOrder({
          product: line.productId,
          quantity: line.quantity,
          ...(line.size ? { size: line.size } : {}),
          fulfilment,
        }).unwrap();
        if (!leaveForPayment(address)) throw new Error('the payment address is not http(s)');
        toast.success(checkoutMessages.placed, { id: toastId });
      } catch (error) {
        const open = openOrderOf(error);
        setOpenOrder(open);
        if (!open) setErrors(fieldErrors(error));
        // The server's own words when it refused (stock, an address field, unpaid orders); the
        // spec's toast for anything else.
        toast.error(errorMessage(error) ?? checkoutMessages.failed, { id: toastId });
        placing.current = false;
        setIsPlacing(false);
      }
    },
    [role, createOrder],
  );

  return { place, isPlacing, errors, openOrder };
}
