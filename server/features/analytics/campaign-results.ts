import { sql, type RawBuilder } from 'kysely';
import type { CameBack, ChannelFigures } from '../../../src/contract/campaign-results.ts';
import type { Db } from '../../db/client.ts';
import { requestCampaignRefill } from './campaign-refill-request.ts';

/**
 * Campaign results, the one analytics layer for the dashboard and every campaign report: what went out in a
 * window (per channel, per day in the restaurant's time zone) and who came back to the till, with each campaign
 * compared to its own holdout. A scope narrows it to one campaign (`sends.campaign_key`) or one sequence step.
 */

export const SALES_WINDOW_DAYS = 14;
const DAY_MS = 86_400_000;
const DEFAULT_TIME_ZONE = 'America/New_York';

/** Whose sends: the owner's, one campaign of theirs, or one step of a sequence. */
export type CampaignScope = { userId: string; campaignKey?: string; stepKey?: string };

/** A window: from the start of the first day in the restaurant's zone up to now. */
export type ReportWindow = { days: number; from: Date; to: Date; timeZone: string; dayList: string[] };

/** A share as a percentage with one decimal, capped at 100 (spec §9). */
export const rate = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.round((part / whole) * 1000) / 10) : 0);

/** The campaign a send row belongs to, in SQL (an email send is its own campaign). */
export const campaignKeySql = (alias: string) => sql<string>`coalesce(${sql.ref(`${alias}.campaign_key`)}, 'send:' || ${sql.ref(`${alias}.id`)}::text)`;

function scopeSql(scope: CampaignScope): RawBuilder<unknown> {
  const parts = [sql`s.user_id = ${scope.userId}`];
  if (scope.campaignKey) parts.push(sql`${campaignKeySql('s')} = ${scope.campaignKey}`);
  if (scope.stepKey) parts.push(sql`s.step_key = ${scope.stepKey}`);
  return sql.join(parts, sql` AND `);
}

/** The last `days` days up to now (today included), in the restaurant's time zone. */
export async function reportWindow(db: Db, userId: string, days: number, now: Date): Promise<ReportWindow> {
  const zone = await db.selectFrom('brand_settings').select('time_zone').where('user_id', '=', userId).executeTakeFirst();
  const timeZone = zone?.time_zone || DEFAULT_TIME_ZONE;
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const dayList = Array.from({ length: days }, (_, n) => format.format(new Date(now.getTime() - (days - 1 - n) * DAY_MS)));
  const offsetMs = now.getTime() - Date.parse(`${new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' }).format(now).replace(' ', 'T')}Z`);
  const from = new Date(Date.parse(`${dayList[0]}T00:00:00Z`) + offsetMs);
  return { days, from, to: now, timeZone, dayList };
}

export const windowJson = (window: ReportWindow) => ({ days: window.days, from: window.from.toISOString(), to: window.to.toISOString(), time_zone: window.timeZone });

type DayRow = { day: string; sent: number; opens: number; clicks: number; delivered: number };

