import type { EmailCampaign, EmailReport, EmailStats, ScheduledEmail } from '../../../src/contract/email-campaigns.ts';
import { SCHEDULED_FILTERS, specStatusOf, type ScheduledFilter } from '../../../src/contract/email-campaigns.ts';
import { SENDING_MESSAGES } from '../../../src/contract/sending.ts';
import type { Deps } from '../../deps.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { getOwnSegment } from '../segments/segments.service.ts';
import { campaignKeyOf, createSend } from '../sending/engine.ts';
import { channelFigures, reportPeriod, reportWindow } from '../analytics/campaign-results.ts';
import { REPORT_DEFAULT_DAYS } from '../../../src/contract/campaign-results.ts';
import { firstHours, rate, reachableCount, salesBack, sendTotals, toSendSummary } from '../sending/send-stats.ts';
import type { SendRow } from '../sending/sending.table.ts';
import { checkEntitlement } from '../subscriptions/entitlements.ts';
import { findDraft } from './email-drafts.service.ts';

type CampaignDeps = Pick<Deps, 'db' | 'now' | 'campaignMailer'>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A little slack: a time picked for "now" on a slow phone is not "in the past". */
const PAST_SLACK_MS = 60_000;

type LaunchInput = { draft_campaign_id: string; segmentation_id: string; holdout_percent: number };

/** How many the email would reach now (consent and the do-not-contact list applied), and the segment's size. */
export async function emailAudience(deps: CampaignDeps, userId: string, segmentId: string) {
  const segment = await ownSegment(deps, userId, segmentId);
  const { reachable } = await reachableCount(deps.db, userId, segment.id, 'email', deps.now());
  return { segment, reachable };
}

async function ownSegment(deps: CampaignDeps, userId: string, segmentId: string) {
  if (!UUID.test(segmentId)) throw fieldError('segmentation_id', 'No such segment', 404, 'not_found');
  return getOwnSegment(deps.db, userId, segmentId);
}

/**
 * Launch now or schedule: a completed draft to a segment. Refused with the reason when the email is not
 * completed, nobody in the segment can be emailed, or the plan's emails would run out (402 saying by how many).
 */
export async function sendEmailCampaign(deps: CampaignDeps, userId: string, input: LaunchInput & { scheduled_time?: string }, baseUrl: string): Promise<{ message: string; campaign: EmailCampaign }> {
  const now = deps.now();
  let scheduledAt = now;
  if (input.scheduled_time !== undefined) {
    scheduledAt = new Date(input.scheduled_time);
    if (scheduledAt.getTime() < now.getTime() - PAST_SLACK_MS) throw fieldError('scheduled_time', SENDING_MESSAGES.pastSchedule);
  }
  if (!UUID.test(input.draft_campaign_id)) throw fieldError('draft_campaign_id', 'No such email draft', 404, 'not_found');
  const draft = await findDraft(deps, userId, input.draft_campaign_id);
  if (draft.completions.length === 0) throw fieldError('draft_campaign_id', 'Complete the email before sending it');
  const { segment, reachable } = await emailAudience(deps, userId, input.segmentation_id);
  if (reachable === 0) throw fieldError('segmentation_id', 'Nobody in this segment can get this email: no one there has an email address and has agreed to marketing email.');
  await checkEntitlement(deps.db, userId, 'emailsPerMonth', reachable, now);
  const send = await createSend(deps, {
    userId,
    channel: 'email',
    sourceKind: 'email_draft',
    sourceId: draft.id,
    segmentId: segment.id,
    title: draft.user_title,
    scheduledAt,
    baseUrl,
    holdoutPercent: input.holdout_percent,
  });
  // The estimate holds the plan's allowance for a scheduled send until it goes out.
  await deps.db.updateTable('sends').set({ audience_count: reachable }).where('id', '=', send.id).execute();
  const message = input.scheduled_time !== undefined ? SENDING_MESSAGES.scheduled : SENDING_MESSAGES.launched;
  return { message, campaign: await toCampaign(deps, { ...send, audience_count: reachable }) };
}

