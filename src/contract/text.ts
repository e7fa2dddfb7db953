import * as v from 'valibot';
import { ReportPeriodSchema } from './campaign-results.ts';
import { SalesBackSchema, SendSummarySchema } from './sending.ts';
import { TEXT_CATEGORY_IDS, TEXT_STYLE_IDS } from './text-options.ts';
export { TEXT_CATEGORIES, TEXT_STYLES } from './text-categories.ts';
export type { TextCategory, TextStyle } from './text-options.ts';

// Text campaigns (spec §2 Text campaigns, §3, §4, §5, §7 Text, §8, §9). Messages the spec gives are kept
// verbatim (including its "progess"); bounds it leaves open are ours.

const TextCategorySchema = v.picklist(TEXT_CATEGORY_IDS, 'Choose one of the text ideas');

const TextStyleSchema = v.picklist(TEXT_STYLE_IDS, 'Choose one of the styles');

/** Every marketing text ends with it. */
export const TEXT_OPT_OUT_LINE = 'Reply STOP to opt out';

export const TEXT_LIMITS = {
  query: 1000,
  /** Twilio refuses bodies over 1600 characters (error 21617). */
  draft: 1600,
  title: 100,
  /** Spec §9 truncation: chat title in history, card, table row. */
  chatTitleShown: 33,
  cardShown: 45,
  rowShown: 40,
  historyPreviewRows: 5,
} as const;

export const TEXT_MESSAGES = {
  connectPos: 'Please connect POS account to create text campaigns',
  completeDetails: 'Please complete your restaurant details',
  segmentRequired: 'Please select a customer segment',
  dateRequired: 'Please select a date',
  invalidHour: 'Invalid hour selected',
  invalidMinute: 'Invalid minute selected',
  pastSchedule: 'Cannot schedule campaign in the past',
  launched: 'Campaign launched successfully',
  scheduled: 'Campaign Scheduled successfully',
  regenerated: 'Regenerated Successfully',
  titleUpdated: 'Campaign title updated successfully',
  cancelled: 'Campaign cancelled successfully',
  cancelFailed: 'Failed to cancel campaign',
  listFailed: 'Error fetching SMS campaigns',
  scheduledListFailed: 'Failed to load campaigns',
  fallback: 'Something went wrong',
  empty: 'No SMS campaigns found',
} as const;

/** Spec §5, with the provider named (the spec's own spelling of "progess"). */
export const importInProgressMessage = (provider: 'Square' | 'Clover', percent: number) => `${provider} data import in progess: ${percent}. Please Wait...`;

const text = (field: string, max: number) =>
  v.pipe(v.string(`${field} must be text`), v.trim(), v.nonEmpty(`${field} cannot be empty`), v.maxLength(max, `${field} must be at most ${max} characters`));
// A missing field gets the same message as an empty one ("Please select a date"), not valibot's "Invalid key".
const Id = (message: string) => v.pipe(v.optional(v.string(message), ''), v.trim(), v.nonEmpty(message));
const isIsoTimestamp = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value));
const IsoTime = v.pipe(
  v.optional(v.string(TEXT_MESSAGES.dateRequired), ''),
  v.nonEmpty(TEXT_MESSAGES.dateRequired),
  v.check((value) => value === '' || isIsoTimestamp(value), 'Scheduled time must be an ISO timestamp'),
);

// ─── AI chat ────────────────────────────────────────────────────────────────────────────────────

/** POST /api/v1/text/chat: a new conversation takes the category and style; later turns the conversation_id. */
export const TextChatRequestSchema = v.object({
  query: text('Message', TEXT_LIMITS.query),
  conversation_id: v.optional(v.pipe(v.string('Conversation must be text'), v.trim(), v.nonEmpty('Conversation is required'))),
  /** A new chat started on the phone (perhaps offline) names itself, so its page and queued messages have an id at once. */
  new_conversation_id: v.optional(v.pipe(v.string('New conversation must be an id'), v.uuid('New conversation must be an id'))),
  sms_category: v.optional(TextCategorySchema),
  style: v.optional(TextStyleSchema),
});
export type TextChatRequest = v.InferInput<typeof TextChatRequestSchema>;

export const TextChatResponseSchema = v.object({
  conversation_id: v.string(),
  /** The draft's campaign, once the AI has written one. */
  campaign_id: v.optional(v.string()),
  response_data: v.union([v.object({ sms_campaign_draft: v.string() }), v.object({ clarification_question: v.string() })]),
});
export type TextChatResponse = v.InferOutput<typeof TextChatResponseSchema>;

