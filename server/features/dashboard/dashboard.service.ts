import { videoEngagementRate, type Dashboard } from '../../../src/contract/dashboard.ts';
import type { Db } from '../../db/client.ts';
import { cameBack, channelFigures, rate, reportWindow, windowJson } from '../analytics/campaign-results.ts';

/**
 * The dashboard for the `days` days up to now (today included), in the restaurant's time zone: the campaign
 * results of the analytics layer over all of the owner's campaigns (the reports read the same, for one campaign).
 */
export async function dashboard(db: Db, userId: string, days: number, now: Date): Promise<Dashboard> {
  const window = await reportWindow(db, userId, days, now);
  const scope = { userId };
  const [email, text, headline, videos] = await Promise.all([
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
    video: { available: true, videos, engagement_rate: videoEngagementRate(videos) },
  };
}
