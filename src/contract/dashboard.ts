import * as v from 'valibot';
import { CameBackSchema, DaySchema, REPORT_WINDOWS, ReportWindowQuerySchema, ReportWindowSchema, dollars, liftSentence } from './campaign-results.ts';

export { liftSentence };

/**
 * The dashboard (spec §2 "Here's a snapshot of your week.", §3 Text and Email stats, §9): a window of days up
 * to today. The spec's fixed 2024-03-01 → 2024-10-24 range is not kept: the owner picks 7, 30 or 90 days; the
 * dashboard opens on 7 (the week), the API answers 30 when none is given.
 */
export const DASHBOARD_WINDOWS = REPORT_WINDOWS;

export const DashboardQuerySchema = ReportWindowQuerySchema;

export const DashboardSchema = v.object({
  window: ReportWindowSchema,
  /** What came back to the till from campaigns started in the window, each compared with its own holdout. */
  headline: CameBackSchema,
  email: v.object({
    campaigns: v.number(),
    sent: v.number(),
    delivered: v.number(),
    unique_opens: v.number(),
    unique_clicks: v.number(),
    /** Percent, one decimal, capped at 100 (spec §9). */
    open_rate: v.number(),
    click_rate: v.number(),
    by_day: v.array(DaySchema),
  }),
  text: v.object({
    campaigns: v.number(),
    total_sent: v.number(),
    delivered: v.number(),
    failed: v.number(),
    delivery_rate: v.number(),
    bounce_rate: v.number(),
    by_day: v.array(DaySchema),
  }),
  video: v.object({
    /** Whether videos are counted (always, now that video campaigns exist); kept for older clients. */
    available: v.boolean(),
    videos: v.number(),
    /** Spec §9: 10 × the number of videos, capped at 100. */
    engagement_rate: v.number(),
    /**
     * The real figures beside it: videos published on TikTok in the window and their latest fetched views, likes,
     * comments and shares, added up (null when none was published in the window).
     */
    tiktok: v.nullable(v.object({ published: v.number(), views: v.number(), likes: v.number(), comments: v.number(), shares: v.number() })),
  }),
});
export type Dashboard = v.InferOutput<typeof DashboardSchema>;

/** Spec §9: video engagement is ten times the video count, capped at 100 percent. */
export const videoEngagementRate = (videos: number) => Math.min(100, videos * 10);

/** "Your campaigns this week brought back 23 guests who spent $1,140", said plainly. */
export function headlineSentence(headline: Dashboard['headline'], days: number): string {
  const when = days === 7 ? 'this week' : `in the last ${days} days`;
  if (headline.reached === 0) return `No campaign went out ${when} yet.`;
  if (headline.guests === 0) return `Your campaigns ${when} reached ${headline.reached} guest${headline.reached === 1 ? '' : 's'}; none has come back yet.`;
  return `Your campaigns ${when} brought back ${headline.guests} guest${headline.guests === 1 ? '' : 's'} who spent ${dollars(headline.revenue_cents)}`;
}