/** One channel's ledger rows handed over in the window: counts, rates, and the same per day. */
export async function channelFigures(db: Db, scope: CampaignScope, channel: 'email' | 'sms', window: ReportWindow): Promise<ChannelFigures> {
  // Sends start at most a few hours before their rows go out (quiet hours, retries); a month is a safe bound for the index.
  const where = sql`${scopeSql(scope)} AND s.channel = ${channel} AND s.started_at >= ${new Date(window.from.getTime() - 30 * DAY_MS)}
    AND r.sent_at >= ${window.from} AND r.sent_at < ${window.to}`;
  const [{ rows: totals }, { rows: perDay }] = await Promise.all([
    sql<{ campaigns: number; sent: number; bounced: number; delivered: number; failed: number; opens: number; clicks: number }>`
      SELECT count(DISTINCT ${campaignKeySql('s')})::int AS campaigns, count(*)::int AS sent,
        count(*) FILTER (WHERE r.status = 'bounced')::int AS bounced,
        count(*) FILTER (WHERE r.status = 'delivered')::int AS delivered,
        count(*) FILTER (WHERE r.status = 'failed')::int AS failed,
        count(*) FILTER (WHERE r.first_opened_at IS NOT NULL)::int AS opens,
        count(*) FILTER (WHERE r.first_clicked_at IS NOT NULL)::int AS clicks
      FROM sends s JOIN send_recipients r ON r.send_id = s.id WHERE ${where}`.execute(db),
    sql<DayRow>`
      SELECT to_char(r.sent_at AT TIME ZONE ${window.timeZone}, 'YYYY-MM-DD') AS day, count(*)::int AS sent,
        count(*) FILTER (WHERE r.first_opened_at IS NOT NULL)::int AS opens,
        count(*) FILTER (WHERE r.first_clicked_at IS NOT NULL)::int AS clicks,
        count(*) FILTER (WHERE r.status = 'delivered')::int AS delivered
      FROM sends s JOIN send_recipients r ON r.send_id = s.id WHERE ${where}
      GROUP BY 1`.execute(db),
  ]);
  const total = totals[0]!;
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  // Email: what did not bounce reached an inbox; text: what the carrier confirmed.
  const delivered = channel === 'email' ? total.sent - total.bounced : total.delivered;
  return {
    campaigns: total.campaigns,
    sent: total.sent,
    delivered,
    bounced: total.bounced,
    failed: total.failed,
    unique_opens: total.opens,
    unique_clicks: total.clicks,
    open_rate: rate(total.opens, delivered),
    click_rate: rate(total.clicks, delivered),
    delivery_rate: rate(delivered, total.sent),
    by_day: window.dayList.map((day) => byDay.get(day) ?? { day, sent: 0, opens: 0, clicks: 0, delivered: 0 }),
  };
}

/**
 * Who came back: for campaigns whose sends started in [from, to), the guests they reached (sent or delivered)
 * who visited within 14 days after the campaign first reached them, and what they spent then; each guest once
 * however many campaigns reached them. Beside them, per campaign, the guests it kept back at random (and did
 * not reach by another of its sends), over 14 days after the send that kept them back: each campaign's lift is
 * its returning guests less its reached × its holdout's return rate, and the lifts add up.
 */
export async function cameBack(db: Db, scope: CampaignScope, from: Date, to: Date): Promise<CameBack> {
  const span = from.getTime() > 0 ? { firstStart: from, lastStart: to } : undefined;
  const rows = sql`
    SELECT ${campaignKeySql('s')} AS campaign, r.customer_id, r.status, s.started_at
    FROM sends s JOIN send_recipients r ON r.send_id = s.id
    WHERE ${scopeSql(scope)} AND s.started_at >= ${from} AND s.started_at < ${to} AND r.status IN ('sent', 'delivered', 'holdout')`;
  const [{ rows: overall }, perCampaign] = await Promise.all([
    sql<{ size: number; guests: number; revenue: string | number }>`
      WITH rows AS (${rows}), touched AS (
        SELECT customer_id, min(started_at) AS first_at FROM rows WHERE status <> 'holdout' GROUP BY customer_id
      ), spent AS (
        SELECT t.customer_id, count(o.customer_id) AS visits, coalesce(sum(o.total_cents), 0) AS cents FROM touched t ${spentSince(scope.userId, 'first_at', span)} GROUP BY t.customer_id
      )
      SELECT count(*)::int AS size, count(*) FILTER (WHERE visits > 0)::int AS guests, coalesce(sum(cents), 0)::int8 AS revenue FROM spent`.execute(db),
    campaignFigures(db, scope.userId, rows, span),
  ]);
  return combine(overall[0] ?? { size: 0, guests: 0, revenue: 0 }, [...perCampaign.values()]);
}

type Figures = { size: number; guests: number; revenue: string | number };
type PerCampaign = { reached?: Figures; held?: Figures };

/** The moments every window of sends started between `firstStart` and `lastStart` lies within: from the first start to 14 days after the last. */
type OrderSpan = { firstStart: Date; lastStart: Date };

/**
 * Orders of a touched guest (`t`) within 14 days after `t.<firstAt>`. The span bounds them once more, as
 * constants: the planner then reads that stretch of the owner's orders once (their time index) and matches
 * guests by hash, instead of looking up each guest's orders one by one.
 */
