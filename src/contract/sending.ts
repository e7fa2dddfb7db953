import * as v from 'valibot';
import { CameBackSchema } from './campaign-results.ts';

/**
 * What every channel shares about sending (spec §4, §5, §8, §9): launch and schedule, the messages, the
 * status labels and filters of scheduled lists, reports and recipients. Email and text build on it.
 */
export const SENDING_MESSAGES = {
  segmentRequired: 'Please select a customer segment',
  dateRequired: 'Please select a date',
  invalidHour: 'Invalid hour selected',
  invalidMinute: 'Invalid minute selected',
  pastSchedule: 'Cannot schedule campaign in the past',
  launched: 'Campaign launched successfully',
  scheduled: 'Campaign Scheduled successfully',
  cancelled: 'Campaign cancelled successfully',
  cancelFailed: 'Failed to cancel campaign',
  listFailed: 'Failed to load campaigns',
  empty: 'No campaigns found',
  fallback: 'Something went wrong',
} as const;

const isIsoTimestamp = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value));
/** A missing id gets the same message as an empty one ("Please select a customer segment"), not "Invalid key". */
export const RequiredId = (message: string) => v.pipe(v.optional(v.string(message), ''), v.trim(), v.nonEmpty(message), v.maxLength(64, message));
/** "Not in the past" is checked by the server against its own clock. */
export const ScheduledTimeSchema = v.pipe(
  v.optional(v.string(SENDING_MESSAGES.dateRequired), ''),
  v.nonEmpty(SENDING_MESSAGES.dateRequired),
  v.check((value) => value === '' || isIsoTimestamp(value), 'Scheduled time must be an ISO timestamp'),
);

/** Spec §4 / §9: the default hour offered: 11 before 11:00, 17 before 17:00, else 11 (tomorrow). */
export const defaultScheduleHour = (hour: number) => (hour < 11 ? 11 : hour < 17 ? 17 : 11);

/** The status words of scheduled lists (spec §4), from the engine's statuses. */
const SEND_STATUSES = ['scheduled', 'pending', 'sending', 'paused', 'sent', 'canceled', 'failed'] as const;

/** Ledger row statuses, as the Subscribers tab names them. */
const RECIPIENT_STATUSES = ['queued', 'held', 'claimed', 'sending', 'sent', 'delivered', 'bounced', 'failed', 'suppressed', 'skipped', 'uncertain', 'canceled', 'holdout'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const SendSummarySchema = v.object({
  id: v.string(),
  title: v.string(),
  channel: v.picklist(['email', 'sms']),
  status: v.picklist(SEND_STATUSES),
  segment_id: v.nullable(v.string()),
  segment_title: v.nullable(v.string()),
  scheduled_at: v.string(),
  started_at: v.nullable(v.string()),
  completed_at: v.nullable(v.string()),
  audience_count: v.nullable(v.number()),
  /** Where the messages go: "Written to the local outbox, not sent" when nothing leaves this server. */
  transport: v.string(),
  delivers: v.boolean(),
});
export type SendSummary = v.InferOutput<typeof SendSummarySchema>;

const RecipientSchema = v.object({
  customer_id: v.string(),
  name: v.string(),
  to: v.string(),
  status: v.picklist(RECIPIENT_STATUSES),
  sent_at: v.nullable(v.string()),
  opened: v.boolean(),
  clicked: v.boolean(),
  unsubscribed: v.boolean(),
  error: v.nullable(v.string()),
  /** Held by quiet hours until this moment. */
  not_before: v.nullable(v.string()),
});
export type Recipient = v.InferOutput<typeof RecipientSchema>;

export const RecipientsQuerySchema = v.object({
  page: v.optional(v.pipe(v.string(), v.transform(Number), v.integer('page must be a whole number'), v.minValue(1, 'page starts at 1')), '1'),
  status: v.optional(v.picklist([...RECIPIENT_STATUSES, 'opened', 'clicked', 'unsubscribed'], 'status is not one of the recipient statuses')),
});
export const RecipientsResponseSchema = v.object({ results: v.array(RecipientSchema), total: v.number(), page: v.number(), next: v.nullable(v.number()) });

/** What came back to the till from one campaign over its life (the analytics layer's shape, with its holdout and lift). */
export const SalesBackSchema = CameBackSchema;

export const SendActionResponseSchema = v.object({ message: v.string(), send: SendSummarySchema });
