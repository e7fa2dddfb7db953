import { sql } from 'kysely';
import { estimateSmsCostCents, measureSms } from '../../../src/contract/sms-segments.ts';
import { SENDING_MESSAGES } from '../../../src/contract/sending.ts';
import {
  percentOf,
  TEXT_MESSAGES,
  type ScheduledText,
  type ScheduledTextStatus,
  type SmsCampaign,
  type TextReadiness,
  type TextReport,
} from '../../../src/contract/text.ts';
import type { Deps } from '../../deps.ts';
import { withAi } from '../../lib/ai-call.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { getBrand } from '../brand/brand.service.ts';
import { segmentAudienceSelect } from '../segments/segment-audience.ts';
import { getOwnSegment } from '../segments/segments.service.ts';
import { campaignKeyOf, createSend } from '../sending/engine.ts';
import { channelFigures, reportPeriod, reportWindow } from '../analytics/campaign-results.ts';
import { REPORT_DEFAULT_DAYS } from '../../../src/contract/campaign-results.ts';
import { describeHeld, nextAllowedMoment } from '../sending/quiet-hours.ts';
import { salesBack, sendTotals, toSendSummary } from '../sending/send-stats.ts';
import type { SendRow } from '../sending/sending.table.ts';
import { checkEntitlement, usageFor } from '../subscriptions/entitlements.ts';
import { aiTurns, textBrand } from './text-chat.service.ts';
import { countsBySend, findCampaign, latestSends, scheduledStatusOf, toSmsCampaign, toSmsCampaigns } from './sms-campaigns.queries.ts';
import { requireTextReady, textReadiness } from './text-readiness.ts';
import type { SmsCampaignRow } from './text.table.ts';
import { textZones } from './text-zones.ts';

type TextDeps = Pick<Deps, 'db' | 'ai' | 'now' | 'sms' | 'env'>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A little slack: a time picked for "now" on a slow phone is not "in the past". */
const PAST_SLACK_MS = 60_000;
/** Statuses of a one-off send that keep its text from being launched again. */
const ACTIVE_SEND: SendRow['status'][] = ['scheduled', 'pending', 'sending', 'paused', 'sent'];

/** SMS_PRICE_PER_SEGMENT in cents, or null. */
const pricePerSegmentCents = (env: Deps['env']) => (env.SMS_PRICE_PER_SEGMENT ? Number(env.SMS_PRICE_PER_SEGMENT) * 100 : null);

export async function readiness(deps: TextDeps, userId: string): Promise<TextReadiness> {
  const [state, texts] = await Promise.all([textReadiness(deps.db, userId), usageFor(deps.db, userId, 'textsPerMonth', deps.now())]);
  return {
    ...state,
    delivers: deps.sms.delivers,
    transport: deps.sms.label,
    price_per_segment_cents: pricePerSegmentCents(deps.env),
    texts_used: texts.used,
    texts_limit: texts.limit,
  };
}

async function one(deps: Pick<Deps, 'db'>, userId: string, row: SmsCampaignRow): Promise<SmsCampaign> {
  const [campaign] = await toSmsCampaigns(deps.db, userId, [row]);
  return campaign!;
}

export type CampaignView = 'all' | 'drafts' | 'sent';

/**
 * The owner's texts, newest first. `drafts`: not sent and not waiting to be (never launched, or its schedule
 * was cancelled); `sent`: launched or scheduled (the history).
 */
export async function listCampaigns(deps: Pick<Deps, 'db'>, userId: string, view: CampaignView): Promise<SmsCampaign[]> {
  const rows = await deps.db.selectFrom('sms_campaigns').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null).orderBy('updated_at', 'desc').orderBy('id').limit(500).execute();
  const campaigns = await toSmsCampaigns(deps.db, userId, rows);
  if (view === 'all') return campaigns;
  const waitingOrSent = (campaign: SmsCampaign) => campaign.send !== null && !['CANCELLED', 'FAILED'].includes(campaign.send.status);
  return campaigns.filter((campaign) => (view === 'drafts' ? !waitingOrSent(campaign) : waitingOrSent(campaign)));
}

export async function getCampaign(deps: Pick<Deps, 'db'>, userId: string, id: string) {
  return one(deps, userId, await findCampaign(deps.db, userId, id));
}

/** A change made against an older version is refused with the current text, so the owner can choose. */
async function assertVersion(deps: Pick<Deps, 'db'>, userId: string, row: SmsCampaignRow, version: number | undefined) {
  if (version === undefined || version === row.version) return;
  throw new AppError(409, 'This text was changed somewhere else since you opened it.', 'conflict', { data: { current: await one(deps, userId, row) } });
}