const spentSince = (userId: string, firstAt: string, span?: OrderSpan) => sql`
    LEFT JOIN orders o ON o.user_id = ${userId} AND o.customer_id = t.customer_id
      AND o.occurred_at >= t.${sql.raw(firstAt)} AND o.occurred_at < t.${sql.raw(firstAt)} + make_interval(days => ${SALES_WINDOW_DAYS})
      ${span ? sql`AND o.occurred_at >= ${span.firstStart} AND o.occurred_at < ${span.lastStart}::timestamptz + make_interval(days => ${SALES_WINDOW_DAYS})` : sql``}`;

/** Per campaign of `rows` (campaign, customer_id, status, started_at): the guests it reached and those it kept back, with who came back and what they spent. */
async function campaignFigures(db: Db, userId: string, rows: RawBuilder<unknown>, span?: OrderSpan): Promise<Map<string, PerCampaign>> {
  const { rows: perCampaign } = await sql<Figures & { campaign: string; reached: boolean }>`
      WITH rows AS (${rows}), touched AS (
        SELECT campaign, customer_id, bool_or(status <> 'holdout') AS reached,
          coalesce(min(started_at) FILTER (WHERE status <> 'holdout'), min(started_at)) AS first_at
        FROM rows GROUP BY campaign, customer_id
      ), spent AS (
        SELECT t.campaign, t.customer_id, t.reached, count(o.customer_id) AS visits, coalesce(sum(o.total_cents), 0) AS cents
        FROM touched t ${spentSince(userId, 'first_at', span)} GROUP BY t.campaign, t.customer_id, t.reached
      )
      SELECT campaign, reached, count(*)::int AS size, count(*) FILTER (WHERE visits > 0)::int AS guests, coalesce(sum(cents), 0)::int8 AS revenue
      FROM spent GROUP BY campaign, reached`.execute(db);
  const byCampaign = new Map<string, PerCampaign>();
  for (const row of perCampaign) {
    const entry = byCampaign.get(row.campaign) ?? {};
    if (row.reached) entry.reached = row;
    else entry.held = row;
    byCampaign.set(row.campaign, entry);
  }
  return byCampaign;
}

/** What came back overall, beside each campaign's holdout: each campaign's lift is its returning guests less its reached × its holdout's return rate. */
function combine(all: Figures, campaigns: PerCampaign[]): CameBack {
  let holdout: CameBack['holdout'] = null;
  let liftGuests = 0;
  let liftCents = 0;
  for (const { reached, held } of campaigns) {
    if (!held || held.size === 0) continue;
    const size = reached?.size ?? 0;
    const guests = reached?.guests ?? 0;
    const cents = Number(reached?.revenue ?? 0);
    holdout ??= { campaigns: 0, size: 0, guests: 0, revenue_cents: 0, reached: 0, reached_guests: 0, reached_revenue_cents: 0 };
    holdout.campaigns += 1;
    holdout.size += held.size;
    holdout.guests += held.guests;
    holdout.revenue_cents += Number(held.revenue);
    holdout.reached += size;
    holdout.reached_guests += guests;
    holdout.reached_revenue_cents += cents;
    liftGuests += guests - size * (held.guests / held.size);
    liftCents += cents - size * (Number(held.revenue) / held.size);
  }
  return {
    reached: all.size,
    guests: all.guests,
    revenue_cents: Number(all.revenue),
    window_days: SALES_WINDOW_DAYS,
    holdout,
    lift_guests: holdout ? Math.max(0, Math.round(liftGuests)) : null,
    lift_revenue_cents: holdout ? Math.max(0, Math.round(liftCents)) : null,
  };
}

/**
 * A campaign's sends as the kept figures were computed from: how many had started, the first and the last start
 * (PostgreSQL's text of each, exact to the microsecond, and as a Date).
 */
type Fingerprint = { campaign: string; sends: number; first_at: string; last_at: string; first_ms: Date; last_ms: Date };
type KeptRow = Fingerprint & {
  reached: number | null;
  reached_guests: number;
  reached_cents: string | number;
  held: number;
  held_guests: number;
  held_cents: string | number;
  exact: boolean;
  computed_at: Date;
};

/** The lock that orders and ledger writes take shared (migration 0290's triggers) and filling the kept figures takes alone. */
const keptLock = (userId: string) => sql`hashtext(${`came-back:${userId}`})`;

const NONE: Figures = { size: 0, guests: 0, revenue: 0 };
const toCameBack = (entry: PerCampaign) => combine(entry.reached ?? NONE, [entry]);

