// The customer API's answers, apart from the customer contract (whose phone checks carry libphonenumber): the home's
// figures and the customer list read them, and must not download the phone metadata. customers.ts re-exports them.
import * as v from 'valibot';

const CUSTOMER_SOURCES = ['manual', 'csv', 'square', 'clover', 'demo'] as const;

const CustomerSchema = v.object({
  id: v.string(),
  given_name: v.nullable(v.string()),
  family_name: v.nullable(v.string()),
  email_address: v.nullable(v.string()),
  phone_number: v.nullable(v.string()),
  /** YYYY-MM-DD, year 0000 when unknown */
  birthday: v.nullable(v.string()),
  /** When the customer first appeared (as the source reports it), ISO */
  created_at: v.string(),
  source: v.picklist(CUSTOMER_SOURCES),
  pos_provider: v.nullable(v.string()),
  total_spent_cents: v.number(),
  total_visits: v.number(),
  average_order_cents: v.nullable(v.number()),
  first_visit_at: v.nullable(v.string()),
  last_visit_at: v.nullable(v.string()),
  email_consent: v.boolean(),
  sms_consent: v.boolean(),
});
export type Customer = v.InferOutput<typeof CustomerSchema>;

export const CustomerListResponseSchema = v.object({
  results: v.object({ customers: v.array(CustomerSchema), total: v.number() }),
  /** The next page number, or null on the last page. */
  next: v.nullable(v.number()),
  page: v.number(),
});
export type CustomerListResponse = v.InferOutput<typeof CustomerListResponseSchema>;

const ConsentStateSchema = v.object({
  granted: v.boolean(),
  at: v.nullable(v.string()),
  source: v.nullable(v.string()),
  withdrawn_at: v.nullable(v.string()),
});
export type ConsentState = v.InferOutput<typeof ConsentStateSchema>;

const CustomerOrderSchema = v.object({
  id: v.string(),
  occurred_at: v.string(),
  total_cents: v.number(),
  source: v.string(),
  location_id: v.nullable(v.string()),
});

const CustomerDetailSchema = v.object({
  ...CustomerSchema.entries,
  notes: v.nullable(v.string()),
  consent: v.object({ email: ConsentStateSchema, sms: ConsentStateSchema }),
  /** Newest first, at most 100. */
  orders: v.array(CustomerOrderSchema),
  orders_total: v.number(),
});
export type CustomerDetail = v.InferOutput<typeof CustomerDetailSchema>;

export const CustomerResponseSchema = v.object({ message: v.optional(v.string()), customer: CustomerDetailSchema });
