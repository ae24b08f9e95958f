import type { FulfilmentMethod, FulfilmentState, OrderEventType } from '#shared/contract/order.ts';
import { paths } from '#client/lib/paths.ts';

/** How the owner reads each fulfilment state. */
export const STATE_LABEL: Record<FulfilmentState, string> = {
  Unfulfilled: 'Unfulfilled',
  ReadyForCollection: 'Ready for collection',
  Shipped: 'Shipped',
  Delivered: 'Delivered',
  Collected: 'Collected',
};

export const METHOD_LABEL: Record<FulfilmentMethod | 'none', string> = {
  delivery: 'Delivery',
  collect: 'Collect in store',
  none: 'Not chosen yet',
};

export const EVENT_LABEL: Record<OrderEventType, string> = {
  placed: 'Placed',
  paid: 'Paid',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  ready: 'Ready for collection',
  shipped: 'Shipped',
  delivered: 'Delivered',
  collected: 'Collected',
  address_added: 'Destination added',
};

/** The owner's page of one order, named by its number. */
export function dashboardOrderPath(number: string): string {
  return `${paths.dashboard.orders}/${encodeURIComponent(number)}`;
}

/** The printable packing slip of one order. */
export function packingSlipPath(number: string): string {
  return `${dashboardOrderPath(number)}/slip`;
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A moment on the timeline, e.g. 05 Jan 2024, 14:30. */
export function formatMoment(iso: string): string {
  return dateTime.format(new Date(iso));
}