/**
 * `cameBack` over each campaign's whole life for several campaigns of one owner: the figures every campaign report
 * shows (its "Sales brought back"), keyed by campaign. Kept per campaign once computed (table `campaign_came_back`,
 * kept up to date by migration 0290's and 0314's triggers), so a second look reads one row per campaign; what is
 * not kept, or kept but out of date, is computed, one campaign at a time, and kept.
 */
export async function cameBackPerCampaign(db: Db, userId: string, campaignKeys: string[]): Promise<Map<string, CameBack>> {
  if (campaignKeys.length === 0) return new Map();
  const { exact, missing } = await keptFigures(db, userId, campaignKeys);
  for (const print of missing) exact.set(print.campaign, (await fillKept(db, userId, print)).entry);
  return new Map(campaignKeys.map((key) => [key, toCameBack(exact.get(key) ?? {})]));
}

/**
 * The same figures for Ask, answered at once: where a campaign's kept figures are out of date (an order or a
 * ledger change since, or a send of it started since), they are used as they were, with `asOf` the moment the
 * oldest of them was worked out, and the refill job is asked for (it joins one already waiting); only a campaign
 * with nothing kept at all is computed here. `asOf` is null when every figure is exact.
 */
export async function recentCameBack(
  db: Db,
  now: () => Date,
  userId: string,
  campaignKeys: string[],
): Promise<{ figures: Map<string, CameBack>; asOf: Date | null }> {
  if (campaignKeys.length === 0) return { figures: new Map(), asOf: null };
  const { exact, stale, missing } = await keptFigures(db, userId, campaignKeys);
  let asOf: Date | null = null;
  for (const print of missing) {
    const kept = stale.get(print.campaign);
    if (kept) {
      exact.set(print.campaign, kept.entry);
      if (!asOf || kept.computedAt < asOf) asOf = kept.computedAt;
    } else exact.set(print.campaign, (await fillKept(db, userId, print)).entry);
  }
  if (asOf) await requestCampaignRefill(db, now, userId);
  return { figures: new Map(campaignKeys.map((key) => [key, toCameBack(exact.get(key) ?? {})])), asOf };
}

/**
 * Computes and keeps the figures of those of `campaignKeys` that are not kept, or kept but out of date, ahead of
 * anyone asking (the refill job, campaign-refill.ts). Returns how many were computed and how many of them could
 * not be kept because a write of this owner's orders or ledger was in flight.
 */
export async function keepCameBack(db: Db, userId: string, campaignKeys: string[]): Promise<{ computed: number; notKept: number }> {
  if (campaignKeys.length === 0) return { computed: 0, notKept: 0 };
  const { missing } = await keptFigures(db, userId, campaignKeys);
  let notKept = 0;
  for (const print of missing) if (!(await fillKept(db, userId, print)).kept) notKept += 1;
  return { computed: missing.length, notKept };
}

/**
 * The kept figures of these campaigns: those that match their sends now and are not marked stale (`exact`), those
 * kept but out of date (`stale`, with when they were worked out), and the fingerprints of every campaign whose
 * figures are not exact (`missing`: stale or never kept).
 */
async function keptFigures(
  db: Db,
  userId: string,
  campaignKeys: string[],
): Promise<{ exact: Map<string, PerCampaign>; stale: Map<string, { entry: PerCampaign; computedAt: Date }>; missing: Fingerprint[] }> {
  const { rows } = await sql<KeptRow>`
    WITH prints AS (
      SELECT ${campaignKeySql('s')} AS campaign, count(*)::int AS sends, min(s.started_at) AS first_at, max(s.started_at) AS last_at
      FROM sends s WHERE s.user_id = ${userId} AND s.started_at IS NOT NULL AND ${campaignKeySql('s')} IN (${sql.join(campaignKeys)})
      GROUP BY 1
    )
    SELECT p.campaign, p.sends, p.first_at::text AS first_at, p.last_at::text AS last_at, p.first_at AS first_ms, p.last_at AS last_ms,
      k.reached, k.reached_guests, k.reached_cents, k.held, k.held_guests, k.held_cents, k.computed_at,
      (k.stale_since IS NULL AND k.sends = p.sends AND k.first_started_at = p.first_at AND k.last_started_at = p.last_at) AS exact
    FROM prints p LEFT JOIN campaign_came_back k ON k.user_id = ${userId} AND k.campaign_key = p.campaign`.execute(db);
  const exact = new Map<string, PerCampaign>();
  const stale = new Map<string, { entry: PerCampaign; computedAt: Date }>();
  const missing: Fingerprint[] = [];
  for (const row of rows) {
    if (row.reached === null) {
      missing.push(row);
      continue;
    }
    const entry: PerCampaign = {
      reached: { size: row.reached, guests: row.reached_guests, revenue: row.reached_cents },
      held: { size: row.held, guests: row.held_guests, revenue: row.held_cents },
    };
    if (row.exact) exact.set(row.campaign, entry);
    else {
      stale.set(row.campaign, { entry, computedAt: new Date(row.computed_at) });
      missing.push(row);
    }
  }
  return { exact, stale, missing };
}

