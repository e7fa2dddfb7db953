import * as v from 'valibot';
import { groupDigits } from './group-digits.ts';

/**
 * The one shape of campaign results, read by the dashboard and every campaign report (email, text, sequence) from
 * one analytics layer (server/features/analytics/campaign-results.ts). The spec's fixed 2024-03-01 → 2024-10-24
 * report range is not kept: a window of the last 7, 30 or 90 days, in the restaurant's time zone.
 */
export const REPORT_WINDOWS = [7, 30, 90] as const;
export const REPORT_DEFAULT_DAYS = 30;

/** `?days=7|30|90`, 30 when absent. */
export const ReportWindowQuerySchema = v.object({
  days: v.optional(v.pipe(v.string(), v.transform(Number), v.picklist(REPORT_WINDOWS, 'days is 7, 30 or 90')), String(REPORT_DEFAULT_DAYS)),
});

export const ReportWindowSchema = v.object({ days: v.number(), from: v.string(), to: v.string(), time_zone: v.string() });

export const DaySchema = v.object({ day: v.string(), sent: v.number(), opens: v.number(), clicks: v.number(), delivered: v.number() });

/** Messages handed over in the window (one channel): counts and the same per day. */
export const ChannelFiguresSchema = v.object({
  campaigns: v.number(),
  sent: v.number(),
  /** Email: sent less bounced; text: the carrier confirmed delivery. */
  delivered: v.number(),
  bounced: v.number(),
  failed: v.number(),
  unique_opens: v.number(),
  unique_clicks: v.number(),
  /** Percent, one decimal, capped at 100 (spec §9): email opens and clicks over delivered, text delivered and failed over sent. */
  open_rate: v.number(),
  click_rate: v.number(),
  delivery_rate: v.number(),
  by_day: v.array(DaySchema),
});
export type ChannelFigures = v.InferOutput<typeof ChannelFiguresSchema>;

/**
 * What came back to the till: guests a campaign reached (sent or delivered) who visited within 14 days after it
 * first reached them, and what they spent then. The holdout is per campaign: each campaign's guests kept back
 * at random are compared with the guests the same campaign reached, and the lift is the sum over campaigns of
 * (came back) − (reached × the holdout's return rate). Campaigns without a holdout add no lift.
 */
export const CameBackSchema = v.object({
  /** Guests reached (each counted once, whatever the number of campaigns that reached them). */
  reached: v.number(),
  guests: v.number(),
  revenue_cents: v.number(),
  window_days: v.number(),
  /** The campaigns that kept guests back, added up; null when none did. */
  holdout: v.nullable(
    v.object({
      campaigns: v.number(),
      size: v.number(),
      guests: v.number(),
      revenue_cents: v.number(),
      /** The same campaigns' reached guests, to compare like with like. */
      reached: v.number(),
      reached_guests: v.number(),
      reached_revenue_cents: v.number(),
    }),
  ),
  /** Guests beyond what each campaign's holdout return rate predicts, summed (never below 0); null without a holdout. */
  lift_guests: v.nullable(v.number()),
  /** The same for what they spent. */
  lift_revenue_cents: v.nullable(v.number()),
});
export type CameBack = v.InferOutput<typeof CameBackSchema>;

/** A report's window: the channel's figures and what came back, for campaigns (or sends of this one) started in it. */
export const ReportPeriodSchema = v.object({
  window: ReportWindowSchema,
  figures: ChannelFiguresSchema,
  came_back: CameBackSchema,
});
export type ReportPeriod = v.InferOutput<typeof ReportPeriodSchema>;

/** Whole dollars from cents, "$1,140" (written without Intl: see group-digits.ts). */
export const dollars = (cents: number) => `$${groupDigits(cents / 100)}`;
const guestsWord = (n: number) => `${groupDigits(n)} guest${n === 1 ? '' : 's'}`;

/** The comparison with the holdout in words, or null without one. */
export function liftSentence(cameBack: CameBack, what = 'the campaigns'): string | null {
  const { holdout, lift_guests, lift_revenue_cents } = cameBack;
  if (!holdout || lift_guests === null || holdout.size === 0) return null;
  const heldShare = Math.round((holdout.guests * 100) / holdout.size);
  const reachedShare = holdout.reached > 0 ? Math.round((holdout.reached_guests * 100) / holdout.reached) : 0;
  const lift = lift_guests > 0 ? `So about ${guestsWord(lift_guests)}${lift_revenue_cents ? ` (${dollars(lift_revenue_cents)})` : ''} came back because of ${what}.` : `So far no more came back than would have anyway.`;
  return `Of the ${guestsWord(holdout.size)} kept back at random, ${holdout.guests} came anyway (${heldShare}%), against ${reachedShare}% of those who got it. ${lift}`;
}
