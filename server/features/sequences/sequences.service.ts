import { sql } from 'kysely';
import type * as v from 'valibot';
import {
  SEQUENCE_LIMITS,
  SEQUENCE_MESSAGES,
  type AddSequenceItemRequestSchema,
  type CampaignType,
  type CreateSequenceRequestSchema,
  type Sequence,
  type SequenceChoice,
  type SequenceItem,
  type SequenceListQuerySchema,
  type SequencePreview,
  type SequenceReport,
  type SequenceStatus,
  type SequenceSummary,
  type UpdateSequenceItemRequestSchema,
  type UpdateSequenceRequestSchema,
} from '../../../src/contract/sequences.ts';
import { describeSchedule } from '../../../src/contract/sequence-schedule.ts';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { cancelSend, pauseSend, resumeSend } from '../sending/engine.ts';
import { cameBack, channelFigures, reportWindow, windowJson } from '../analytics/campaign-results.ts';
import { dueForStep } from '../sending/step-audience.ts';
import { segmentAudienceCount } from '../segments/segment-audience.ts';
import { getOwnSegment } from '../segments/segments.service.ts';
import { firesBetween, parseCron, previousItem, restaurantTimeZone, ruleFor, scheduleItem, unscheduleItems } from './sequence-ticks.ts';
import type { SequenceItemRow, SequenceRow } from './sequences.table.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
const sequenceNotFound = () => notFound('No such sequence');

type ItemInput = v.InferOutput<typeof AddSequenceItemRequestSchema>['item'];

/** The owner's sequence, or 404 (another owner's id looks like one that does not exist). */
async function findSequence(db: Db, userId: string, id: string): Promise<SequenceRow> {
  if (!UUID.test(id)) throw sequenceNotFound();
  const row = await db.selectFrom('sequences').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw sequenceNotFound();
  return row;
}

async function findItem(db: Db, sequence: SequenceRow, itemId: string): Promise<SequenceItemRow> {
  if (!UUID.test(itemId)) throw notFound('No such step in this sequence');
  const row = await db.selectFrom('sequence_items').selectAll().where('id', '=', itemId).where('sequence_id', '=', sequence.id).executeTakeFirst();
  if (!row) throw notFound('No such step in this sequence');
  return row;
}

const itemsOf = (db: Db, sequenceId: string) => db.selectFrom('sequence_items').selectAll().where('sequence_id', '=', sequenceId).orderBy('position').orderBy('created_at').execute();

function checkSchedule(cron: string, timeZone: string, field: string) {
  if (!parseCron(cron, timeZone)) throw fieldError(field, 'This schedule is not one that ever runs: pick it again');
}

/** Spec §5 Sequence choices: a completed email draft or a completed text of this owner. */
async function checkCampaign(db: Db, userId: string, type: CampaignType, id: string, field: string) {
  const missing = () => fieldError(field, type === 'EMAIL' ? 'No such email draft' : 'No such text campaign', 404, 'not_found');
  if (!UUID.test(id)) throw missing();
  if (type === 'EMAIL') {
    const draft = await db
      .selectFrom('email_drafts')
      .select(sql<number>`jsonb_array_length(completions)`.as('completed'))
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!draft) throw missing();
    if (Number(draft.completed) === 0) throw fieldError(field, 'Only a completed email can be a step: complete the draft first');
    return;
  }
  const text = await db.selectFrom('sms_campaigns').select('is_completed').where('id', '=', id).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!text) throw missing();
  if (!text.is_completed) throw fieldError(field, 'Only a completed text can be a step');
}