/** One turn: what the owner typed (`text`) and the AI's answer (`response`), a question or a draft. */
const TextConversationMessageSchema = v.object({ text: v.string(), response: v.string(), kind: v.picklist(['question', 'draft']), timestamp: v.string() });

const SmsCampaignSchema = v.object({
  id: v.string(),
  campaign_id: v.string(),
  conversation_id: v.nullable(v.string()),
  user_title: v.string(),
  is_completed: v.boolean(),
  sms_category: v.nullable(TextCategorySchema),
  final_sms_draft: v.string(),
  completed_at: v.nullable(v.string()),
  total_sent: v.number(),
  delivered: v.number(),
  pending: v.number(),
  failed: v.number(),
  segmentation_id: v.nullable(v.string()),
  /** Optimistic concurrency: edits send the version they were made on. */
  version: v.number(),
  /** Its one-off send (launched or scheduled), null while it is a draft or after a cancelled schedule. */
  send: v.nullable(v.object({ id: v.string(), status: v.picklist(['SCHEDULED', 'PENDING', 'COMPLETED', 'CANCELLED', 'FAILED']), scheduled_time: v.string() })),
  created_at: v.string(),
  updated_at: v.string(),
});
export type SmsCampaign = v.InferOutput<typeof SmsCampaignSchema>;

const TextConversationSchema = v.object({
  conversation_id: v.string(),
  title: v.string(),
  style: v.nullable(TextStyleSchema),
  sms_category: v.nullable(TextCategorySchema),
  /** 'completed' once a draft exists (the input is then disabled), else 'pending'. */
  status: v.picklist(['completed', 'pending']),
  messages: v.array(TextConversationMessageSchema),
  sms_campaign: v.nullable(SmsCampaignSchema),
  timestamp: v.string(),
});
export type TextConversation = v.InferOutput<typeof TextConversationSchema>;

export const GetTextConversationResponseSchema = TextConversationSchema;
export const ListTextConversationsResponseSchema = v.array(TextConversationSchema);

// ─── drafts and campaigns ───────────────────────────────────────────────────────────────────────

export const ListSmsCampaignsResponseSchema = v.object({ campaigns: v.array(SmsCampaignSchema) });
export const GetSmsCampaignResponseSchema = SmsCampaignSchema;

const Version = v.optional(v.pipe(v.number('Version must be a number'), v.integer('Version must be a whole number'), v.minValue(1, 'Version starts at 1')));
export const RegenerateTextRequestSchema = v.object({ campaign_id: Id('Campaign is required'), version: Version });
export const RegenerateTextResponseSchema = v.object({ message: v.string(), final_sms_draft: v.string() });

export const UpdateTextDraftRequestSchema = v.object({ campaign_id: Id('Campaign is required'), new_draft_text: text('Text', TEXT_LIMITS.draft), version: Version });
export const UpdateTextDraftResponseSchema = v.object({ message: v.string(), campaign: SmsCampaignSchema });

export const UpdateTextTitleRequestSchema = v.object({ campaign_id: Id('Campaign is required'), campaign_title: text('Title', TEXT_LIMITS.title) });
export const UpdateTextTitleResponseSchema = v.object({ message: v.string() });

/** The chat history's rename modal: the conversation and the text it wrote keep one title. */
export const RenameTextConversationRequestSchema = v.object({ title: text('Title', TEXT_LIMITS.title) });

/**
 * GET /api/v1/text/readiness: whether text campaigns can be made now (spec §5), and where texts go. `redirect`
 * is where the owner fixes what is missing (/settings/pos or /settings/content).
 */
export const TextReadinessResponseSchema = v.object({
  ready: v.boolean(),
  message: v.nullable(v.string()),
  redirect: v.nullable(v.string()),
  /** False when texts go to the local outbox (no Twilio): the screens say texts are not being sent. */
  delivers: v.boolean(),
  transport: v.string(),
  /** SMS_PRICE_PER_SEGMENT in cents (may be fractional), null when not configured. */
  price_per_segment_cents: v.nullable(v.number()),
  /** Texts left this month on the plan, and the plan's allowance. */
  texts_used: v.number(),
  texts_limit: v.nullable(v.number()),
});
export type TextReadiness = v.InferOutput<typeof TextReadinessResponseSchema>;

// ─── launch and schedule ────────────────────────────────────────────────────────────────────────

/** POST /api/v1/text/campaigns/launch */
export const LaunchTextRequestSchema = v.object({
  campaign_id: Id('Campaign is required'),
  segmentation_id: Id(TEXT_MESSAGES.segmentRequired),
  /** Share of the segment kept back at random to measure the lift (0, or 10 as the screen offers); the same guests for every send of this text. */
  holdout_percent: v.optional(v.picklist([0, 10], 'holdout_percent is 0 or 10'), 0),
});
/** POST /api/v1/text/campaigns/schedule; "not in the past" is checked by the server against its clock. */
export const ScheduleTextRequestSchema = v.object({ ...LaunchTextRequestSchema.entries, scheduled_time: IsoTime });

