import type { OrderStatus, PaymentStatus } from '#shared/contract/order.ts';

const badge =
  'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';

/** The customer's reading of payment: Paid is paid, anything else unpaid. */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  const tone =
    status === 'Paid'
      ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/20'
      : 'bg-red-50 text-red-800 ring-red-600/20';
  return <span className={`${badge} ${tone}`}>{status}</span>;
}

const statusTones: Record<OrderStatus, string> = {
  Pending: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  Ongoing: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  Completed: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  Cancelled: 'bg-red-50 text-red-800 ring-red-600/20',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`${badge} ${statusTones[status]}`}>{status}</span>;
}