export async function findEmailSend(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<SendRow> {
  if (!UUID.test(id)) throw notFound('No such campaign');
  const send = await deps.db.selectFrom('sends').selectAll().where('id', '=', id).where('user_id', '=', userId).where('channel', '=', 'email').executeTakeFirst();
  if (!send) throw notFound('No such campaign');
  return send;
}

async function segmentTitles(deps: Pick<Deps, 'db'>, ids: Array<string | null>) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await deps.db.selectFrom('segments').select(['id', 'title']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row.title]));
}

const transportOf = (deps: CampaignDeps) => ({ label: deps.campaignMailer.label, delivers: deps.campaignMailer.kind === 'smtp' });

async function toCampaign(deps: CampaignDeps, send: SendRow, titles?: Map<string, string>): Promise<EmailCampaign> {
  const [totals, names] = await Promise.all([sendTotals(deps.db, send.id), titles ?? segmentTitles(deps, [send.segment_id])]);
  const subject = (send.content as { subject?: string } | null)?.subject ?? (await deps.db.selectFrom('email_drafts').select('subject').where('id', '=', send.source_id).executeTakeFirst())?.subject ?? '';
  return {
    id: send.id,
    settings: { title: send.title, subject_line: subject },
    status: specStatusOf(send.status),
    send_time: (send.started_at ?? send.scheduled_at).toISOString(),
    recipients: { list_id: send.segment_id, recipient_count: send.audience_count ?? totals.total },
    emails_sent: totals.sent,
    report_summary: {
      opens: totals.opensTotal,
      unique_opens: totals.uniqueOpens,
      open_rate: rate(totals.uniqueOpens, totals.delivered),
      clicks: totals.clicksTotal,
      click_rate: rate(totals.uniqueClicks, totals.delivered),
    },
    send: toSendSummary(send, send.segment_id ? (names.get(send.segment_id) ?? null) : null, transportOf(deps)),
    draft_id: send.source_id,
  };
}