/** Who would be held by quiet hours: one line each, e.g. "212 guests will get it at 8:00 tomorrow". */
const QuietHoursHoldSchema = v.object({ until: v.string(), count: v.number(), sentence: v.string() });

/** Before confirming: recipients, segments, the cost estimate and the quiet-hours holds. */
export const TextSendPreviewRequestSchema = v.object({
  ...LaunchTextRequestSchema.entries,
  scheduled_time: v.optional(v.pipe(v.string(), v.check(isIsoTimestamp, 'Scheduled time must be an ISO timestamp'))),
});
export const TextSendPreviewResponseSchema = v.object({
  recipients: v.number(),
  segments_per_text: v.number(),
  encoding: v.picklist(['GSM-7', 'UCS-2']),
  /** SMS_PRICE_PER_SEGMENT × segments × recipients, rounded up; null when no price is configured. */
  estimated_cost_cents: v.nullable(v.number()),
  /** False when texts go to the local outbox: the UI says they are not being sent. */
  delivers: v.boolean(),
  held: v.array(QuietHoursHoldSchema),
});

export const LaunchTextResponseSchema = v.object({ message: v.string(), campaign_id: v.string(), held: v.array(QuietHoursHoldSchema) });
export const ScheduleTextResponseSchema = v.object({ message: v.string(), scheduled_id: v.string(), held: v.array(QuietHoursHoldSchema) });

// ─── scheduled list, stats ──────────────────────────────────────────────────────────────────────

/** Spec §9 (SCHEDULED, COMPLETED, CANCELLED, also PENDING), and FAILED for a send that could not start. */
const SCHEDULED_TEXT_STATUSES = ['SCHEDULED', 'PENDING', 'COMPLETED', 'CANCELLED', 'FAILED'] as const;
export type ScheduledTextStatus = (typeof SCHEDULED_TEXT_STATUSES)[number];

const ScheduledTextSchema = v.object({
  scheduled_id: v.string(),
  campaign_id: v.string(),
  /** The text's title, so the owner can tell rows apart (the message itself is cut at 45 characters). */
  title: v.string(),
  restaurant_name: v.string(),
  final_sms_draft: v.string(),
  status: v.picklist(SCHEDULED_TEXT_STATUSES),
  scheduled_time: v.string(),
});
export type ScheduledText = v.InferOutput<typeof ScheduledTextSchema>;

export const ListScheduledTextsRequestSchema = v.object({
  status: v.optional(v.picklist(SCHEDULED_TEXT_STATUSES, 'status is SCHEDULED, PENDING, COMPLETED, CANCELLED or FAILED')),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search must be at most 100 characters')), ''),
});
export const ListScheduledTextsResponseSchema = v.object({ results: v.array(ScheduledTextSchema) });

/** Spec §3 Text stats, over the owner's texts (spec §9: percentages of total_sent, rounded). */
export const TextStatsResponseSchema = v.object({ total_sent: v.number(), delivery_rate: v.number(), bounce_rate: v.number() });

/** Spec §9: delivered, pending and failed as rounded percentages of total_sent (0 when nothing was sent). */
export const percentOf = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 100) : 0);

/** The Report tab of /campaigns/text-campaigns/text/{campaign_id}. */
export const TextReportSchema = v.object({
  campaign: SmsCampaignSchema,
  send: SendSummarySchema,
  total_sent: v.number(),
  delivered: v.number(),
  pending: v.number(),
  failed: v.number(),
  delivered_percent: v.number(),
  pending_percent: v.number(),
  failed_percent: v.number(),
  /** Guests who replied STOP (or in their own words) after this text. */
  opt_outs: v.number(),
  /** Left out because they got a text from you less than the set hours before. */
  skipped_too_soon: v.number(),
  /** Left out: consent withdrawn or on the do-not-contact list by the time it went. */
  suppressed: v.number(),
  /** Waiting for their quiet hours to end (or a retry). */
  waiting: v.number(),
  /** Might have gone out: the server stopped while handing them over. */
  uncertain: v.number(),
  segments_per_text: v.number(),
  sales_back: SalesBackSchema,
  /** The last 7, 30 or 90 days (`?days=`, 30 by default): the same analytics as the dashboard, for this campaign. */
  period: ReportPeriodSchema,
});
export type TextReport = v.InferOutput<typeof TextReportSchema>;
