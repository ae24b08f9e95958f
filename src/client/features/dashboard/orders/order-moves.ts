import type { OrderDetail } from '#shared/contract/order.ts';

export type Move = 'ReadyForCollection' | 'Shipped' | 'Delivered' | 'Collected';

/**
 * The moves the owner is offered for an order's state. An order whose customer has not chosen
 * delivery or collection is offered both first moves, so the owner hears from the store why
 * neither can be made yet; payment is left for the store to check too.
 */
export function offeredMoves(order: Pick<OrderDetail, 'status' | 'fulfilment'>): Move[] {
  if (order.status === 'Cancelled') return [];
  const { method, state } = order.fulfilment;
  switch (state) {
    case 'Unfulfilled':
      if (method === 'delivery') return ['Shipped'];
      if (method === 'collect') return ['ReadyForCollection'];
      return ['ReadyForCollection', 'Shipped'];
    case 'Shipped':
      return ['Delivered'];
    case 'ReadyForCollection':
      return ['Collected'];
    default:
      return [];
  }
}
