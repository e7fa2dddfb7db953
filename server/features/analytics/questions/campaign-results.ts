import { sql } from 'kysely';
import { CampaignResultsParamsSchema, type QuestionParams } from '../../../../src/contract/ask-questions.ts';
import { compareDates, today } from '../../../../src/contract/zoned-time.ts';
import type { Db } from '../../../db/client.ts';
import { campaignKeySql, recentCameBack, SALES_WINDOW_DAYS } from '../campaign-results.ts';
import { count, dollarsValue, money, plural } from '../analytics-format.ts';
import { resolvePeriod, shortDate, type AskClock } from '../analytics-periods.ts';
import { emptyAnswer, type Question } from '../analytics-types.ts';

type Params = QuestionParams<'campaign_results'>;

/** At most this many campaigns are charted (the newest); more bars are unreadable on a phone. */
export const MAX_CAMPAIGNS = 8;
export const DEFAULT_DAYS = 90;

type Campaign = { campaign: string; title: string; channel: string; last_at: Date };

/** `title ILIKE` every word the owner named ("taco" finds "Demo: Fish taco Friday"), wildcards escaped. */
function nameMatches(words: string | undefined) {
  const parts = (words ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return sql`true`;
  return sql.join(
    parts.map((word) => sql`s.title ILIKE ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`),
    sql` AND `,
  );
}

/** The span the campaigns went out in: the period asked, else all time for a named campaign, else the last 90 days. */
function spanOf(params: Params, clock: AskClock) {
  if (params.period) return resolvePeriod(params.period, clock);
  if (params.campaign || params.latest) return { start: new Date(0), end: new Date(clock.now.getTime() + 1), words: '', title: '' };
  return resolvePeriod({ kind: 'last_days', days: DEFAULT_DAYS }, clock);
}

/**
 * Said when the figures were worked out before the latest orders or sends of these campaigns: Ask answers from
 * them at once while the refill job counts the rest ("Figures as of 2:15 PM; newer orders are being added.").
 */
export function asOfWords(asOf: Date, clock: AskClock): string {
  const time = new Intl.DateTimeFormat('en-US', { timeZone: clock.timeZone, hour: 'numeric', minute: '2-digit' }).format(asOf);
  const day = today(asOf, clock.timeZone);
  const sameDay = compareDates(day, today(clock.now, clock.timeZone)) === 0;
  return `Figures as of ${sameDay ? time : `${shortDate(day)}, ${time}`}; newer orders are being added.`;
}

const kindOf = (channel: string) => (channel === 'email' ? 'email' : channel === 'sms' ? 'text' : 'campaign');

/**
 * Campaign results for Ask: the owner's campaigns that went out in a span (a campaign is every send of one
 * `campaign_key`, titled by its latest send), and for each what the campaign reports show over its whole life
 * (the analytics layer's `cameBackPerCampaign`, kept per campaign once computed): the guests it reached, those who came back within 14 days, what they spent,
 * and the lift over its holdout when it kept guests back.
 */
export const campaignResults: Question<'campaign_results'> = {
  name: 'campaign_results',
  params: CampaignResultsParamsSchema,
  async run(db: Db, userId, params, clock) {
    const span = spanOf(params, clock);
    const where = sql`s.user_id = ${userId} AND s.started_at IS NOT NULL AND s.started_at >= ${span.start} AND s.started_at < ${span.end}
      ${params.channel ? sql`AND s.channel = ${params.channel}` : sql``} AND ${nameMatches(params.campaign)}`;
    const { rows: campaigns } = await sql<Campaign>`
      SELECT ${campaignKeySql('s')} AS campaign, (array_agg(s.title ORDER BY s.started_at DESC))[1] AS title,
        CASE WHEN count(DISTINCT s.channel) > 1 THEN 'mixed' ELSE min(s.channel) END AS channel, max(s.started_at) AS last_at
      FROM sends s WHERE ${where}
      GROUP BY 1 ORDER BY max(s.started_at) DESC, 1 LIMIT ${params.latest ? 1 : MAX_CAMPAIGNS}`.execute(db);
    const named = params.campaign ? ` with “${params.campaign}” in its name` : '';
    const what = params.channel === 'sms' ? 'text' : params.channel === 'email' ? 'email' : 'campaign';
    const title = campaigns.length === 1 ? `Sales brought back by “${campaigns[0]!.title}”` : `Sales brought back by campaign${span.title ? `, ${span.title.toLowerCase()}` : ''}`;
    if (campaigns.length === 0) {
      // Not sent yet, but waiting for its moment: say so rather than "none".
      const waiting = await db
        .selectFrom('sends as s')
        .select(['s.title', 's.scheduled_at'])
        .where(sql<boolean>`s.user_id = ${userId} AND s.status = 'scheduled' ${params.channel ? sql`AND s.channel = ${params.channel}` : sql``} AND ${nameMatches(params.campaign)}`)
        .orderBy('s.scheduled_at')
        .limit(1)
        .executeTakeFirst();
      if (waiting && (params.campaign || params.latest)) {
        return emptyAnswer(title, `“${waiting.title}” hasn't gone out yet: it is scheduled for ${shortDate(today(waiting.scheduled_at, clock.timeZone))}, so there are no results to show.`);
      }
      return emptyAnswer(title, span.words ? `No ${what}${named} went out ${span.words}.` : `No ${what}${named} has gone out yet.`);
    }
    const { figures, asOf } = await recentCameBack(db, () => clock.now, userId, campaigns.map((c) => c.campaign));
    const results = campaigns.map((c) => ({ ...c, back: figures.get(c.campaign)! }));
    const describe = (r: (typeof results)[number]) =>
      r.back.reached === 0
        ? 'it has not reached anyone yet'
        : `${plural(r.back.guests, 'guest')} of the ${count(r.back.reached)} it reached came back within ${SALES_WINDOW_DAYS} days and spent ${money(r.back.revenue_cents)}`;
    const lift = (r: (typeof results)[number]) => {
      if (!r.back.holdout || r.back.lift_guests === null || r.back.lift_revenue_cents === null) return '';
      if (r.back.lift_guests === 0 && r.back.lift_revenue_cents === 0) return ' The guests kept back came back about as much, so there is no sign yet that it brought in more.';
      return ` Against the guests kept back, that is about ${plural(r.back.lift_guests, 'guest')} and ${money(r.back.lift_revenue_cents)} more than without it.`;
    };
    let takeaway: string;
    let text: string;
    if (results.length === 1) {
      const r = results[0]!;
      takeaway = `“${r.title}” (${kindOf(r.channel)}): ${describe(r)}.`;
      text = `${takeaway}${lift(r)}`;
    } else {
      const ranked = [...results].sort((a, b) => b.back.revenue_cents - a.back.revenue_cents || b.back.guests - a.back.guests);
      const best = ranked[0]!;
      takeaway = `“${best.title}” brought back the most: ${money(best.back.revenue_cents)} from ${plural(best.back.guests, 'guest')} within ${SALES_WINDOW_DAYS} days.`;
      const others = ranked.slice(1, 4).map((r) => `“${r.title}” ${money(r.back.revenue_cents)} (${plural(r.back.guests, 'guest')})`);
      const total = results.reduce((sum, r) => sum + r.back.revenue_cents, 0);
      text = `${takeaway} Then ${others.join(', ')}. Together your ${results.length} campaigns${span.words ? ` ${span.words}` : ''} brought back ${money(total)}.`;
    }
    if (asOf) {
      const note = ` ${asOfWords(asOf, clock)}`;
      takeaway += note;
      text += note;
    }
    return {
      graph: { graph_type: 'bar', title, unit: 'dollars', data: { labels: results.map((r) => r.title), values: results.map((r) => dollarsValue(r.back.revenue_cents)) } },
      takeaway,
      text,
      empty: false,
    };
  },
};
