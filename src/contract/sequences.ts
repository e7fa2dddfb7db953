import * as v from 'valibot';
import { CameBackSchema, ChannelFiguresSchema, ReportWindowSchema } from './campaign-results.ts';
import { RequiredId } from './sending.ts';

/** Sequences: email and text campaigns chained into steps that run by themselves (spec §2, §3, §4, §5, §7, §8, §9). */

const SEQUENCE_STATUSES = ['DRAFT', 'ACTIVE', 'PAUSED', 'CANCELLED'] as const;
export type SequenceStatus = (typeof SEQUENCE_STATUSES)[number];
const CAMPAIGN_TYPES = ['EMAIL', 'SMS'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

/** The spec's messages, verbatim (§5, §8). */
export const SEQUENCE_MESSAGES = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  segmentRequired: 'Customer segment is required',
  itemsRequired: 'At least one campaign is required',
  typeRequired: 'Campaign type is required',
  campaignRequired: 'Campaign selection is required',
  scheduleRequired: 'Schedule is required',
  fixErrors: 'Please fix the validation errors',
  addCampaign: 'Add a campaign',
  created: 'Sequence created successfully!',
  createFailed: 'Failed to create sequence',
  itemAdded: 'Campaign added successfully!',
  itemAddFailed: 'Failed to add campaign',
  itemUpdated: 'Item updated successfully!',
  itemUpdateFailed: 'Failed to update item',
  itemDeleted: 'Item deleted successfully',
  itemDeleteFailed: 'Failed to delete item:',
  statusUpdated: 'Sequence status updated successfully',
  noEmailDrafts: 'No email drafts found',
  noSmsCampaigns: 'No SMS campaigns found',
  empty: 'No result found',
} as const;

export const SEQUENCE_LIMITS = { title: 120, description: 1000, items: 20, waitDays: 365, previewDays: 14 } as const;

const required = (message: string, max: number) =>
  v.pipe(v.optional(v.string(message), ''), v.trim(), v.nonEmpty(message), v.maxLength(max, `At most ${max} characters`));

/** Five fields, minute to weekday; the server also parses it (croner) and refuses what does not run. */
const CronSchema = v.pipe(
  v.optional(v.string(SEQUENCE_MESSAGES.scheduleRequired), ''),
  v.trim(),
  v.nonEmpty(SEQUENCE_MESSAGES.scheduleRequired),
  v.maxLength(100, 'This schedule is too long'),
  v.check((value) => value === '' || value.split(/\s+/).length === 5, 'A schedule has five parts: minute, hour, day of month, month, weekday'),
);
const WaitDaysSchema = v.pipe(v.number('Days must be a number'), v.integer('Days must be a whole number'), v.minValue(0, 'Days cannot be negative'), v.maxValue(SEQUENCE_LIMITS.waitDays, `At most ${SEQUENCE_LIMITS.waitDays} days`));

const SequenceItemInputSchema = v.object({
  campaign_type: v.pipe(v.optional(v.string(SEQUENCE_MESSAGES.typeRequired), ''), v.picklist(CAMPAIGN_TYPES, SEQUENCE_MESSAGES.typeRequired)),
  campaign_id: RequiredId(SEQUENCE_MESSAGES.campaignRequired),
  cron_schedule: CronSchema,
  wait_days: v.optional(WaitDaysSchema, 0),
  /** Spec §9: the item count plus 1 when left out. */
  order: v.optional(v.pipe(v.number('Order must be a number'), v.integer('Order must be a whole number'), v.minValue(1, 'Order starts at 1'))),
});
export type SequenceItemInput = v.InferInput<typeof SequenceItemInputSchema>;

/** POST /api/v1/sequences */
export const CreateSequenceRequestSchema = v.object({
  title: required(SEQUENCE_MESSAGES.titleRequired, SEQUENCE_LIMITS.title),
  description: required(SEQUENCE_MESSAGES.descriptionRequired, SEQUENCE_LIMITS.description),
  segmentation_id: RequiredId(SEQUENCE_MESSAGES.segmentRequired),
  items: v.pipe(
    v.optional(v.array(SequenceItemInputSchema, SEQUENCE_MESSAGES.itemsRequired), []),
    v.minLength(1, SEQUENCE_MESSAGES.itemsRequired),
    v.maxLength(SEQUENCE_LIMITS.items, `At most ${SEQUENCE_LIMITS.items} steps`),
  ),
  /** Share of the first step's audience kept back at random, to see the lift (0 or 10). */
  holdout_percent: v.optional(v.picklist([0, 10], 'holdout_percent is 0 or 10'), 0),
  /** A sequence made on the phone (perhaps offline) names itself, so queued edits can follow it. */
  id: v.optional(v.pipe(v.string('id must be an id'), v.uuid('id must be an id'))),
});
export type CreateSequenceRequest = v.InferInput<typeof CreateSequenceRequestSchema>;

/** POST /api/v1/sequences/{id}: title, description and holdout; `version` refuses an edit made on an older copy. */
export const UpdateSequenceRequestSchema = v.object({
  title: v.optional(required(SEQUENCE_MESSAGES.titleRequired, SEQUENCE_LIMITS.title)),
  description: v.optional(required(SEQUENCE_MESSAGES.descriptionRequired, SEQUENCE_LIMITS.description)),
  holdout_percent: v.optional(v.picklist([0, 10], 'holdout_percent is 0 or 10')),
  version: v.optional(v.pipe(v.number('version must be a number'), v.integer('version must be a whole number'))),
});

