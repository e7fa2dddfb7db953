import { Cron } from 'croner';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { checkEntitlement } from '../subscriptions/entitlements.ts';
import { createSend, pauseSend, startSend, cancelSend, type TransportRegistry } from '../sending/engine.ts';
import { dueForStep, type StepRule } from '../sending/step-audience.ts';
import type { SequenceItemRow, SequenceRow } from './sequences.table.ts';

export const SEQUENCE_TICK_JOB = 'sequences.tick';

/** Until the owner sets the restaurant's time zone, schedules run on New York time (said on the screens). */
const DEFAULT_TIME_ZONE = 'America/New_York';

export async function restaurantTimeZone(db: Db, userId: string): Promise<string> {
  const row = await db.selectFrom('brand_settings').select('time_zone').where('user_id', '=', userId).executeTakeFirst();
  return row?.time_zone || DEFAULT_TIME_ZONE;
}

/** The schedule as croner reads it, or null when it does not parse or never comes. */
export function parseCron(cron: string, timeZone: string): Cron | null {
  try {
    const job = new Cron(cron, { timezone: timeZone, paused: true });
    return job.nextRun(new Date()) ? job : null;
  } catch {
    return null;
  }
}

/** The first moment of the schedule strictly after `after`. */
function nextFire(cron: string, timeZone: string, after: Date): Date | null {
  return parseCron(cron, timeZone)?.nextRun(after) ?? null;
}

/**
 * The moments of the schedule in (from, to]: the first `limit` of them, and how many there are in all (counted
 * while few, else worked out from the pace of the first `limit`: an every-minute schedule has 20,160 in 14 days,
 * and walking each of them with croner would hold the server for seconds).
 */
export function firesBetween(cron: string, timeZone: string, from: Date, to: Date, limit = 400): { fires: Date[]; count: number } {
  const job = parseCron(cron, timeZone);
  if (!job) return { fires: [], count: 0 };
  const fires: Date[] = [];
  for (let at = job.nextRun(from); at && at <= to && fires.length < limit; at = job.nextRun(at)) fires.push(at);
  if (fires.length < limit) return { fires, count: fires.length };
  const first = fires[0]!.getTime();
  const pace = (fires.at(-1)!.getTime() - first) / (fires.length - 1);
  return { fires, count: 1 + Math.floor((to.getTime() - first) / pace) };
}

const tickKey = (itemId: string, at: Date) => `${itemId}:${at.toISOString()}`;

/**
 * Puts the step's next tick on the job queue (and remembers its moment on the step: a queued tick whose moment
 * is no longer the step's is stale and does nothing). Works inside a transaction.
 */
export async function scheduleItem(db: Db, now: () => Date, item: Pick<SequenceItemRow, 'id' | 'cron_schedule'>, timeZone: string): Promise<Date | null> {
  const next = nextFire(item.cron_schedule, timeZone, now());
  await unscheduleItems(db, now, [item.id]);
  await db.updateTable('sequence_items').set({ next_tick_at: next, updated_at: now() }).where('id', '=', item.id).execute();
  if (next) await enqueueJob(db, now, SEQUENCE_TICK_JOB, { itemId: item.id, at: next.toISOString() }, { runAt: next, singletonKey: tickKey(item.id, next), maxAttempts: 5 });
  return next;
}

/** No more ticks for these steps (pause, cancel, a step switched off or removed). */
export async function unscheduleItems(db: Db, now: () => Date, itemIds: string[]) {
  if (itemIds.length === 0) return;
  const at = now();
  await db.updateTable('sequence_items').set({ next_tick_at: null }).where('id', 'in', itemIds).execute();
  for (const id of itemIds) {
    await db.updateTable('jobs').set({ status: 'cancelled', completed_at: at, updated_at: at }).where('name', '=', SEQUENCE_TICK_JOB).where('singleton_key', 'like', `${id}:%`).where('status', '=', 'queued').execute();
  }
}

/** The active step before this one (by order), or null for the first. */
export async function previousItem(db: Db, item: SequenceItemRow): Promise<SequenceItemRow | null> {
  const row = await db
    .selectFrom('sequence_items')
    .selectAll()
    .where('sequence_id', '=', item.sequence_id)
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('position', '<', item.position), eb.and([eb('position', '=', item.position), eb('created_at', '<', item.created_at)])]))
    .orderBy('position', 'desc')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row ?? null;
}

export const ruleFor = (item: SequenceItemRow, previous: SequenceItemRow | null): StepRule => ({
  key: item.id,
  afterKey: previous?.id ?? null,
  waitDays: previous ? item.wait_days : 0,
});

async function campaignTitle(db: Db, item: SequenceItemRow): Promise<string> {
  if (item.campaign_type === 'EMAIL') {
    const draft = await db.selectFrom('email_drafts').select('user_title').where('id', '=', item.campaign_id).where('user_id', '=', item.user_id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!draft) throw new AppError(404, 'The email of this step was deleted', 'not_found');
    return draft.user_title;
  }
  const text = await db.selectFrom('sms_campaigns').select('user_title').where('id', '=', item.campaign_id).where('user_id', '=', item.user_id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!text) throw new AppError(404, 'The text of this step was deleted', 'not_found');
  return text.user_title;
}

/**
 * One tick of one step: the customers due now get the step through the sending engine. At most one send per
 * (step, tick), whatever the number of processes or restarts (sequence_ticks' key); the audience is written to
 * the ledger before the tick ends, so the next tick never sees the same customers as due.
 */
