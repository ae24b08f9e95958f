import type { OrderDetail, OrderEvent, OrderEventType } from '#shared/contract/order.ts';
import { formatPrice } from '#shared/rules/money.ts';

/** One line of an order's timeline as its customer reads it. */
export interface TimelineEntry {
  at: string;
  title: string;
  detail: string | null;
  /** A carrier's tracking page, on the Shipped line. */
  tracking: { number: string; url: string | null } | null;
}

const titles: Record<OrderEventType, string> = {
  placed: 'Placed',
  paid: 'Paid',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  ready: 'Ready for collection',
  shipped: 'Shipped',
  delivered: 'Delivered',
  collected: 'Collected',
  address_added: 'Delivery details added',
};

/** A tracking link only when it is a web page: anything else would run in the store's page. */
function webLink(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function detailOf(order: OrderDetail, event: OrderEvent): string | null {
  const { fulfilment } = order;
  switch (event.type) {
    case 'refunded':
      return `${formatPrice(order.totalPrice)} back to the card you paid with`;
    case 'shipped':
      return fulfilment.carrier ? `With ${fulfilment.carrier}` : event.note;
    case 'ready':
      return fulfilment.location ? `At ${fulfilment.location.name}` : event.note;
    default:
      return event.note;
  }
}

/**
 * The order's events, oldest first, in the customer's words: the Shipped line carries the carrier
 * and its tracking link, the Refunded line the amount and where it went.
 */
export function timelineOf(order: OrderDetail): TimelineEntry[] {
  return [...order.events]
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    .map((event) => ({
      at: event.at,
      title: titles[event.type],
      detail: detailOf(order, event),
      tracking:
        event.type === 'shipped' && order.fulfilment.trackingNumber
          ? {
              number: order.fulfilment.trackingNumber,
              url: webLink(order.fulfilment.trackingUrl),
            }
          : null,
    }));
}
