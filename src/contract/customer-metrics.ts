import * as v from 'valibot';

/** Customer metrics (spec §7 POS-side API). Money is integer cents. */
const CustomerMetricsSchema = v.object({
  total_customers: v.number(),
  new_this_month: v.number(),
  returning_customers: v.number(),
  active_last_30_days: v.number(),
  lapsed_customers: v.number(),
  total_revenue: v.number(),
  /** Mean lifetime spend of customers who have visited at least once. */
  average_spend: v.number(),
  average_order_value: v.number(),
  email_subscribers: v.number(),
  sms_subscribers: v.number(),
});
export type CustomerMetrics = v.InferOutput<typeof CustomerMetricsSchema>;
export const CustomerMetricsResponseSchema = v.object({ data: CustomerMetricsSchema });
