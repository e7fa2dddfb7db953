import * as v from 'valibot';
import { ReportPeriodSchema } from './campaign-results.ts';
import { RequiredId, SalesBackSchema, ScheduledTimeSchema, SENDING_MESSAGES, SendSummarySchema } from './sending.ts';
import { SCHEDULED_FILTERS, type ScheduledFilter } from './email-options.ts';
export { SCHEDULED_FILTERS, type ScheduledFilter } from './email-options.ts';

/** Email campaigns: launch and schedule a completed draft, the lists, the report (spec §2, §3, §4, §7, §9). */

/** POST /api/v1/email/campaigns/launch */
export const LaunchEmailRequestSchema = v.object({
  draft_campaign_id: RequiredId('Choose the email to send'),
  segmentation_id: RequiredId(SENDING_MESSAGES.segmentRequired),
  /** Share of the segment kept back at random to measure the lift (0, or 10 as the screen offers). */
  holdout_percent: v.optional(v.picklist([0, 10], 'holdout_percent is 0 or 10'), 0),
});
/** POST /api/v1/email/campaigns/schedule */
export const ScheduleEmailRequestSchema = v.object({ ...LaunchEmailRequestSchema.entries, scheduled_time: ScheduledTimeSchema });

/** How many a segment's email would reach now: after consent and the do-not-contact list. */
export const EmailAudienceQuerySchema = v.object({ segmentation_id: RequiredId(SENDING_MESSAGES.segmentRequired) });
export const EmailAudienceResponseSchema = v.object({ recipients: v.number(), segment_size: v.number() });

/** Spec §3 Email campaign (the external list's shape), with the send behind it. */
export const EmailCampaignSchema = v.object({
  id: v.string(),
  settings: v.object({ title: v.string(), subject_line: v.string() }),
  status: v.string(),
  send_time: v.nullable(v.string()),
  recipients: v.object({ list_id: v.nullable(v.string()), recipient_count: v.number() }),
  emails_sent: v.number(),
  report_summary: v.object({ opens: v.number(), unique_opens: v.number(), open_rate: v.number(), clicks: v.number(), click_rate: v.number() }),
  send: SendSummarySchema,
  draft_id: v.string(),
});
export type EmailCampaign = v.InferOutput<typeof EmailCampaignSchema>;

export const EmailCampaignListQuerySchema = v.object({
  count: v.optional(v.pipe(v.string(), v.transform(Number), v.integer('count must be a whole number'), v.minValue(1, 'count is 1 to 1000'), v.maxValue(1000, 'count is 1 to 1000')), '10'),
  offset: v.optional(v.pipe(v.string(), v.transform(Number), v.integer('offset must be a whole number'), v.minValue(0, 'offset is 0 or more')), '0'),
  status: v.optional(v.picklist(['sent', 'sending'], 'status is sent or sending')),
});
export const EmailCampaignListResponseSchema = v.object({ campaigns: v.array(EmailCampaignSchema), total_items: v.number() });

export const LaunchEmailResponseSchema = v.object({ message: v.string(), campaign: EmailCampaignSchema });

/** Spec §3 Campaign report, §2 tiles and §9 formulas; plus the first 48 hours, the sales that came back and doubts. */
/** Spec §3 Email stats, GET /api/v1/email/stats?days=7|30|90 (30 by default): the dashboard's email figures. */
/** @public The runtime schema its type is read from. */
export const EmailStatsSchema = v.object({
  total_campaign: v.number(),
  total_sent: v.number(),
  /** Percent, one decimal, capped at 100 (spec §9). */
  open_data: v.object({ unique_rate: v.number(), unique_opens: v.number() }),
  click_data: v.object({ rate: v.number(), unique_clicks: v.number() }),
});
export type EmailStats = v.InferOutput<typeof EmailStatsSchema>;

export const EmailReportSchema = v.object({
  campaign: EmailCampaignSchema,
  total_sent: v.number(),
  total_delivered: v.number(),
  delivered_rate: v.number(),
  bounce_rate: v.number(),
  opens: v.object({ opens_total: v.number(), unique_opens: v.number(), open_rate: v.number(), proxy_opens: v.number() }),
  clicks: v.object({ clicks_total: v.number(), unique_clicks: v.number(), click_rate: v.number() }),
  bounces: v.object({ hard_bounces: v.number(), soft_bounces: v.number(), syntax_errors: v.number() }),
  unsubscribes: v.number(),
  suppressed: v.number(),
  /** Rows that may or may not have gone out (a crash mid-hand-over): "send to these N again" is the owner's call. */
  uncertain: v.number(),
  waiting: v.number(),
  /** Opens and clicks per hour over the first 48 hours. */
  timeline: v.array(v.object({ hour: v.number(), opens: v.number(), clicks: v.number() })),
  sales_back: SalesBackSchema,
  /** The last 7, 30 or 90 days (`?days=`, 30 by default): the same analytics as the dashboard, for this campaign. */
  period: ReportPeriodSchema,
});
export type EmailReport = v.InferOutput<typeof EmailReportSchema>;

/** Spec §3 Scheduled email, §4 labels. `status` is the spec's word: save, schedule, sending, paused, sent, canceled, failed. */
const ScheduledEmailSchema = v.object({
  schedule_id: v.string(),
  email_title: v.string(),
  status: v.string(),
  scheduled_time: v.string(),
  segment_title: v.nullable(v.string()),
  recipients: v.nullable(v.number()),
});
export type ScheduledEmail = v.InferOutput<typeof ScheduledEmailSchema>;

export const ScheduledEmailListQuerySchema = v.object({
  status: v.optional(v.picklist(Object.keys(SCHEDULED_FILTERS) as [ScheduledFilter, ...ScheduledFilter[]], 'status is all, scheduled, pending, completed, cancelled or failed'), 'all'),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'search must be at most 100 characters')), ''),
  limit: v.optional(v.pipe(v.string(), v.transform(Number), v.integer('limit must be a whole number'), v.minValue(1, 'limit is 1 to 1000'), v.maxValue(1000, 'limit is 1 to 1000')), '1000'),
});
export const ScheduledEmailListResponseSchema = v.object({ results: v.array(ScheduledEmailSchema) });

/** Spec §4: save = Drafts, schedule = Scheduled, …; any other value capitalised. */
const EMAIL_STATUS_LABELS: Record<string, string> = {
  save: 'Drafts',
  schedule: 'Scheduled',
  sent: 'Sent',
  sending: 'Sending',
  paused: 'Recurring campaign paused',
  canceled: 'Cancelled',
};
export const emailStatusLabel = (status: string) => EMAIL_STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);

/** Engine status → the spec's word. */
export const specStatusOf = (status: string) =>
  ({ scheduled: 'schedule', pending: 'sending', sending: 'sending', paused: 'paused', sent: 'sent', canceled: 'canceled', failed: 'failed' })[status] ?? status;
