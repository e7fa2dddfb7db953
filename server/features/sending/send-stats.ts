import { sql } from 'kysely';
import type { Recipient, RecipientStatus, SendSummary } from '../../../src/contract/sending.ts';
import type { Db } from '../../db/client.ts';
import type { SendRow } from './sending.table.ts';
import { segmentAudienceSelect } from '../segments/segment-audience.ts';
import { cameBackPerCampaign, rate } from '../analytics/campaign-results.ts';
import { campaignKeyOf } from './engine.ts';

export { rate };
const RECIPIENTS_PAGE_SIZE = 50;

/** Who a send to this segment would reach now: consent applied, the do-not-contact list left out. */
export async function reachableCount(db: Db, userId: string, segmentId: string, channel: 'email' | 'sms', now: Date): Promise<{ reachable: number }> {
  const contact = channel === 'email' ? 'c.email' : 'c.phone';
  const row = await (await segmentAudienceSelect(db, userId, segmentId, channel, now))
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)::int`.as('n'))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('suppressions as s').select('s.address').where('s.user_id', '=', userId).where('s.channel', '=', channel).whereRef('s.address', '=', sql.ref(contact)))),
    )
    .executeTakeFirstOrThrow();
  return { reachable: Number(row.n) };
}

export type SendTotals = {
  byStatus: Partial<Record<RecipientStatus, number>>;
  total: number;
  /** Handed to the transport (sent, delivered, bounced after hand-over). */
  sent: number;
  delivered: number;
  hardBounces: number;
  softBounces: number;
  opensTotal: number;
  uniqueOpens: number;
  proxyOpens: number;
  clicksTotal: number;
  uniqueClicks: number;
  unsubscribes: number;
};

/** The ledger of one send summed in one statement. */
export async function sendTotals(db: Db, sendId: string): Promise<SendTotals> {
  const { rows } = await sql<{ status: RecipientStatus; n: number; hard: number; soft: number; opens: number; unique_opens: number; proxy: number; clicks: number; unique_clicks: number; unsubscribes: number }>`
    SELECT status, count(*)::int AS n,
      count(*) FILTER (WHERE bounce_type = 'hard')::int AS hard, count(*) FILTER (WHERE bounce_type = 'soft')::int AS soft,
      coalesce(sum(opens), 0)::int AS opens, count(first_opened_at)::int AS unique_opens, coalesce(sum(proxy_opens), 0)::int AS proxy,
      coalesce(sum(clicks), 0)::int AS clicks, count(first_clicked_at)::int AS unique_clicks, count(unsubscribed_at)::int AS unsubscribes
    FROM send_recipients WHERE send_id = ${sendId} GROUP BY status`.execute(db);
  const totals: SendTotals = { byStatus: {}, total: 0, sent: 0, delivered: 0, hardBounces: 0, softBounces: 0, opensTotal: 0, uniqueOpens: 0, proxyOpens: 0, clicksTotal: 0, uniqueClicks: 0, unsubscribes: 0 };
  for (const row of rows) {
    totals.byStatus[row.status] = row.n;
    totals.total += row.n;
    if (row.status === 'sent' || row.status === 'delivered' || (row.status === 'bounced' && row.hard + row.soft > 0)) totals.sent += row.n;
    if (row.status === 'sent' || row.status === 'delivered') totals.delivered += row.n;
    totals.hardBounces += row.hard;
    totals.softBounces += row.soft;
    totals.opensTotal += row.opens;
    totals.uniqueOpens += row.unique_opens;
    totals.proxyOpens += row.proxy;
    totals.clicksTotal += row.clicks;
    totals.uniqueClicks += row.unique_clicks;
    totals.unsubscribes += row.unsubscribes;
  }
  return totals;
}

/** Opens and clicks per hour over the first 48 hours after the send started. */
export async function firstHours(db: Db, send: SendRow, hours = 48) {
  const start = send.started_at ?? send.scheduled_at;
  const { rows } = await sql<{ hour: number; opens: number; clicks: number }>`
    SELECT floor(extract(epoch FROM (at - ${start})) / 3600)::int AS hour,
      count(*) FILTER (WHERE kind = 'open' AND NOT proxy)::int AS opens, count(*) FILTER (WHERE kind = 'click')::int AS clicks
    FROM send_events WHERE send_id = ${send.id} AND at >= ${start} AND at < ${new Date(start.getTime() + hours * 3600_000)}
    GROUP BY 1 ORDER BY 1`.execute(db);
  const byHour = new Map(rows.map((row) => [row.hour, row]));
  return Array.from({ length: hours }, (_, hour) => ({ hour, opens: byHour.get(hour)?.opens ?? 0, clicks: byHour.get(hour)?.clicks ?? 0 }));
}

/**
 * The sales that came back to a campaign over its whole life: the guests it reached who visited within 14 days,
 * what they spent, and its holdout beside them. The very function Ask's campaign results read, so the report and
 * Ask show the same figures (kept per campaign once computed).
 */
export async function salesBack(db: Db, send: SendRow) {
  const key = campaignKeyOf(send);
  return (await cameBackPerCampaign(db, send.user_id, [key])).get(key)!;
}

/** One page of a send's recipients with their status (spec: the Subscribers tab). */
export async function recipientsPage(db: Db, send: SendRow, page: number, status?: string) {
  let query = db
    .selectFrom('send_recipients as r')
    .leftJoin('customers as c', 'c.id', 'r.customer_id')
    .where('r.send_id', '=', send.id);
  if (status === 'opened') query = query.where('r.first_opened_at', 'is not', null);
  else if (status === 'clicked') query = query.where('r.first_clicked_at', 'is not', null);
  else if (status === 'unsubscribed') query = query.where('r.unsubscribed_at', 'is not', null);
  else if (status) query = query.where('r.status', '=', status as RecipientStatus);
  const [rows, total] = await Promise.all([
    query
      .select(['r.customer_id', 'r.to_address', 'r.status', 'r.sent_at', 'r.first_opened_at', 'r.first_clicked_at', 'r.unsubscribed_at', 'r.error', 'r.not_before', 'c.given_name', 'c.family_name'])
      .orderBy('r.customer_id')
      .limit(RECIPIENTS_PAGE_SIZE)
      .offset((page - 1) * RECIPIENTS_PAGE_SIZE)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const results: Recipient[] = rows.map((row) => ({
    customer_id: row.customer_id,
    name: [row.given_name, row.family_name].filter(Boolean).join(' ') || 'No name',
    to: row.to_address,
    status: row.status,
    sent_at: row.sent_at?.toISOString() ?? null,
    opened: Boolean(row.first_opened_at),
    clicked: Boolean(row.first_clicked_at),
    unsubscribed: Boolean(row.unsubscribed_at),
    error: row.error,
    not_before: row.not_before?.toISOString() ?? null,
  }));
  const count = Number(total.n);
  return { results, total: count, page, next: page * RECIPIENTS_PAGE_SIZE < count ? page + 1 : null };
}

export function toSendSummary(send: SendRow, segmentTitle: string | null, transport: { label: string; delivers: boolean }): SendSummary {
  return {
    id: send.id,
    title: send.title,
    channel: send.channel,
    status: send.status,
    segment_id: send.segment_id,
    segment_title: segmentTitle,
    scheduled_at: send.scheduled_at.toISOString(),
    started_at: send.started_at?.toISOString() ?? null,
    completed_at: send.completed_at?.toISOString() ?? null,
    audience_count: send.audience_count,
    transport: transport.label,
    delivers: transport.delivers,
  };
}