/** Campaigns that have started (history), newest first: spec §7 listing (count, offset, status). */
export async function listEmailCampaigns(deps: CampaignDeps, userId: string, query: { count: number; offset: number; status?: 'sent' | 'sending' }) {
  let base = deps.db.selectFrom('sends').where('user_id', '=', userId).where('channel', '=', 'email').where('started_at', 'is not', null);
  if (query.status === 'sent') base = base.where('status', '=', 'sent');
  if (query.status === 'sending') base = base.where('status', 'in', ['sending', 'paused']);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('started_at', 'desc').orderBy('id').limit(query.count).offset(query.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const titles = await segmentTitles(deps, rows.map((row) => row.segment_id));
  const campaigns: EmailCampaign[] = [];
  for (const row of rows) campaigns.push(await toCampaign(deps, row, titles));
  return { campaigns, total_items: Number(total.n) };
}

export async function getEmailCampaign(deps: CampaignDeps, userId: string, id: string) {
  return toCampaign(deps, await findEmailSend(deps, userId, id));
}

/**
 * The report: spec §2 tiles with the §9 formulas over the campaign's life, the first 48 hours, what came back to
 * the till (with the holdout), doubts, and the same analytics as the dashboard for the last `days` days.
 */
export async function emailReport(deps: CampaignDeps, userId: string, id: string, days: number = REPORT_DEFAULT_DAYS): Promise<EmailReport> {
  const send = await findEmailSend(deps, userId, id);
  const window = await reportWindow(deps.db, userId, days, deps.now());
  const [campaign, totals, timeline, sales, period] = await Promise.all([
    toCampaign(deps, send),
    sendTotals(deps.db, send.id),
    firstHours(deps.db, send),
    salesBack(deps.db, send),
    reportPeriod(deps.db, { userId, campaignKey: campaignKeyOf(send) }, 'email', window),
  ]);
  const bounces = totals.hardBounces + totals.softBounces;
  const waiting = (totals.byStatus.queued ?? 0) + (totals.byStatus.held ?? 0) + (totals.byStatus.claimed ?? 0) + (totals.byStatus.sending ?? 0);
  return {
    campaign,
    total_sent: totals.sent,
    total_delivered: totals.sent - bounces,
    delivered_rate: rate(totals.sent - bounces, totals.sent),
    bounce_rate: rate(bounces, totals.sent),
    opens: { opens_total: totals.opensTotal, unique_opens: totals.uniqueOpens, open_rate: rate(totals.uniqueOpens, totals.sent - bounces), proxy_opens: totals.proxyOpens },
    clicks: { clicks_total: totals.clicksTotal, unique_clicks: totals.uniqueClicks, click_rate: rate(totals.uniqueClicks, totals.sent - bounces) },
    bounces: { hard_bounces: totals.hardBounces, soft_bounces: totals.softBounces, syntax_errors: 0 },
    unsubscribes: totals.unsubscribes,
    suppressed: (totals.byStatus.suppressed ?? 0) + (totals.byStatus.skipped ?? 0),
    uncertain: totals.byStatus.uncertain ?? 0,
    waiting,
    timeline,
    sales_back: sales,
    period,
  };
}

/** Spec §7 scheduled list: every send that has not finished or did not happen, by filter and search. */
export async function scheduledEmails(deps: CampaignDeps, userId: string, query: { status: ScheduledFilter; search: string; limit: number }): Promise<ScheduledEmail[]> {
  let base = deps.db.selectFrom('sends').selectAll().where('user_id', '=', userId).where('channel', '=', 'email');
  const wanted = SCHEDULED_FILTERS[query.status];
  if (wanted) base = base.where('status', 'in', engineStatuses(wanted));
  if (query.search) base = base.where((eb) => eb.or([eb('title', 'ilike', `%${query.search.replace(/[%_\\]/g, '\\$&')}%`), eb(eb.cast('id', 'text'), '=', query.search)]));
  const rows = await base.orderBy('scheduled_at', 'desc').limit(query.limit).execute();
  const titles = await segmentTitles(deps, rows.map((row) => row.segment_id));
  return rows.map((row) => ({
    schedule_id: row.id,
    email_title: row.title,
    status: specStatusOf(row.status),
    scheduled_time: row.scheduled_at.toISOString(),
    segment_title: row.segment_id ? (titles.get(row.segment_id) ?? null) : null,
    recipients: row.audience_count,
  }));
}

function engineStatuses(spec: readonly string[]): Array<SendRow['status']> {
  const map: Record<string, Array<SendRow['status']>> = { schedule: ['scheduled'], sending: ['pending', 'sending'], paused: ['paused'], sent: ['sent'], canceled: ['canceled'], failed: ['failed'] };
  return spec.flatMap((status) => map[status] ?? []);
}

/** Only a scheduled campaign can be cancelled from this list (spec §4), and for good. */
export async function cancelScheduledEmail(deps: CampaignDeps, userId: string, id: string, cancel: (id: string) => Promise<boolean>) {
  const send = await findEmailSend(deps, userId, id);
  if (send.status !== 'scheduled' || !(await cancel(send.id))) throw new AppError(409, 'Only a scheduled campaign can be cancelled, and this one is no longer scheduled.', 'conflict');
  return { message: SENDING_MESSAGES.cancelled };
}

/** Spec §3 Email stats for the last `days` days: the analytics layer's email figures (the dashboard's Email tab). */
export async function emailStats(deps: Pick<Deps, 'db' | 'now'>, userId: string, days: number): Promise<EmailStats> {
  const figures = await channelFigures(deps.db, { userId }, 'email', await reportWindow(deps.db, userId, days, deps.now()));
  return {
    total_campaign: figures.campaigns,
    total_sent: figures.sent,
    open_data: { unique_rate: figures.open_rate, unique_opens: figures.unique_opens },
    click_data: { rate: figures.click_rate, unique_clicks: figures.unique_clicks },
  };
}
