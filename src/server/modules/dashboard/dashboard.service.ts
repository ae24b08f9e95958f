import { ORDER_STATUSES, type OrderStatus } from '#shared/contract/order.ts';
import type { DashboardSummary } from '#shared/contract/dashboard.ts';
import { toDollars } from '#shared/rules/money.ts';
import type { Deps } from '#server/deps.ts';
import {
  orderCountsByStatus,
  paidSalesByMonth,
  paidSalesCents,
  unitsInStock,
} from './dashboard.repository.ts';

const MONTHS = 12;

function monthKey(date: Date): string {
  return `${String(date.getUTCFullYear())}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The store's real figures: money from paid orders that were not refunded, by UTC calendar month. */
export async function getSummary({ db, clock }: Deps): Promise<DashboardSummary> {
  const now = clock.now();
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const monthStart = new Date(Date.UTC(year, month, 1));
  const nextMonth = new Date(Date.UTC(year, month + 1, 1));
  const firstMonth = new Date(Date.UTC(year, month - (MONTHS - 1), 1));

  const [sales, inventory, counts, byMonth] = await Promise.all([
    paidSalesCents(db, monthStart, nextMonth),
    unitsInStock(db),
    orderCountsByStatus(db),
    paidSalesByMonth(db, firstMonth, nextMonth),
  ]);

  const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<
    OrderStatus,
    number
  >;
  for (const { status, count } of counts) ordersByStatus[status] = count;

  const revenue = new Map(byMonth.map((m) => [m.month, m.cents]));
  const revenueByMonth = Array.from({ length: MONTHS }, (_, i) => {
    const key = monthKey(new Date(Date.UTC(year, month - (MONTHS - 1) + i, 1)));
    return { month: key, revenue: toDollars(revenue.get(key) ?? 0) };
  });

  return {
    totalSales: toDollars(sales.total),
    monthlyRevenue: toDollars(sales.month),
    totalInventory: inventory,
    ordersByStatus,
    revenueByMonth,
  };
}