/** Words can change until the text starts going out. */
async function assertEditable(deps: Pick<Deps, 'db'>, userId: string, row: SmsCampaignRow) {
  const send = (await latestSends(deps.db, userId, [row.id])).get(row.id);
  if (send && ['sending', 'paused', 'sent'].includes(send.status)) throw new AppError(409, 'This text has already gone out, so its words cannot change.', 'conflict');
}

async function save(deps: Pick<Deps, 'db' | 'now'>, userId: string, row: SmsCampaignRow, changes: { final_sms_draft?: string; user_title?: string; seed?: number }) {
  const updated = await deps.db
    .updateTable('sms_campaigns')
    .set({ ...changes, version: row.version + 1, updated_at: deps.now() })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new AppError(409, 'This text was changed somewhere else since you opened it.', 'conflict', { data: { current: await one(deps, userId, await findCampaign(deps.db, userId, row.id)) } });
  return updated;
}

/** Regenerate: another wording of the same conversation (spec §7 returns a message). */
export async function regenerate(deps: TextDeps, userId: string, input: { campaign_id: string; version?: number }) {
  await requireTextReady(deps.db, userId);
  const row = await findCampaign(deps.db, userId, input.campaign_id);
  await assertVersion(deps, userId, row, input.version);
  await assertEditable(deps, userId, row);
  if (!row.conversation_id) throw new AppError(409, 'This text was not written in the chat, so there is nothing to write again from.', 'conflict');
  const conversation = await deps.db.selectFrom('text_conversations').selectAll().where('id', '=', row.conversation_id).executeTakeFirstOrThrow();
  const turns = await deps.db.selectFrom('text_turns').select(['text', 'response', 'kind']).where('conversation_id', '=', conversation.id).orderBy('created_at').orderBy('id').execute();
  // The AI sees the text as it is now (the owner may have edited it), so the new wording differs from that.
  const history = aiTurns(turns);
  const lastDraft = history.findLastIndex((turn) => turn.role === 'assistant' && turn.kind === 'draft');
  if (lastDraft >= 0) history[lastDraft] = { role: 'assistant', kind: 'draft', text: row.final_sms_draft };
  const seed = row.seed + 1;
  const brand = await textBrand(deps, userId);
  const { text } = await withAi(() => deps.ai.regenerateText({ messages: history, style: conversation.style, category: conversation.sms_category, brand, seed }));
  const updated = await save(deps, userId, row, { final_sms_draft: text, seed });
  return { message: TEXT_MESSAGES.regenerated, final_sms_draft: text, campaign: await one(deps, userId, updated) };
}

/** The owner's own words for the text (spec §7 update draft text). */
export async function updateDraftText(deps: TextDeps, userId: string, input: { campaign_id: string; new_draft_text: string; version?: number }) {
  await requireTextReady(deps.db, userId);
  const row = await findCampaign(deps.db, userId, input.campaign_id);
  await assertVersion(deps, userId, row, input.version);
  await assertEditable(deps, userId, row);
  const updated = await save(deps, userId, row, { final_sms_draft: input.new_draft_text });
  return { message: 'Updated successfully', campaign: await one(deps, userId, updated) };
}

/** Spec §7 update title; the conversation that wrote it keeps the same title. */
export async function updateTitle(deps: TextDeps, userId: string, input: { campaign_id: string; campaign_title: string }) {
  const row = await findCampaign(deps.db, userId, input.campaign_id);
  // A title is not the text: it does not bump the version, so a text edit queued on the phone still applies.
  await deps.db.updateTable('sms_campaigns').set({ user_title: input.campaign_title, updated_at: deps.now() }).where('id', '=', row.id).execute();
  if (row.conversation_id) await deps.db.updateTable('text_conversations').set({ title: input.campaign_title, updated_at: deps.now() }).where('id', '=', row.conversation_id).execute();
  return { message: TEXT_MESSAGES.titleUpdated };
}

/** A draft can go; a text that is scheduled or has gone out stays (its report needs it). */
export async function deleteCampaign(deps: TextDeps, userId: string, id: string) {
  const row = await findCampaign(deps.db, userId, id);
  const send = (await latestSends(deps.db, userId, [row.id])).get(row.id);
  if (send && ACTIVE_SEND.includes(send.status)) throw new AppError(409, 'This text is scheduled or has been sent, so it stays. Cancel the schedule first.', 'conflict');
  await deps.db.updateTable('sms_campaigns').set({ deleted_at: deps.now(), updated_at: deps.now() }).where('id', '=', row.id).execute();
  return { message: 'Text deleted' };
}

