import * as v from 'valibot';

/**
 * The dashboard (spec §2 "Here's a snapshot of your week.", §3 Text and Email stats, §9): a window of days up
 * to today. The spec's fixed 2024-03-01 → 2024-10-24 range is not kept: the owner picks 7, 30 or 90 days; the
 * dashboard opens on 7 (the week), the API answers 30 when none is given.
 */
export const DASHBOARD_WINDOWS = [7, 30, 90] as const;
export const DASHBOARD_DEFAULT_DAYS = 30;

export const DashboardQuerySchema = v.object({
  days: v.optional(v.pipe(v.string(), v.transform(Number), v.picklist(DASHBOARD_WINDOWS, 'days is 7, 30 or 90')), String(DASHBOARD_DEFAULT_DAYS)),
});

const DaySchema = v.object({ day: v.string(), sent: v.number(), opens: v.number(), clicks: v.number(), delivered: v.number() });

export const DashboardSchema = v.object({
  window: v.object({ days: v.number(), from: v.string(), to: v.string(), time_zone: v.string() }),
  /**
   * What came back to the till: guests who got a campaign sent in the window and visited within 14 days after
   * it, and what they spent; beside them the holdout (kept back at random), so the owner sees the lift.
   */
  headline: v.object({
    reached: v.number(),
    guests: v.number(),
    revenue_cents: v.number(),
    window_days: v.number(),
    holdout: v.nullable(v.object({ size: v.number(), guests: v.number(), revenue_cents: v.number() })),
    /** Guests beyond what the holdout's return rate predicts; null without a holdout. */
    lift_guests: v.nullable(v.number()),
  }),
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
  }),
});
export type Dashboard = v.InferOutput<typeof DashboardSchema>;

/** Spec §9: video engagement is ten times the video count, capped at 100 percent. */
export const videoEngagementRate = (videos: number) => Math.min(100, videos * 10);

const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;

/** "Your campaigns this week brought back 23 guests who spent $1,140", said plainly. */
export function headlineSentence(headline: Dashboard['headline'], days: number): string {
  const when = days === 7 ? 'this week' : `in the last ${days} days`;
  if (headline.reached === 0) return `No campaign went out ${when} yet.`;
  if (headline.guests === 0) return `Your campaigns ${when} reached ${headline.reached} guest${headline.reached === 1 ? '' : 's'}; none has come back yet.`;
  return `Your campaigns ${when} brought back ${headline.guests} guest${headline.guests === 1 ? '' : 's'} who spent ${dollars(headline.revenue_cents)}`;
}

/** The comparison with the holdout, when there is one. */
export function liftSentence(headline: Dashboard['headline']): string | null {
  if (!headline.holdout || headline.lift_guests === null) return null;
  const { size, guests } = headline.holdout;
  const share = size > 0 ? Math.round((guests / size) * 100) : 0;
  return `Of the ${size} guest${size === 1 ? '' : 's'} kept back at random, ${guests} came anyway (${share}%). At that rate, ${headline.lift_guests} of your ${headline.guests} came back because of the campaigns.`;
}