async function ownSegmentField(db: Db, userId: string, id: string) {
  try {
    return await getOwnSegment(db, userId, id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw fieldError('segmentation_id', 'Segment not found', 404, 'not_found');
    throw error;
  }
}

/** Who got each step (sent or delivered) and who is on the way to it (queued, held by quiet hours, in flight). */
async function stepCounts(db: Db, userId: string, itemIds: string[]) {
  if (itemIds.length === 0) return new Map<string, { sent: number; waiting: number }>();
  const { rows } = await sql<{ step_key: string; sent: number; waiting: number }>`
    SELECT s.step_key, count(*) FILTER (WHERE r.status IN ('sent', 'delivered'))::int AS sent,
      count(*) FILTER (WHERE r.status IN ('queued', 'held', 'claimed', 'sending'))::int AS waiting
    FROM sends s JOIN send_recipients r ON r.send_id = s.id
    WHERE s.user_id = ${userId} AND s.step_key IN (${sql.join(itemIds)})
    GROUP BY s.step_key`.execute(db);
  return new Map(rows.map((row) => [row.step_key, { sent: row.sent, waiting: row.waiting }]));
}

async function campaignTitles(db: Db, userId: string, items: SequenceItemRow[]) {
  const emailIds = items.filter((item) => item.campaign_type === 'EMAIL').map((item) => item.campaign_id);
  const textIds = items.filter((item) => item.campaign_type === 'SMS').map((item) => item.campaign_id);
  const [emails, texts] = await Promise.all([
    emailIds.length ? db.selectFrom('email_drafts').select(['id', 'user_title']).where('user_id', '=', userId).where('id', 'in', emailIds).where('deleted_at', 'is', null).execute() : [],
    textIds.length ? db.selectFrom('sms_campaigns').select(['id', 'user_title']).where('user_id', '=', userId).where('id', 'in', textIds).where('deleted_at', 'is', null).execute() : [],
  ]);
  return new Map([...emails, ...texts].map((row) => [row.id, row.user_title]));
}

async function toSequence(db: Db, row: SequenceRow): Promise<Sequence> {
  const items = await itemsOf(db, row.id);
  const [titles, counts, segment, timeZone] = await Promise.all([
    campaignTitles(db, row.user_id, items),
    stepCounts(db, row.user_id, items.map((item) => item.id)),
    row.segment_id ? db.selectFrom('segments').select('title').where('id', '=', row.segment_id).executeTakeFirst() : undefined,
    restaurantTimeZone(db, row.user_id),
  ]);
  return {
    id: row.id,
    title: row.title,
    name: row.title,
    description: row.description,
    status: row.status,
    segmentation_id: row.segment_id,
    segment_title: segment?.title ?? null,
    holdout_percent: row.holdout_percent,
    version: row.version,
    time_zone: timeZone,
    items: items.map((item, index): SequenceItem => {
      const title = titles.get(item.campaign_id);
      return {
        id: item.id,
        item_id: item.id,
        campaign_type: item.campaign_type,
        campaign_id: item.campaign_id,
        cron_schedule: item.cron_schedule,
        wait_days: item.wait_days,
        order: index + 1,
        is_active: item.is_active,
        campaign_details: title === undefined ? null : { id: item.campaign_id, title },
        sent: counts.get(item.id)?.sent ?? 0,
        waiting: counts.get(item.id)?.waiting ?? 0,
        next_tick_at: item.next_tick_at?.toISOString() ?? null,
        last_error: item.last_error,
      };
    }),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function getSequence(deps: Pick<Deps, 'db'>, userId: string, id: string) {
  return toSequence(deps.db, await findSequence(deps.db, userId, id));
}

export async function listSequences(deps: Pick<Deps, 'db'>, userId: string, query: v.InferOutput<typeof SequenceListQuerySchema>): Promise<SequenceSummary[]> {
  let select = deps.db
    .selectFrom('sequences as q')
    .leftJoin('segments as g', 'g.id', 'q.segment_id')
    .select(['q.id', 'q.title', 'q.description', 'q.status', 'q.updated_at', 'g.title as segment_title'])
    .select(sql<number>`(SELECT count(*)::int FROM sequence_items i WHERE i.sequence_id = q.id)`.as('steps'))
    .select(sql<string[]>`(SELECT coalesce(array_agg(DISTINCT i.campaign_type), '{}') FROM sequence_items i WHERE i.sequence_id = q.id)`.as('channels'))
    .where('q.user_id', '=', userId);
  if (query.status !== 'ALL') select = select.where('q.status', '=', query.status);
  if (query.search) select = select.where(sql<boolean>`q.title ILIKE ${`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const rows = await select.orderBy('q.updated_at', 'desc').orderBy('q.id').limit(200).execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    segment_title: row.segment_title,
    steps: row.steps,
    channels: [...(row.channels ?? [])].sort() as CampaignType[],
    updated_at: row.updated_at.toISOString(),
  }));
}

export async function createSequence(deps: Deps, userId: string, input: v.InferOutput<typeof CreateSequenceRequestSchema>, baseUrl: string) {
  if (input.id) {
    // A replay of a create made offline: the same sequence, not a second one.
    const existing = await deps.db.selectFrom('sequences').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (existing) {
      if (existing.user_id !== userId) throw new AppError(409, 'This sequence id is already taken', 'conflict');
      return toSequence(deps.db, existing);
    }
  }
  const segment = await ownSegmentField(deps.db, userId, input.segmentation_id);
  const timeZone = await restaurantTimeZone(deps.db, userId);
  for (const [index, item] of input.items.entries()) {
    await checkCampaign(deps.db, userId, item.campaign_type, item.campaign_id, `items.${index}.campaign_id`);
    checkSchedule(item.cron_schedule, timeZone, `items.${index}.cron_schedule`);
  }
  const ordered = input.items.map((item, index) => ({ item, index })).sort((a, b) => (a.item.order ?? a.index + 1) - (b.item.order ?? b.index + 1) || a.index - b.index);
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const sequence = await trx
      .insertInto('sequences')
      .values({ ...(input.id ? { id: input.id } : {}), user_id: userId, title: input.title, description: input.description, segment_id: segment.id, holdout_percent: input.holdout_percent, base_url: baseUrl, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    for (const [position, { item }] of ordered.entries()) {
      await trx
        .insertInto('sequence_items')
        .values({ sequence_id: sequence.id, user_id: userId, campaign_type: item.campaign_type, campaign_id: item.campaign_id, cron_schedule: item.cron_schedule, wait_days: item.wait_days, position: position + 1, created_at: now, updated_at: now })
        .execute();
    }
    return sequence;
  });
  return toSequence(deps.db, row);
}

async function touch(db: Db, id: string, now: Date) {
  return db.updateTable('sequences').set((eb) => ({ updated_at: now, version: eb('version', '+', 1) })).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function updateSequence(deps: Deps, userId: string, id: string, input: v.InferOutput<typeof UpdateSequenceRequestSchema>) {
  const row = await findSequence(deps.db, userId, id);
  if (input.version !== undefined && input.version !== row.version) {
    throw new AppError(409, 'This sequence was changed somewhere else since you opened it.', 'conflict', { data: { current: await toSequence(deps.db, row) } });
  }
  if (row.status === 'CANCELLED') throw new AppError(409, 'A cancelled sequence cannot be changed.', 'conflict');
  const updated = await deps.db
    .updateTable('sequences')
    .set((eb) => ({
      ...(input.title !== undefined && { title: input.title }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.holdout_percent !== undefined && { holdout_percent: input.holdout_percent }),
      updated_at: deps.now(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSequence(deps.db, updated);
}

/** The sends a sequence has made so far (one per step and tick with someone due). */
const sendsOf = async (db: Db, sequenceId: string) =>
  (await db.selectFrom('sequence_ticks').select('send_id').where('sequence_id', '=', sequenceId).where('send_id', 'is not', null).execute()).map((row) => row.send_id!);

const TRANSITIONS: Record<SequenceStatus, SequenceStatus[]> = {
  DRAFT: ['ACTIVE', 'CANCELLED'],
  ACTIVE: ['PAUSED', 'CANCELLED'],
  PAUSED: ['ACTIVE', 'CANCELLED'],
  CANCELLED: [],
};

function refusal(from: SequenceStatus, to: SequenceStatus): string {
  if (from === to) return `This sequence is already ${from.toLowerCase()}.`;
  if (from === 'CANCELLED') return 'A cancelled sequence cannot be started again. Make a new one.';
  if (to === 'DRAFT') return 'A sequence that has been launched cannot go back to draft.';
  if (to === 'PAUSED') return 'Only an active sequence can be paused.';
  return 'This change of status is not possible.';
}

/**
 * Spec §4: DRAFT → ACTIVE (launch) ⇄ PAUSED, and CANCELLED from any. Launch and resume put every active step's
 * next tick on the queue; pause and cancel take them off, and pause or cancel the sends still going out.
 */
export async function setSequenceStatus(deps: Deps, userId: string, id: string, status: SequenceStatus, baseUrl: string) {
  const row = await findSequence(deps.db, userId, id);
  if (!TRANSITIONS[row.status].includes(status)) throw new AppError(409, refusal(row.status, status), 'conflict');
  const items = await itemsOf(deps.db, row.id);
  if (status === 'ACTIVE') {
    if (!items.some((item) => item.is_active)) throw fieldError('items', SEQUENCE_MESSAGES.itemsRequired, 409, 'conflict');
    if (!row.segment_id) throw fieldError('segmentation_id', 'The segment of this sequence was deleted', 409, 'conflict');
  }
  const now = deps.now();
  const timeZone = await restaurantTimeZone(deps.db, userId);
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('sequences')
      .set((eb) => ({ status, updated_at: now, version: eb('version', '+', 1), base_url: baseUrl, ...(status === 'ACTIVE' && !row.launched_at && { launched_at: now }) }))
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw new AppError(409, 'This sequence was changed at the same moment. Try again.', 'conflict');
    if (status === 'ACTIVE') for (const item of items.filter((each) => each.is_active)) await scheduleItem(trx, deps.now, item, timeZone);
    else await unscheduleItems(trx, deps.now, items.map((item) => item.id));
  });
  const sendIds = await sendsOf(deps.db, row.id);
  for (const sendId of sendIds) {
    if (status === 'PAUSED') await pauseSend(deps, sendId);
    else if (status === 'ACTIVE') await resumeSend(deps, sendId);
    else if (status === 'CANCELLED') await cancelSend(deps, sendId);
  }
  return getSequence(deps, userId, row.id);
}

export async function addItem(deps: Deps, userId: string, id: string, item: ItemInput) {
  const row = await findSequence(deps.db, userId, id);
  if (row.status === 'CANCELLED') throw new AppError(409, 'A cancelled sequence cannot be changed.', 'conflict');
  const timeZone = await restaurantTimeZone(deps.db, userId);
  await checkCampaign(deps.db, userId, item.campaign_type, item.campaign_id, 'item.campaign_id');
  checkSchedule(item.cron_schedule, timeZone, 'item.cron_schedule');
  const count = (await itemsOf(deps.db, row.id)).length;
  if (count >= SEQUENCE_LIMITS.items) throw fieldError('item', `A sequence has at most ${SEQUENCE_LIMITS.items} steps`, 409, 'conflict');
  const now = deps.now();
  const itemId = await deps.db.transaction().execute(async (trx) => {
    // Spec §9: a new item's order is the item count plus 1 (a given order puts it there and moves the rest down).
    const position = Math.min(item.order ?? count + 1, count + 1);
    if (position <= count) await trx.updateTable('sequence_items').set((eb) => ({ position: eb('position', '+', 1) })).where('sequence_id', '=', row.id).where('position', '>=', position).execute();
    const inserted = await trx
      .insertInto('sequence_items')
      .values({ sequence_id: row.id, user_id: userId, campaign_type: item.campaign_type, campaign_id: item.campaign_id, cron_schedule: item.cron_schedule, wait_days: item.wait_days, position, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (row.status === 'ACTIVE') await scheduleItem(trx, deps.now, inserted, timeZone);
    await touch(trx, row.id, now);
    return inserted.id;
  });
  return { id: itemId, sequence: await getSequence(deps, userId, row.id) };
}

export async function updateItem(deps: Deps, userId: string, id: string, itemId: string, updates: v.InferOutput<typeof UpdateSequenceItemRequestSchema>['updates']) {
  const row = await findSequence(deps.db, userId, id);
  if (row.status === 'CANCELLED') throw new AppError(409, 'A cancelled sequence cannot be changed.', 'conflict');
  const item = await findItem(deps.db, row, itemId);
  const timeZone = await restaurantTimeZone(deps.db, userId);
  if (updates.cron_schedule !== undefined) checkSchedule(updates.cron_schedule, timeZone, 'updates.cron_schedule');
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('sequence_items')
      .set({
        ...(updates.cron_schedule !== undefined && { cron_schedule: updates.cron_schedule }),
        ...(updates.wait_days !== undefined && { wait_days: updates.wait_days }),
        ...(updates.is_active !== undefined && { is_active: updates.is_active }),
        updated_at: now,
      })
      .where('id', '=', item.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (row.status === 'ACTIVE' && updated.is_active) await scheduleItem(trx, deps.now, updated, timeZone);
    else await unscheduleItems(trx, deps.now, [updated.id]);
    await touch(trx, row.id, now);
  });
  return getSequence(deps, userId, row.id);
}

export async function deleteItem(deps: Deps, userId: string, id: string, itemId: string) {
  const row = await findSequence(deps.db, userId, id);
  if (row.status === 'CANCELLED') throw new AppError(409, 'A cancelled sequence cannot be changed.', 'conflict');
  const item = await findItem(deps.db, row, itemId);
  const count = (await itemsOf(deps.db, row.id)).length;
  // Spec §5: an item can be removed only while more than one exists.
  if (count <= 1) throw new AppError(409, 'A sequence needs at least one campaign: add another before removing this one.', 'conflict');
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await unscheduleItems(trx, deps.now, [item.id]);
    await trx.deleteFrom('sequence_items').where('id', '=', item.id).execute();
    await trx.updateTable('sequence_items').set((eb) => ({ position: eb('position', '-', 1) })).where('sequence_id', '=', row.id).where('position', '>', item.position).execute();
    await touch(trx, row.id, now);
  });
  return getSequence(deps, userId, row.id);
}

/** Spec §5 Sequence choices: completed email drafts only, completed SMS campaigns only, newest first. */
export async function sequenceChoices(deps: Pick<Deps, 'db'>, userId: string, type: CampaignType): Promise<SequenceChoice[]> {
  if (type === 'EMAIL') {
    const rows = await deps.db
      .selectFrom('email_drafts')
      .select(['id', 'user_title', 'subject'])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where(sql<boolean>`jsonb_array_length(completions) > 0`)
      .orderBy('updated_at', 'desc')
      .limit(200)
      .execute();
    return rows.map((row) => ({ id: row.id, title: row.user_title, detail: row.subject }));
  }
  const rows = await deps.db
    .selectFrom('sms_campaigns')
    .select(['id', 'user_title', 'final_sms_draft'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('is_completed', '=', true)
    .orderBy('updated_at', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.user_title, detail: row.final_sms_draft.length > 45 ? `${row.final_sms_draft.slice(0, 44)}…` : row.final_sms_draft }));
}

/** What the next 14 days would do: each active step, when it checks for due customers, and how many are due now. */
export async function previewSequence(deps: Deps, userId: string, id: string): Promise<SequencePreview> {
  const row = await findSequence(deps.db, userId, id);
  const items = (await itemsOf(deps.db, row.id)).filter((item) => item.is_active);
  const timeZone = await restaurantTimeZone(deps.db, userId);
  const titles = await campaignTitles(deps.db, userId, items);
  const now = deps.now();
  const until = new Date(now.getTime() + SEQUENCE_LIMITS.previewDays * DAY_MS);
  const steps: SequencePreview['steps'] = [];
  for (const [index, item] of items.entries()) {
    const channel = item.campaign_type === 'EMAIL' ? 'email' : 'sms';
    const { fires, count } = firesBetween(item.cron_schedule, timeZone, now, until);
    const previous = await previousItem(deps.db, item);
    const [reachNow, reachable] = row.segment_id
      ? await Promise.all([
          dueForStep(deps.db, { userId, segmentId: row.segment_id, channel, rule: ruleFor(item, previous), now }),
          segmentAudienceCount(deps.db, userId, row.segment_id, channel, now),
        ])
      : [0, 0];
    steps.push({
      item_id: item.id,
      order: index + 1,
      campaign_type: item.campaign_type,
      title: titles.get(item.campaign_id) ?? 'Deleted campaign',
      schedule: describeSchedule(item.cron_schedule, item.wait_days, index === 0),
      fires: fires.slice(0, 5).map((at) => at.toISOString()),
      fire_count: count,
      reach_now: reachNow,
      reachable,
    });
  }
  return { days: SEQUENCE_LIMITS.previewDays, time_zone: timeZone, steps };
}

/** The sequence's results for the last `days` days and over its life: the analytics layer, scoped to this sequence. */
export async function sequenceReport(deps: Pick<Deps, 'db' | 'now'>, userId: string, id: string, days: number): Promise<SequenceReport> {
  const row = await findSequence(deps.db, userId, id);
  const now = deps.now();
  const [items, window] = await Promise.all([itemsOf(deps.db, row.id), reportWindow(deps.db, userId, days, now)]);
  const scope = { userId, campaignKey: `sequence:${row.id}` };
  const [titles, steps, came, sales] = await Promise.all([
    campaignTitles(deps.db, userId, items),
    Promise.all(items.map((item) => channelFigures(deps.db, { ...scope, stepKey: item.id }, item.campaign_type === 'EMAIL' ? 'email' : 'sms', window))),
    cameBack(deps.db, scope, window.from, window.to),
    cameBack(deps.db, scope, new Date(0), new Date(now.getTime() + 1)),
  ]);
  return {
    window: windowJson(window),
    steps: items.map((item, index) => ({ item_id: item.id, order: index + 1, campaign_type: item.campaign_type, title: titles.get(item.campaign_id) ?? null, figures: steps[index]! })),
    came_back: came,
    sales_back: sales,
  };
}