async function ownSegment(deps: Pick<Deps, 'db'>, userId: string, segmentId: string) {
  if (!UUID.test(segmentId)) throw fieldError('segmentation_id', 'No such segment', 404, 'not_found');
  return getOwnSegment(deps.db, userId, segmentId);
}

/**
 * Who the text would reach at `at` (consent, the do-not-contact list), counted by where their numbers say
 * they are: North American numbers by area code, others one by one. The database does the counting, so a
 * 50,000-guest segment is a few hundred rows here.
 */
async function reachByPlace(deps: Pick<Deps, 'db'>, userId: string, segmentId: string, at: Date) {
  const audience = (await segmentAudienceSelect(deps.db, userId, segmentId, 'sms', at))
    .clearSelect()
    .clearOrderBy()
    .select([sql<string>`CASE WHEN c.phone LIKE '+1%' THEN left(c.phone, 5) ELSE c.phone END`.as('place'), sql<number>`count(*)::int`.as('n')])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('suppressions as s').select('s.address').where('s.user_id', '=', userId).where('s.channel', '=', 'sms').whereRef('s.address', '=', sql.ref('c.phone')))),
    )
    .groupBy(sql`1`);
  return (await audience.execute()) as Array<{ place: string; n: number }>;
}

/** Quiet hours at `at`: who would wait, grouped by the moment their window opens, as sentences for the owner. */
async function heldAt(deps: Pick<Deps, 'db' | 'now'>, userId: string, places: Array<{ place: string; n: number }>, at: Date) {
  const zones = await textZones(deps.db, userId);
  const groups = new Map<number, { until: Date; count: number; timeZones: string[] }>();
  for (const { place, n } of places) {
    // "+1212" stands for every number of that area code.
    const phone = place.length === 5 ? `${place}5550100` : place;
    const placeZones = zones.forPhone(phone, at);
    const until = nextAllowedMoment(at, placeZones);
    if (until.getTime() <= at.getTime()) continue;
    const group = groups.get(until.getTime()) ?? { until, count: 0, timeZones: [] };
    group.count += n;
    for (const zone of placeZones) if (!group.timeZones.includes(zone)) group.timeZones.push(zone);
    groups.set(until.getTime(), group);
  }
  const ordered = [...groups.values()].sort((a, b) => a.until.getTime() - b.until.getTime());
  const restaurantTimeZone = zones.restaurant ?? 'America/New_York';
  const sentences = describeHeld(ordered, { now: deps.now(), restaurantTimeZone });
  return ordered.map((group, index) => ({ until: group.until.toISOString(), count: group.count, sentence: sentences[index]! }));
}

function momentOf(deps: Pick<Deps, 'now'>, scheduledTime: string | undefined): Date {
  const now = deps.now();
  if (scheduledTime === undefined) return now;
  const at = new Date(scheduledTime);
  if (at.getTime() < now.getTime() - PAST_SLACK_MS) throw fieldError('scheduled_time', SENDING_MESSAGES.pastSchedule);
  return at.getTime() < now.getTime() ? now : at;
}

/** Before confirming: how many, how long, what it may cost, and who quiet hours will hold. */
export async function previewSend(deps: TextDeps, userId: string, input: { campaign_id: string; segmentation_id: string; scheduled_time?: string }) {
  await requireTextReady(deps.db, userId);
  const at = momentOf(deps, input.scheduled_time);
  const row = await findCampaign(deps.db, userId, input.campaign_id);
  const segment = await ownSegment(deps, userId, input.segmentation_id);
  const places = await reachByPlace(deps, userId, segment.id, at);
  const recipients = places.reduce((sum, place) => sum + place.n, 0);
  const measure = measureSms(row.final_sms_draft);
  return {
    recipients,
    segments_per_text: measure.segments,
    encoding: measure.encoding,
    estimated_cost_cents: deps.env.SMS_PRICE_PER_SEGMENT ? estimateSmsCostCents(measure.segments, recipients, Number(deps.env.SMS_PRICE_PER_SEGMENT)) : null,
    delivers: deps.sms.delivers,
    held: await heldAt(deps, userId, places, at),
  };
}

/**
 * Launch now or schedule (spec §5, §7): readiness, a segment someone in it can be texted in, the plan's
 * texts, and one one-off send per text at a time. Quiet hours do not block it: the engine holds each guest
 * until their window opens, and the answer says so.
 */
