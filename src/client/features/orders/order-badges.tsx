import type { OrderStatus, PaymentStatus } from '#shared/contract/order.ts';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';

/** The customer's reading of payment: Paid is paid, anything else unpaid. */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return <Badge tone={status === 'Paid' ? 'green' : 'red'}>{status}</Badge>;
}

const statusTones: Record<OrderStatus, BadgeTone> = {
  Pending: 'blue',
  Ongoing: 'amber',
  Completed: 'green',
  Cancelled: 'red',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={statusTones[status]}>{status}</Badge>;
}