/** POST /api/v1/sequences/{id}/status */
export const SequenceStatusRequestSchema = v.object({
  status: v.pipe(v.optional(v.string('Status is required'), ''), v.picklist(SEQUENCE_STATUSES, 'Status is DRAFT, ACTIVE, PAUSED or CANCELLED')),
});

/** POST /api/v1/sequences/{id}/items (spec §7: add item {sequence_id, item}) */
export const AddSequenceItemRequestSchema = v.object({ item: v.object(SequenceItemInputSchema.entries, SEQUENCE_MESSAGES.addCampaign) });

/** POST /api/v1/sequences/{id}/items/{item_id} (spec §7: update item {updates {cron_schedule, is_active}}) */
export const UpdateSequenceItemRequestSchema = v.object({
  updates: v.object(
    {
      cron_schedule: v.optional(CronSchema),
      wait_days: v.optional(WaitDaysSchema),
      is_active: v.optional(v.boolean('is_active is true or false')),
    },
    'updates is required',
  ),
});

export const SequenceListQuerySchema = v.object({
  status: v.optional(v.picklist(['ALL', ...SEQUENCE_STATUSES], 'status is ALL, DRAFT, ACTIVE, PAUSED or CANCELLED'), 'ALL'),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search is at most 100 characters')), ''),
});

export const SequenceChoicesQuerySchema = v.object({ type: v.picklist(CAMPAIGN_TYPES, SEQUENCE_MESSAGES.typeRequired) });

const SequenceItemSchema = v.object({
  id: v.string(),
  item_id: v.string(),
  campaign_type: v.picklist(CAMPAIGN_TYPES),
  campaign_id: v.string(),
  cron_schedule: v.string(),
  wait_days: v.number(),
  order: v.number(),
  is_active: v.boolean(),
  /** Null when the campaign was deleted since. */
  campaign_details: v.nullable(v.object({ id: v.string(), title: v.string() })),
  /** Customers who got this step (sent or delivered) and who are on their way (queued, held by quiet hours). */
  sent: v.number(),
  waiting: v.number(),
  next_tick_at: v.nullable(v.string()),
  last_error: v.nullable(v.string()),
});
export type SequenceItem = v.InferOutput<typeof SequenceItemSchema>;

export const SequenceSchema = v.object({
  id: v.string(),
  title: v.string(),
  name: v.string(),
  description: v.string(),
  status: v.picklist(SEQUENCE_STATUSES),
  segmentation_id: v.nullable(v.string()),
  segment_title: v.nullable(v.string()),
  holdout_percent: v.number(),
  version: v.number(),
  time_zone: v.string(),
  items: v.array(SequenceItemSchema),
  created_at: v.string(),
  updated_at: v.string(),
});
export type Sequence = v.InferOutput<typeof SequenceSchema>;

const SequenceSummarySchema = v.object({
  id: v.string(),
  title: v.string(),
  description: v.string(),
  status: v.picklist(SEQUENCE_STATUSES),
  segment_title: v.nullable(v.string()),
  steps: v.number(),
  channels: v.array(v.picklist(CAMPAIGN_TYPES)),
  updated_at: v.string(),
});
export type SequenceSummary = v.InferOutput<typeof SequenceSummarySchema>;
export const SequenceListResponseSchema = v.object({ results: v.array(SequenceSummarySchema) });

/** A completed email draft or SMS campaign that a step may send (spec §5 Sequence choices). */
const SequenceChoiceSchema = v.object({ id: v.string(), title: v.string(), detail: v.string() });
export type SequenceChoice = v.InferOutput<typeof SequenceChoiceSchema>;
export const SequenceChoicesResponseSchema = v.object({ results: v.array(SequenceChoiceSchema) });

/** What the next 14 days would do: each step, when it fires, and how many it would reach now. */
export const SequencePreviewSchema = v.object({
  days: v.number(),
  time_zone: v.string(),
  steps: v.array(
    v.object({
      item_id: v.string(),
      order: v.number(),
      campaign_type: v.picklist(CAMPAIGN_TYPES),
      title: v.string(),
      schedule: v.string(),
      /** The first few moments it checks for due customers, and how many in all within the window. */
      fires: v.array(v.string()),
      fire_count: v.number(),
      /** Due right now (for later steps: who already got the step before, long enough ago). */
      reach_now: v.number(),
      /** The segment's customers this step's channel may reach at all (consent, contact, do-not-contact list). */
      reachable: v.number(),
    }),
  ),
});
export type SequencePreview = v.InferOutput<typeof SequencePreviewSchema>;

/**
 * GET /api/v1/sequences/{id}/report?days=7|30|90: each step's messages in the window, what came back from the
 * sequence in the window and over its life, with its holdout (the same analytics layer as the dashboard).
 */
export const SequenceReportSchema = v.object({
  window: ReportWindowSchema,
  steps: v.array(
    v.object({
      item_id: v.string(),
      order: v.number(),
      campaign_type: v.picklist(CAMPAIGN_TYPES),
      title: v.nullable(v.string()),
      figures: ChannelFiguresSchema,
    }),
  ),
  came_back: CameBackSchema,
  sales_back: CameBackSchema,
});
export type SequenceReport = v.InferOutput<typeof SequenceReportSchema>;
