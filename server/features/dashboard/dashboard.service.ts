import { sql } from 'kysely';
import { videoEngagementRate, type Dashboard } from '../../../src/contract/dashboard.ts';
import type { Db } from '../../db/client.ts';
import { cameBack, channelFigures, rate, reportWindow, windowJson } from '../analytics/campaign-results.ts';

/** Videos published on TikTok in the window, with their latest fetched figures added up; null when none was. */
async function tiktokFigures(db: Db, userId: string, from: Date, to: Date) {
  const { rows } = await sql<{ published: number; views: string; likes: string; comments: string; shares: string }>`
    SELECT count(*)::int AS published, coalesce(sum(s.views), 0)::int8 AS views, coalesce(sum(s.likes), 0)::int8 AS likes,
      coalesce(sum(s.comments), 0)::int8 AS comments, coalesce(sum(s.shares), 0)::int8 AS shares
    FROM video_publishes p JOIN videos v ON v.id = p.video_id AND v.deleted_at IS NULL
    LEFT JOIN LATERAL (SELECT views, likes, comments, shares FROM video_snapshots WHERE video_id = p.video_id ORDER BY taken_at DESC LIMIT 1) s ON true
    WHERE p.user_id = ${userId} AND p.status = 'PUBLISH_COMPLETE' AND p.published_at >= ${from} AND p.published_at <= ${to}`.execute(db);
  const row = rows[0];
  if (!row || row.published === 0) return null;
  return { published: row.published, views: Number(row.views), likes: Number(row.likes), comments: Number(row.comments), shares: Number(row.shares) };
}

/**
 * The dashboard for the `days` days up to now (today included), in the restaurant's time zone: the campaign
 * results of the analytics layer over all of the owner's campaigns (the reports read the same, for one campaign).
 */
export async function dashboard(db: Db, userId: string, days: number, now: Date): Promise<Dashboard> {
  const window = await reportWindow(db, userId, days, now);
  const scope = { userId };
  const [email, text, headline, videos, tiktok] = await Promise.all([
    channelFigures(db, scope, 'email', window),
    channelFigures(db, scope, 'sms', window),
    cameBack(db, scope, window.from, window.to),
    // Videos finished in the window (spec §9 counts videos; engagement is 10 × that, at most 100).
    db
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'done')
      .where('created_at', '>=', window.from)
      .where('created_at', '<=', window.to)
      .executeTakeFirst()
      .then((row) => Number(row?.n ?? 0)),
    tiktokFigures(db, userId, window.from, window.to),
  ]);
  return {
    window: windowJson(window),
    headline,
    email: {
      campaigns: email.campaigns,
      sent: email.sent,
      delivered: email.delivered,
      unique_opens: email.unique_opens,
      unique_clicks: email.unique_clicks,
      open_rate: email.open_rate,
      click_rate: email.click_rate,
      by_day: email.by_day,
    },
    text: {
      campaigns: text.campaigns,
      total_sent: text.sent,
      delivered: text.delivered,
      failed: text.failed,
      delivery_rate: text.delivery_rate,
      bounce_rate: rate(text.failed, text.sent),
      by_day: text.by_day,
    },
    video: { available: true, videos, engagement_rate: videoEngagementRate(videos), tiktok },
  };
}