/**
 * Computes one campaign's figures (its sends as the fingerprint names them: started, up to the last start) and
 * keeps them, under the owner's lock taken without waiting: while an order or ledger write of this owner is in
 * flight its trigger holds the lock shared, and the figures are returned but not kept (the next look computes
 * them again); while the lock is held here, such a write waits, then removes what it changes. One campaign per
 * statement: each reads only its own stretch of orders (three times faster than one statement over the span of
 * all of them at 100k guests), and a write waits for one campaign at most.
 */
async function fillKept(db: Db, userId: string, print: Fingerprint): Promise<{ entry: PerCampaign; kept: boolean }> {
  // Its first and last start, widened to whole milliseconds (a Date keeps no microseconds).
  const span = { firstStart: new Date(print.first_ms.getTime()), lastStart: new Date(print.last_ms.getTime() + 1) };
  const compute = async (on: Db) =>
    (await campaignFigures(on, userId, sql`
      SELECT ${campaignKeySql('s')} AS campaign, r.customer_id, r.status, s.started_at
      FROM sends s JOIN send_recipients r ON r.send_id = s.id
      WHERE s.user_id = ${userId} AND s.started_at IS NOT NULL AND s.started_at < ${span.lastStart} AND ${campaignKeySql('s')} = ${print.campaign}
        AND r.status IN ('sent', 'delivered', 'holdout')`, span)).get(print.campaign) ?? {};
  // Inside someone else's transaction: computed, not kept (the lock and the row would outlive this call's say).
  if (db.isTransaction) return { entry: await compute(db), kept: false };
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${keptLock(userId)}) AS locked`.execute(trx);
    const entry = await compute(trx);
    if (!rows[0]?.locked) return { entry, kept: false };
    const zero: Figures = { size: 0, guests: 0, revenue: 0 };
    const [reached, held] = [entry.reached ?? zero, entry.held ?? zero];
    const [first, last] = [sql`${print.first_at}::timestamptz`, sql`${print.last_at}::timestamptz`];
    await sql`
      INSERT INTO campaign_came_back AS k (user_id, campaign_key, sends, first_started_at, last_started_at, window_from, window_to,
        reached, reached_guests, reached_cents, held, held_guests, held_cents)
      VALUES (${userId}::uuid, ${print.campaign}, ${print.sends}::int, ${first}, ${last}, ${first}, ${last} + make_interval(days => ${SALES_WINDOW_DAYS}),
        ${reached.size}::int, ${reached.guests}::int, ${String(reached.revenue)}::int8, ${held.size}::int, ${held.guests}::int, ${String(held.revenue)}::int8)
      ON CONFLICT (user_id, campaign_key) DO UPDATE SET sends = excluded.sends, first_started_at = excluded.first_started_at,
        last_started_at = excluded.last_started_at, window_from = excluded.window_from, window_to = excluded.window_to,
        reached = excluded.reached, reached_guests = excluded.reached_guests, reached_cents = excluded.reached_cents,
        held = excluded.held, held_guests = excluded.held_guests, held_cents = excluded.held_cents, computed_at = now(), stale_since = NULL`.execute(trx);
    return { entry, kept: true };
  });
}

/** A report's window for one scope: the channel's figures and what came back from sends started in it. */
export async function reportPeriod(db: Db, scope: CampaignScope, channel: 'email' | 'sms', window: ReportWindow) {
  const [figures, came] = await Promise.all([channelFigures(db, scope, channel, window), cameBack(db, scope, window.from, window.to)]);
  return { window: windowJson(window), figures, came_back: came };
}
