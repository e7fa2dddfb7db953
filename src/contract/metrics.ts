import * as v from 'valibot';
import { SegmentCustomerSchema } from './segments.ts';

// The customer figures the home reads live in a small module of their own (no segment schemas on the home's path).
export type { CustomerMetrics } from './customer-metrics.ts';

export const AGE_GROUPS = ['Under 18', '18-24', '25-34', '35-44', '45-54', '55-64', '65+', 'Unknown'] as const;
const AgeGroupCountSchema = v.object({ age_group: v.picklist(AGE_GROUPS), count: v.number() });
/** @public The runtime schema its type is read from. */
export const CustomersByAgeResponseSchema = v.object({ data: v.object({ data: v.array(AgeGroupCountSchema) }) });
export type CustomersByAge = v.InferOutput<typeof CustomersByAgeResponseSchema>;

export const TopPerformersQuerySchema = v.object({
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'limit is 1 to 50'), v.transform(Number), v.minValue(1, 'limit is 1 to 50'), v.maxValue(50, 'limit is 1 to 50')), '10'),
});
/** The segment views' customer row (same figures) and when they last came in. */
/** @public The runtime schema its type is read from. */
export const TopPerformerSchema = v.object({
  ...SegmentCustomerSchema.entries,
  last_visit_at: v.nullable(v.string()),
});
export type TopPerformer = v.InferOutput<typeof TopPerformerSchema>;
