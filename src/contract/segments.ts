import * as v from 'valibot';

const MAX_CONDITIONS = 40;
const MAX_CENTS = 100_000_000_00; // $100M: far above any one café, small enough for a JS integer
const MAX_DAYS = 3650;

const Cents = v.pipe(v.number('Enter an amount in cents'), v.integer('Use whole cents'), v.minValue(0, 'Cannot be negative'), v.maxValue(MAX_CENTS, 'Too large'));
const Count = v.pipe(v.number('Enter a number'), v.integer('Use a whole number'), v.minValue(0, 'Cannot be negative'), v.maxValue(1_000_000, 'Too large'));
const Days = v.pipe(v.number('Enter a number of days'), v.integer('Use whole days'), v.minValue(1, 'At least 1 day'), v.maxValue(MAX_DAYS, 'At most 3650 days'));

/** @public The runtime schema its type is read from. */
export const ComparisonOps = ['gt', 'gte', 'lt', 'lte', 'between'] as const;
export type ComparisonOp = (typeof ComparisonOps)[number];

/** A window of time, counted back from now (last_days) or a calendar span in UTC. */
const PeriodSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('last_days'), days: Days }),
  v.strictObject({ kind: v.picklist(['this_week', 'this_month', 'this_year', 'last_month', 'last_year']) }),
]);
export type Period = v.InferOutput<typeof PeriodSchema>;

/** `between` carries both bounds (either order: the SQL uses BETWEEN SYMMETRIC); the others one value. */
const compared = <K extends string, T extends v.GenericSchema<unknown, number>, E extends v.ObjectEntries>(type: K, value: T, extra: E) =>
  v.variant('op', [
    v.strictObject({ type: v.literal(type), op: v.picklist(['gt', 'gte', 'lt', 'lte'], 'Choose gt, gte, lt, lte or between'), value, ...extra }),
    v.strictObject({ type: v.literal(type), op: v.literal('between'), value, value2: value, ...extra }),
  ], 'Choose gt, gte, lt, lte or between');

export const SourceValues = ['manual', 'csv', 'square', 'clover', 'demo'] as const;

const ConditionSchemas = [
  compared('total_spent', Cents, { period: v.optional(PeriodSchema) }),
  compared('visits', Count, { period: v.optional(PeriodSchema) }),
  compared('average_order_value', Cents, {}),
  v.variant('op', [
    v.strictObject({ type: v.literal('last_visit'), op: v.literal('within'), period: PeriodSchema }),
    v.strictObject({ type: v.literal('last_visit'), op: v.literal('more_than'), days: Days }),
  ]),
  v.variant('op', [
    v.strictObject({ type: v.literal('first_visit'), op: v.literal('within'), period: PeriodSchema }),
    v.strictObject({ type: v.literal('first_visit'), op: v.literal('more_than'), days: Days }),
  ]),
  v.variant('op', [
    v.strictObject({ type: v.literal('created'), op: v.literal('within'), period: PeriodSchema }),
    v.strictObject({ type: v.literal('created'), op: v.literal('more_than'), days: Days }),
  ]),
  v.variant('op', [
    v.strictObject({
      type: v.literal('birthday'),
      op: v.literal('month'),
      month: v.pipe(v.number('Enter a month'), v.integer(), v.minValue(1, 'Month is 1 to 12'), v.maxValue(12, 'Month is 1 to 12')),
    }),
    v.strictObject({
      type: v.literal('birthday'),
      op: v.literal('next_days'),
      days: v.pipe(v.number('Enter a number of days'), v.integer('Use whole days'), v.minValue(1, 'At least 1 day'), v.maxValue(366, 'At most 366 days')),
    }),
  ]),
  v.strictObject({ type: v.literal('has_email'), value: v.boolean('Use true or false') }),
  v.strictObject({ type: v.literal('has_phone'), value: v.boolean('Use true or false') }),
  v.strictObject({ type: v.literal('email_consent'), value: v.boolean('Use true or false') }),
  v.strictObject({ type: v.literal('sms_consent'), value: v.boolean('Use true or false') }),
  v.strictObject({
    type: v.literal('source'),
    values: v.pipe(v.array(v.picklist(SourceValues, 'Unknown source')), v.minLength(1, 'Pick at least one source')),
  }),
] as const;

/** @public The runtime schema its type is read from. */
export const ConditionSchema = v.variant('type', [...ConditionSchemas], 'Unknown condition type');
export type Condition = v.InferOutput<typeof ConditionSchema>;

/** The upper bound of a `between` comparison, if the condition has one. */
export const upperOf = (condition: Condition): number | undefined => ('value2' in condition ? condition.value2 : undefined);

export type SegmentGroup = { type: 'group'; op: 'and' | 'or'; conditions: SegmentNode[] };
export type SegmentNode = Condition | SegmentGroup;

