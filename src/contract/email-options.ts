// Email template categories and list filters, apart from the email contracts: the routes' search validation runs in
// the app's entry and may import only small modules. email.ts, email-drafts.ts and email-campaigns.ts re-export them.

/** Spec §3 Template category (value + display_name); the AI writes for the same occasions. */
export const TEMPLATE_CATEGORIES = [
  { value: 'promotion', display_name: 'Promotion' },
  { value: 'event', display_name: 'Event' },
  { value: 'new_menu', display_name: 'New menu' },
  { value: 'holiday', display_name: 'Holiday' },
  { value: 'loyalty', display_name: 'Loyalty' },
  { value: 'newsletter', display_name: 'Newsletter' },
  { value: 'reopening', display_name: 'Reopening' },
  { value: 'feedback', display_name: 'Feedback' },
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number]['value'];
export const TEMPLATE_CATEGORY_VALUES = TEMPLATE_CATEGORIES.map((category) => category.value) as [TemplateCategory, ...TemplateCategory[]];

export const EMAIL_DRAFT_FILTERS = ['all', 'drafts', 'completed'] as const;
export type EmailDraftFilter = (typeof EMAIL_DRAFT_FILTERS)[number];

/** The filter buttons and the statuses each shows (spec §4, read as README "Scheduled lists" explains). */
export const SCHEDULED_FILTERS = {
  all: null,
  scheduled: ['schedule'],
  pending: ['sending', 'paused'],
  completed: ['sent'],
  cancelled: ['canceled'],
  failed: ['failed'],
} as const;
export type ScheduledFilter = keyof typeof SCHEDULED_FILTERS;
