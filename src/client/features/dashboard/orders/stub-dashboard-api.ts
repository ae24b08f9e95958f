import { vi } from 'vitest';
import type { OrderDetail } from '#shared/contract/order.ts';
import { jsonResponse, testOrderFulfilment } from '#client/test/testing.tsx';

/** Answers the API by method and path; anything else is a failure of the test. */
export function stubApi(
  handlers: Record<string, (request: Request) => Response | Promise<Response>>,
) {
  const calls: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      calls.push(request.clone());
      const handler = handlers[`${request.method} ${new URL(request.url).pathname}`];
      return handler
        ? handler(request)
        : jsonResponse(500, { success: false, message: 'unexpected' });
    }),
  );
  return calls;
}

/** A paid delivery order to an address in Portland, placed and paid. */
export function deliveryOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const base = testOrderFulfilment();
  return {
    _id: '9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
    product: {
      _id: '1a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
      name: 'Contend 3',
      brand: 'Giant',
      price: 289.5,
      imageUrl: null,
    },
    user: {
      _id: '2a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
      name: 'Sam Orders',
      email: 'sam@example.com',
    },
    size: '54 cm',
    quantity: 2,
    totalPrice: 579,
    status: 'Pending',
    paymentStatus: 'Paid',
    transaction: null,
    createdAt: '2024-03-09T12:00:00.000Z',
    updatedAt: '2024-03-09T12:00:00.000Z',
    ...base,
    number: 'BC-100042',
    fulfilment: {
      ...base.fulfilment,
      method: 'delivery',
      address: {
        name: 'Sam Orders',
        phone: '+15035550142',
        line1: '12 Elm Street',
        line2: null,
        city: 'Portland',
        region: 'OR',
        postalCode: '97214',
        country: 'US',
      },
    },
    events: [
      { at: '2024-03-09T12:00:00.000Z', type: 'placed', note: null },
      { at: '2024-03-09T12:01:00.000Z', type: 'paid', note: null },
    ],
    ...overrides,
  };
}