// Depth is part of the shape (root → group → group), so a too-deep tree fails at the field that goes too deep.
const groupOf = (children: v.GenericSchema<unknown, SegmentNode>) =>
  v.strictObject({
    type: v.literal('group'),
    op: v.picklist(['and', 'or'], 'Use and or or'),
    conditions: v.pipe(v.array(children), v.maxLength(MAX_CONDITIONS, `At most ${MAX_CONDITIONS} conditions`)),
  });
const innermostGroup = groupOf(v.variant('type', [...ConditionSchemas], 'Unknown condition type (groups nest at most 3 deep)'));
const middleGroup = groupOf(v.variant('type', [...ConditionSchemas, innermostGroup], 'Groups nest at most 3 deep'));

export const SegmentDefinitionSchema = v.pipe(
  groupOf(v.variant('type', [...ConditionSchemas, middleGroup], 'Unknown condition type')),
  v.check((root) => countConditions(root) <= MAX_CONDITIONS, `At most ${MAX_CONDITIONS} conditions in all`),
) as v.GenericSchema<unknown, SegmentGroup>;
export type SegmentDefinition = SegmentGroup;

function countConditions(node: SegmentNode): number {
  return node.type === 'group' ? node.conditions.reduce((sum, child) => sum + countConditions(child), 0) : 1;
}

// ---- requests and responses --------------------------------------------------------------------

// The spec's payloads also carry the owner's email and a fixed key: v.object drops unknown keys, so
// they are accepted and ignored; the owner is the bearer token's.

const UserQuerySchema = v.pipe(
  v.string('Please enter a query'),
  v.trim(),
  v.nonEmpty('Please enter a query'),
  v.maxLength(500, 'Keep the query under 500 characters'),
);
const Title = v.pipe(v.string('Title is required'), v.trim(), v.nonEmpty('Title is required'), v.maxLength(120, 'At most 120 characters'));
const Notes = v.pipe(v.string(), v.trim(), v.maxLength(1000, 'At most 1000 characters'));

export const GenerateSegmentRequestSchema = v.object({ user_query: UserQuerySchema });

/** Preview either the words of a query or a definition the owner has adjusted. */
export const PreviewSegmentRequestSchema = v.pipe(
  v.object({ user_query: v.optional(UserQuerySchema), definition: v.optional(SegmentDefinitionSchema) }),
  v.check((body) => body.user_query !== undefined || body.definition !== undefined, 'Send a user_query or a definition'),
);

export const CreateSegmentRequestSchema = v.object({
  segmentation_title: Title,
  notes: v.optional(Notes),
  user_query: v.optional(UserQuerySchema),
  definition: SegmentDefinitionSchema,
});

export const UpdateSegmentRequestSchema = v.object({ segmentation_title: Title, notes: v.optional(Notes) });

export const SegmentCustomersQuerySchema = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'Page starts at 1'), v.transform(Number)), '1'),
});

export const SegmentSummarySchema = v.object({ id: v.string(), segmentation_title: v.string(), notes: v.nullable(v.string()) });
export type SegmentSummary = v.InferOutput<typeof SegmentSummarySchema>;

export const SegmentListResponseSchema = v.object({ results: v.array(SegmentSummarySchema) });
/** GET /segments/counts: segment id → how many customers it holds now. */
export const SegmentCountsResponseSchema = v.object({ counts: v.record(v.string(), v.number()) });

export const SegmentDetailSchema = v.object({
  ...SegmentSummarySchema.entries,
  user_query: v.nullable(v.string()),
  definition: SegmentDefinitionSchema,
  conditions: v.array(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
});
export type SegmentDetail = v.InferOutput<typeof SegmentDetailSchema>;

/** A customer as segment views show them (spec §3); money in integer cents. */
export const SegmentCustomerSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  'Total spent': v.number(),
  total_visits: v.number(),
  'Average order value': v.nullable(v.number()),
});
export type SegmentCustomer = v.InferOutput<typeof SegmentCustomerSchema>;

export const SegmentCustomersResponseSchema = v.object({
  results: v.object({ customers: v.array(SegmentCustomerSchema), count: v.number() }),
  /** The next page number, or null on the last page. */
  next: v.nullable(v.number()),
});

export const SegmentPreviewResponseSchema = v.object({
  segmentation_title: v.string(),
  definition: SegmentDefinitionSchema,
  conditions: v.array(v.string()),
  count: v.number(),
  sample: v.array(SegmentCustomerSchema),
});
export type SegmentPreview = v.InferOutput<typeof SegmentPreviewResponseSchema>;

export const SEGMENT_PAGE_SIZE = 20;
export const SEGMENT_SAMPLE_SIZE = 5;

/** Spec §8, word for word. */
export const SEGMENT_GENERATION_ERROR = 'Error generating segments.Please refine the query.';
export const SEGMENT_CHAT_ERROR = 'Segment generation failed. Try refining the query.';
export const SEGMENT_GENERATED = 'Generated Successfully!!';
export const SEGMENT_DELETED = 'Segmentation deleted successfully';
