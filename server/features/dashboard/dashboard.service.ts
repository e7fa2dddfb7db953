import { sql } from 'kysely';
import { videoEngagementRate, type Dashboard } from '../../../src/contract/dashboard.ts';
import type { Db } from '../../db/client.ts';
import { rate, SALES_WINDOW_DAYS } from '../sending/send-stats.ts';

const DAY_MS = 86_400_000;
const DEFAULT_TIME_ZONE = 'America/New_York';

/** The days of the window as the restaurant counts them (YYYY-MM-DD), oldest first. */
function daysOf(to: Date, days: number, timeZone: string): string[] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return Array.from({ length: days }, (_, n) => format.format(new Date(to.getTime() - (days - 1 - n) * DAY_MS)));
}

type DayRow = { day: string; sent: number; opens: number; clicks: number; delivered: number };

/** The channel's ledger rows handed over in the window: counts, and the same per day in the restaurant's time zone. */
async function channelFigures(db: Db, userId: string, channel: 'email' | 'sms', from: Date, to: Date, timeZone: string) {
  const { rows: totals } = await sql<{ campaigns: number; sent: number; bounced: number; delivered: number; failed: number; opens: number; clicks: number }>`
    SELECT count(DISTINCT s.id)::int AS campaigns, count(*)::int AS sent,
      count(*) FILTER (WHERE r.status = 'bounced')::int AS bounced,
      count(*) FILTER (WHERE r.status = 'delivered')::int AS delivered,
      count(*) FILTER (WHERE r.status = 'failed')::int AS failed,
      count(*) FILTER (WHERE r.first_opened_at IS NOT NULL)::int AS opens,
      count(*) FILTER (WHERE r.first_clicked_at IS NOT NULL)::int AS clicks
    FROM sends s JOIN send_recipients r ON r.send_id = s.id
    WHERE s.user_id = ${userId} AND s.channel = ${channel} AND s.started_at >= ${new Date(from.getTime() - 30 * DAY_MS)}
      AND r.sent_at >= ${from} AND r.sent_at < ${to}`.execute(db);
  const { rows: perDay } = await sql<DayRow>`
    SELECT to_char(r.sent_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day, count(*)::int AS sent,
      count(*) FILTER (WHERE r.first_opened_at IS NOT NULL)::int AS opens,
      count(*) FILTER (WHERE r.first_clicked_at IS NOT NULL)::int AS clicks,
      count(*) FILTER (WHERE r.status = 'delivered')::int AS delivered
    FROM sends s JOIN send_recipients r ON r.send_id = s.id
    WHERE s.user_id = ${userId} AND s.channel = ${channel} AND s.started_at >= ${new Date(from.getTime() - 30 * DAY_MS)}
      AND r.sent_at >= ${from} AND r.sent_at < ${to}
    GROUP BY 1`.execute(db);
  return { total: totals[0]!, perDay: new Map(perDay.map((row) => [row.day, row])) };
}

/**
 * Guests reached by a campaign that started in the window (sent or delivered) who visited within 14 days after
 * the first of them, and what they spent then; the same for the holdout (kept back at random, and reached by
 * nothing else in the window), so the lift can be told from the coincidence.
 */
async function cameBack(db: Db, userId: string, from: Date, to: Date) {
  const { rows } = await sql<{ grp: string; size: number; guests: number; revenue: number }>`
    WITH touched AS (
      SELECT r.customer_id, bool_or(r.status <> 'holdout') AS reached, min(s.started_at) AS first_at
      FROM sends s JOIN send_recipients r ON r.send_id = s.id
      WHERE s.user_id = ${userId} AND s.started_at >= ${from} AND s.started_at < ${to} AND r.status IN ('sent', 'delivered', 'holdout')
      GROUP BY r.customer_id
    ), spent AS (
      SELECT t.customer_id, t.reached, count(o.*) AS visits, coalesce(sum(o.total_cents), 0) AS cents
      FROM touched t LEFT JOIN orders o ON o.user_id = ${userId} AND o.customer_id = t.customer_id
        AND o.occurred_at >= t.first_at AND o.occurred_at < t.first_at + make_interval(days => ${SALES_WINDOW_DAYS})
      GROUP BY t.customer_id, t.reached
    )
    SELECT CASE WHEN reached THEN 'reached' ELSE 'holdout' END AS grp, count(*)::int AS size,
      count(*) FILTER (WHERE visits > 0)::int AS guests, coalesce(sum(cents), 0)::int8 AS revenue
    FROM spent GROUP BY 1`.execute(db);
  const reached = rows.find((row) => row.grp === 'reached');
  const holdout = rows.find((row) => row.grp === 'holdout');
  const guests = reached?.guests ?? 0;
  const size = reached?.size ?? 0;
  const lift = holdout && holdout.size > 0 ? Math.max(0, Math.round(guests - size * (holdout.guests / holdout.size))) : null;
  return {
    reached: size,
    guests,
    revenue_cents: Number(reached?.revenue ?? 0),
    window_days: SALES_WINDOW_DAYS,
    holdout: holdout ? { size: holdout.size, guests: holdout.guests, revenue_cents: Number(holdout.revenue) } : null,
    lift_guests: lift,
  };
}

/** The dashboard for the `days` days up to now (today included), in the restaurant's time zone. */
export async function dashboard(db: Db, userId: string, days: number, now: Date): Promise<Dashboard> {
  const zone = await db.selectFrom('brand_settings').select('time_zone').where('user_id', '=', userId).executeTakeFirst();
  const timeZone = zone?.time_zone || DEFAULT_TIME_ZONE;
  const dayList = daysOf(now, days, timeZone);
  // From the start of the first day in the restaurant's zone.
  const offsetMs = now.getTime() - Date.parse(`${new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' }).format(now).replace(' ', 'T')}Z`);
  const from = new Date(Date.parse(`${dayList[0]}T00:00:00Z`) + offsetMs);
  const to = now;
  const [email, text, headline, videos] = await Promise.all([
    channelFigures(db, userId, 'email', from, to, timeZone),
    channelFigures(db, userId, 'sms', from, to, timeZone),
    cameBack(db, userId, from, to),
    // Videos finished in the window (spec §9 counts videos; engagement is 10 × that, at most 100).
    db
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'done')
      .where('created_at', '>=', from)
      .where('created_at', '<=', to)
      .executeTakeFirst()
      .then((row) => Number(row?.n ?? 0)),
  ]);
  const series = (perDay: Map<string, DayRow>) => dayList.map((day) => perDay.get(day) ?? { day, sent: 0, opens: 0, clicks: 0, delivered: 0 });
  const emailDelivered = email.total.sent - email.total.bounced;
  return {
    window: { days, from: from.toISOString(), to: to.toISOString(), time_zone: timeZone },
    headline,
    email: {
      campaigns: email.total.campaigns,
      sent: email.total.sent,
      delivered: emailDelivered,
      unique_opens: email.total.opens,
      unique_clicks: email.total.clicks,
      open_rate: rate(email.total.opens, emailDelivered),
      click_rate: rate(email.total.clicks, emailDelivered),
      by_day: series(email.perDay),
    },
    text: {
      campaigns: text.total.campaigns,
      total_sent: text.total.sent,
      delivered: text.total.delivered,
      failed: text.total.failed,
      delivery_rate: rate(text.total.delivered, text.total.sent),
      bounce_rate: rate(text.total.failed, text.total.sent),
      by_day: series(text.perDay),
    },
    video: { available: true, videos, engagement_rate: videoEngagementRate(videos) },
  };
}
