import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '#shared/contract/order.ts';
import { offeredMoves } from './order-moves.ts';

function order(
  method: OrderDetail['fulfilment']['method'],
  state: OrderDetail['fulfilment']['state'],
  status: OrderDetail['status'] = 'Pending',
): Pick<OrderDetail, 'status' | 'fulfilment'> {
  return {
    status,
    fulfilment: {
      method,
      state,
      address: null,
      location: null,
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
      readyBy: null,
    },
  };
}

describe('the moves offered to the owner', () => {
  it('ships a delivery order, then marks it delivered', () => {
    expect(offeredMoves(order('delivery', 'Unfulfilled'))).toEqual(['Shipped']);
    expect(offeredMoves(order('delivery', 'Shipped'))).toEqual(['Delivered']);
    expect(offeredMoves(order('delivery', 'Delivered', 'Completed'))).toEqual([]);
  });

  it('makes a collect order ready, then collected', () => {
    expect(offeredMoves(order('collect', 'Unfulfilled'))).toEqual(['ReadyForCollection']);
    expect(offeredMoves(order('collect', 'ReadyForCollection'))).toEqual(['Collected']);
    expect(offeredMoves(order('collect', 'Collected', 'Completed'))).toEqual([]);
  });

  it('offers both first moves where nothing is chosen, and none on a cancelled order', () => {
    expect(offeredMoves(order(null, 'Unfulfilled'))).toEqual(['ReadyForCollection', 'Shipped']);
    expect(offeredMoves(order('delivery', 'Unfulfilled', 'Cancelled'))).toEqual([]);
  });
});