export async function fireStep(deps: Deps, transports: TransportRegistry, sequence: SequenceRow, item: SequenceItemRow, tickAt: Date): Promise<{ due: number; sendId: string | null }> {
  let tick = await deps.db.selectFrom('sequence_ticks').selectAll().where('item_id', '=', item.id).where('tick_at', '=', tickAt).executeTakeFirst();
  if (!tick) {
    if (!sequence.segment_id) throw new AppError(404, 'The segment of this sequence was deleted', 'not_found');
    const previous = await previousItem(deps.db, item);
    const rule = ruleFor(item, previous);
    const channel = item.campaign_type === 'EMAIL' ? 'email' : 'sms';
    const now = deps.now();
    const due = await dueForStep(deps.db, { userId: sequence.user_id, segmentId: sequence.segment_id, channel, rule, now });
    if (due === 0) return { due: 0, sendId: null };
    // The plan's monthly allowance holds for sequences as for one-off sends: over it, this tick sends nothing (the
    // next tick tries again, e.g. after an upgrade or in the next month).
    try {
      await checkEntitlement(deps.db, sequence.user_id, channel === 'email' ? 'emailsPerMonth' : 'textsPerMonth', due, now);
    } catch (error) {
      if (error instanceof AppError && error.status === 402) {
        deps.logger.warn({ sequenceId: sequence.id, itemId: item.id, due }, `a sequence step was not sent: ${error.message}`);
        return { due, sendId: null };
      }
      throw error;
    }
    const title = `${sequence.title} · step ${item.position}: ${await campaignTitle(deps.db, item)}`;
    await deps.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('sequence_ticks')
        .values({ item_id: item.id, tick_at: tickAt, sequence_id: sequence.id, due, created_at: now })
        .onConflict((oc) => oc.columns(['item_id', 'tick_at']).doNothing())
        .returning('item_id')
        .executeTakeFirst();
      if (!inserted) return;
      const send = await createSend(
        { db: trx, now: deps.now },
        {
          userId: sequence.user_id,
          channel,
          sourceKind: 'sequence_item',
          sourceId: item.campaign_id,
          segmentId: sequence.segment_id!,
          title,
          scheduledAt: now,
          baseUrl: deps.env.PUBLIC_URL || sequence.base_url,
          // One holdout for the whole sequence: the same guests are kept back from every step (the engine never
          // turns a guest an earlier step reached into a holdout, so later steps only ever continue journeys).
          holdoutPercent: sequence.holdout_percent,
          campaignKey: `sequence:${sequence.id}`,
          step: rule,
        },
      );
      await trx.updateTable('sequence_ticks').set({ send_id: send.id }).where('item_id', '=', item.id).where('tick_at', '=', tickAt).execute();
    });
    tick = await deps.db.selectFrom('sequence_ticks').selectAll().where('item_id', '=', item.id).where('tick_at', '=', tickAt).executeTakeFirstOrThrow();
  }
  if (!tick.send_id) return { due: tick.due, sendId: null };
  const send = await deps.db.selectFrom('sends').select(['id', 'status']).where('id', '=', tick.send_id).executeTakeFirst();
  if (send && ['scheduled', 'pending'].includes(send.status)) await startSend(deps, transports, send.id);
  // Paused or cancelled while this tick ran: its send follows the sequence.
  const current = await deps.db.selectFrom('sequences').select('status').where('id', '=', sequence.id).executeTakeFirst();
  if (current?.status === 'PAUSED') await pauseSend(deps, tick.send_id);
  if (current?.status === 'CANCELLED' || !current) await cancelSend(deps, tick.send_id);
  return { due: tick.due, sendId: tick.send_id };
}

/**
 * The tick job: fire the step if its moment is still the step's and the sequence is active, then queue the next
 * moment after now (a tick missed while the server was down fires once, on start, not once per missed minute).
 */
export async function runTick(deps: Deps, transports: TransportRegistry, payload: { itemId: string; at: string }): Promise<void> {
  const at = new Date(payload.at);
  const item = await deps.db.selectFrom('sequence_items').selectAll().where('id', '=', payload.itemId).executeTakeFirst();
  if (!item || !item.next_tick_at || item.next_tick_at.getTime() !== at.getTime()) return;
  const sequence = await deps.db.selectFrom('sequences').selectAll().where('id', '=', item.sequence_id).executeTakeFirst();
  if (!sequence || sequence.status !== 'ACTIVE' || !item.is_active) return;
  let lastError: string | null = null;
  try {
    await fireStep(deps, transports, sequence, item, at);
  } catch (error) {
    // What the step sends is gone, or the segment: the owner sees why on the step; the schedule goes on.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    lastError = error.message;
  }
  const timeZone = await restaurantTimeZone(deps.db, sequence.user_id);
  const next = nextFire(item.cron_schedule, timeZone, deps.now());
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('sequence_items')
      .set({ next_tick_at: next, last_error: lastError })
      .where('id', '=', item.id)
      .where('next_tick_at', '=', at)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) > 0 && next) {
      await enqueueJob(trx, deps.now, SEQUENCE_TICK_JOB, { itemId: item.id, at: next.toISOString() }, { runAt: next, singletonKey: tickKey(item.id, next), maxAttempts: 5 });
    }
  });
}
