import { z } from 'zod';

export const dashboardSummarySchema = z.object({
  totalSales: z.number(),
  monthlyRevenue: z.number(),
  totalInventory: z.number().int(),
  ordersByStatus: z.object({
    Pending: z.number().int(),
    Ongoing: z.number().int(),
    Completed: z.number().int(),
    Cancelled: z.number().int(),
  }),
  revenueByMonth: z.array(z.object({ month: z.string(), revenue: z.number() })),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
