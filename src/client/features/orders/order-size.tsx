import type { Order } from '#shared/contract/order.ts';

/** "Size: M" for an order of a sized bicycle; null for a one-size order (nothing to say). */
function orderSizeText(order: Pick<Order, 'size'>): string | null {
  return order.size ? `Size: ${order.size}` : null;
}

/** The size an order was bought in, shown beside its product wherever orders are listed. */
export function OrderSize({
  order,
  className,
}: {
  order: Pick<Order, 'size'>;
  className?: string;
}) {
  const text = orderSizeText(order);
  if (!text) return null;
  return <span className={className ?? 'block text-xs font-medium text-slate-600'}>{text}</span>;
}