export async function sendText(deps: TextDeps, userId: string, input: { campaign_id: string; segmentation_id: string; scheduled_time?: string; holdout_percent?: number }, baseUrl: string) {
  await requireTextReady(deps.db, userId);
  const at = momentOf(deps, input.scheduled_time);
  const row = await findCampaign(deps.db, userId, input.campaign_id);
  const previous = (await latestSends(deps.db, userId, [row.id])).get(row.id);
  if (previous && ACTIVE_SEND.includes(previous.status)) {
    throw new AppError(409, previous.status === 'scheduled' ? 'This text is already scheduled. Cancel that first to pick another time.' : 'This text has already been sent. Write a new one to send again.', 'conflict');
  }
  const segment = await ownSegment(deps, userId, input.segmentation_id);
  const places = await reachByPlace(deps, userId, segment.id, at);
  const reachable = places.reduce((sum, place) => sum + place.n, 0);
  if (reachable === 0) throw fieldError('segmentation_id', 'Nobody in this segment can get this text: no one there has a mobile number and has agreed to marketing texts.');
  await checkEntitlement(deps.db, userId, 'textsPerMonth', reachable, deps.now());
  const send = await createSend(deps, {
    userId,
    channel: 'sms',
    sourceKind: 'sms_campaign',
    sourceId: row.id,
    segmentId: segment.id,
    title: row.user_title,
    scheduledAt: at,
    baseUrl,
    holdoutPercent: input.holdout_percent ?? 0,
    campaignKey: `sms:${row.id}`,
  });
  // The estimate holds the plan's allowance for a scheduled send until it goes out.
  await deps.db.updateTable('sends').set({ audience_count: reachable }).where('id', '=', send.id).execute();
  const held = await heldAt(deps, userId, places, at);
  if (input.scheduled_time !== undefined) return { message: SENDING_MESSAGES.scheduled, scheduled_id: send.id, held };
  return { message: SENDING_MESSAGES.launched, campaign_id: row.id, held };
}

/** The send of a text, owned by this owner, or 404. */
async function findTextSend(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<SendRow> {
  if (!UUID.test(id)) throw notFound('No such campaign');
  const send = await deps.db.selectFrom('sends').selectAll().where('id', '=', id).where('user_id', '=', userId).where('channel', '=', 'sms').executeTakeFirst();
  if (!send) throw notFound('No such campaign');
  return send;
}

const ENGINE_STATUSES: Record<ScheduledTextStatus, SendRow['status'][]> = {
  SCHEDULED: ['scheduled'],
  PENDING: ['pending', 'sending', 'paused'],
  COMPLETED: ['sent'],
  CANCELLED: ['canceled'],
  FAILED: ['failed'],
};

/**
 * Spec §7 scheduled list: every one-off send of a text, by status, searched by restaurant name or scheduled
 * id (spec §5), and, since one restaurant's name matches all of its own, by the text's title and words too.
 */
export async function scheduledTexts(deps: Pick<Deps, 'db'>, userId: string, query: { status?: ScheduledTextStatus; search: string }): Promise<ScheduledText[]> {
  const brand = await getBrand(deps.db, userId);
  const restaurant = brand.brandName;
  let base = deps.db
    .selectFrom('sends as s')
    .innerJoin('sms_campaigns as m', (join) => join.on(sql`m.id::text`, '=', sql.ref('s.source_id')))
    .select(['s.id', 's.status', 's.scheduled_at', 's.content', 'm.id as campaign_id', 'm.final_sms_draft', 'm.user_title'])
    .where('s.user_id', '=', userId)
    .where('s.channel', '=', 'sms')
    .where('s.source_kind', '=', 'sms_campaign');
  if (query.status) base = base.where('s.status', 'in', ENGINE_STATUSES[query.status]);
  const search = query.search.trim();
  if (search && !restaurant.toLowerCase().includes(search.toLowerCase())) {
    const like = `%${search.replace(/[%_\\]/g, '\\$&')}%`;
    base = base.where((eb) => eb.or([eb(eb.cast('s.id', 'text'), '=', search.toLowerCase()), eb('s.title', 'ilike', like), eb('m.final_sms_draft', 'ilike', like)]));
  }
  const rows = await base.orderBy('s.scheduled_at', 'desc').limit(1000).execute();
  return rows.map((row) => ({
    scheduled_id: row.id,
    campaign_id: row.campaign_id,
    title: row.user_title,
    restaurant_name: restaurant,
    // What went out (fixed when sending began), else the words as they are now.
    final_sms_draft: (row.content as { body?: string } | null)?.body ?? row.final_sms_draft,
    status: scheduledStatusOf(row.status),
    scheduled_time: row.scheduled_at.toISOString(),
  }));
}

/** Spec §4: SCHEDULED or PENDING can be cancelled (what had not gone out stays unsent). */
export async function cancelScheduledText(deps: Pick<Deps, 'db'>, userId: string, id: string, cancel: (id: string) => Promise<boolean>) {
  const send = await findTextSend(deps, userId, id);
  const status = scheduledStatusOf(send.status);
  if ((status !== 'SCHEDULED' && status !== 'PENDING') || !(await cancel(send.id))) {
    throw new AppError(409, 'Only a scheduled or pending campaign can be cancelled, and this one is not any more.', 'conflict');
  }
  return { message: SENDING_MESSAGES.cancelled };
}

/** The one-off send a text's report is about (its latest), or 404 when it was never sent. */
export async function campaignSend(deps: Pick<Deps, 'db'>, userId: string, campaignId: string) {
  const row = await findCampaign(deps.db, userId, campaignId);
  const send = (await latestSends(deps.db, userId, [row.id])).get(row.id);
  if (!send) throw notFound('This text has not been sent yet');
  return { row, send };
}

/** The Report tab: spec §9 figures, the opt-outs it caused, who was left out and why, and what came back. */
export async function textReport(deps: TextDeps, userId: string, campaignId: string, days: number = REPORT_DEFAULT_DAYS): Promise<TextReport> {
  const { row, send } = await campaignSend(deps, userId, campaignId);
  const window = await reportWindow(deps.db, userId, days, deps.now());
  const [totals, counts, sales, segment, optOuts, period] = await Promise.all([
    sendTotals(deps.db, send.id),
    countsBySend(deps.db, [send.id]),
    salesBack(deps.db, send),
    send.segment_id ? deps.db.selectFrom('segments').select('title').where('id', '=', send.segment_id).executeTakeFirst() : undefined,
    optOutsAfter(deps, send),
    reportPeriod(deps.db, { userId, campaignKey: campaignKeyOf(send) }, 'sms', window),
  ]);
  const figures = counts.get(send.id) ?? { total_sent: 0, delivered: 0, pending: 0, failed: 0 };
  const body = (send.content as { body?: string } | null)?.body ?? row.final_sms_draft;
  return {
    campaign: toSmsCampaign(row, send, figures),
    send: toSendSummary(send, segment?.title ?? null, { label: deps.sms.label, delivers: deps.sms.delivers }),
    ...figures,
    delivered_percent: percentOf(figures.delivered, figures.total_sent),
    pending_percent: percentOf(figures.pending, figures.total_sent),
    failed_percent: percentOf(figures.failed, figures.total_sent),
    opt_outs: optOuts,
    skipped_too_soon: totals.byStatus.skipped ?? 0,
    suppressed: totals.byStatus.suppressed ?? 0,
    waiting: (totals.byStatus.queued ?? 0) + (totals.byStatus.held ?? 0) + (totals.byStatus.claimed ?? 0) + (totals.byStatus.sending ?? 0),
    uncertain: totals.byStatus.uncertain ?? 0,
    segments_per_text: measureSms(body).segments,
    sales_back: sales,
    period,
  };
}

/** Recipients of this send who withdrew text consent after it reached them (a STOP reply, or the carrier's). */
async function optOutsAfter(deps: Pick<Deps, 'db'>, send: SendRow): Promise<number> {
  const row = await deps.db
    .selectFrom('send_recipients as r')
    .innerJoin('consent_events as e', (join) => join.onRef('e.customer_id', '=', 'r.customer_id').on('e.channel', '=', 'sms').on('e.granted', '=', false))
    .select(sql<number>`count(DISTINCT r.customer_id)::int`.as('n'))
    .where('r.send_id', '=', send.id)
    .where('r.sent_at', 'is not', null)
    .whereRef('e.at', '>=', 'r.sent_at')
    .where('e.user_id', '=', send.user_id)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Spec §3 Text stats over the owner's texts sent in the last `days` days (the spec's fixed 2024 range is not
 * kept): the analytics layer's text figures, delivered and failed as rounded percentages of those sent (§9).
 */
export async function textStats(deps: Pick<Deps, 'db' | 'now'>, userId: string, days: number = REPORT_DEFAULT_DAYS) {
  const figures = await channelFigures(deps.db, { userId }, 'sms', await reportWindow(deps.db, userId, days, deps.now()));
  return { total_sent: figures.sent, delivery_rate: percentOf(figures.delivered, figures.sent), bounce_rate: percentOf(figures.failed, figures.sent) };
}
