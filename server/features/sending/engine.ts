import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { enqueueJob, JobPaused } from '../../jobs/queue.ts';
import { segmentAudienceSelect } from '../segments/segment-audience.ts';
import { withdrawConsent } from '../customers/consent.ts';
import { advanceWindow, countByStatus, markRows, readDue, recoverAbandoned, type DueRow, type Outcome } from './ledger.ts';
import type { ChannelTransport, Delivery, SendingDeps } from './sending-types.ts';
import { stepFilter, type StepRule } from './step-audience.ts';
import type { SendChannel, SendRow, SendSourceKind, SendStatus } from './sending.table.ts';
import { notify } from '../push/notify.ts';
import { scheduleSendReminder } from './send-reminder.ts';
import { requestCampaignRefill } from '../analytics/campaign-refill-request.ts';

export const SEND_START_JOB = 'sending.start';
export const SEND_DELIVER_JOB = 'sending.deliver';
/** Deliver jobs per send: each can run in another process (or beside the other in one); taking a row is one guarded write, so they never overlap. */
const DELIVER_SHARDS = 2;
const BATCH = 200;
const MAX_ATTEMPTS = 4;
const RETRY_DELAYS_MS = [30_000, 120_000, 600_000];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each channel prepares its own shape, used only by itself
export type TransportRegistry = Partial<Record<SendChannel, ChannelTransport<any>>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function transportOf(transports: TransportRegistry, channel: SendChannel): ChannelTransport<any> {
  const transport = transports[channel];
  if (!transport) throw new Error(`No transport for ${channel}`);
  return transport;
}

export type NewSend = {
  userId: string;
  channel: SendChannel;
  sourceKind: SendSourceKind;
  sourceId: string;
  segmentId: string;
  title: string;
  /** Now (launch) or later (schedule). */
  scheduledAt: Date;
  baseUrl: string;
  holdoutPercent?: number;
  /**
   * The campaign this send belongs to (`sms:<id>`, `sequence:<id>`); absent, the send is its own campaign. Every
   * send of one campaign keeps the same guests back (see `holdoutStatus`), and reports compare by campaign.
   */
  campaignKey?: string;
  /** A sequence step: who may get it besides the segment (see step-audience.ts). */
  step?: StepRule;
};

/** A send waits for its moment; then a job snapshots the audience and delivers. Launch and schedule both land here. */
export async function createSend(deps: Pick<SendingDeps, 'db' | 'now'>, input: NewSend): Promise<SendRow> {
  const now = deps.now();
  const later = input.scheduledAt.getTime() > now.getTime() + 1000;
  const row = await deps.db
    .insertInto('sends')
    .values({
      user_id: input.userId,
      channel: input.channel,
      source_kind: input.sourceKind,
      source_id: input.sourceId,
      segment_id: input.segmentId,
      title: input.title,
      status: later ? 'scheduled' : 'pending',
      scheduled_at: input.scheduledAt,
      base_url: input.baseUrl,
      holdout_percent: input.holdoutPercent ?? 0,
      campaign_key: input.campaignKey ?? null,
      step_key: input.step?.key ?? null,
      after_step_key: input.step?.afterKey ?? null,
      after_wait_days: input.step?.waitDays ?? 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await enqueueJob(deps.db, deps.now, SEND_START_JOB, { sendId: row.id }, { runAt: input.scheduledAt, singletonKey: row.id, maxAttempts: 5 });
  // The owner hears ~15 minutes before a scheduled send goes, and can cancel it from the notification.
  await scheduleSendReminder(deps, row);
  return row;
}

const loadSend = (db: Db, id: string) => db.selectFrom('sends').selectAll().where('id', '=', id).executeTakeFirst();

async function setStatus(deps: Pick<SendingDeps, 'db' | 'now'>, id: string, status: SendStatus, from: SendStatus[], extra: Partial<{ started_at: Date; completed_at: Date; canceled_at: Date; error: string | null }> = {}) {
  const result = await deps.db
    .updateTable('sends')
    .set({ status, updated_at: deps.now(), ...extra })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The send's moment has come: the audience is taken now (consent re-checked, suppressed addresses left out,
 * a holdout kept back when asked), one ledger row per customer written by the database itself (never held
 * in memory), the message fixed, and the delivery jobs queued. Safe to run twice: rows are unique per customer.
 */
export async function startSend(deps: SendingDeps, transports: TransportRegistry, sendId: string): Promise<void> {
  const send = await loadSend(deps.db, sendId);
  if (!send || !['scheduled', 'pending', 'sending'].includes(send.status)) return;
  const now = deps.now();
  if (send.status !== 'sending') {
    const content = await transportOf(transports, send.channel).snapshot(send);
    await deps.db.updateTable('sends').set({ content: JSON.stringify(content) }).where('id', '=', send.id).execute();
    await snapshotAudience(deps, send, now);
    const audience = await deps.db.selectFrom('send_recipients').select((eb) => eb.fn.countAll<number>().as('n')).where('send_id', '=', send.id).executeTakeFirstOrThrow();
    // The ledger's statements plan by its statistics, and PGlite has no autovacuum to refresh them: a ledger last
    // analyzed with few rows queued has PostgreSQL scan every queued row for each step (the step statement's one
    // plan, prepared in PGlite's thread, is made again after this).
    if (Number(audience.n) >= ANALYZE_AFTER_ROWS) await sql`ANALYZE send_recipients`.execute(deps.db);
    if (!(await setStatus(deps, send.id, 'sending', ['scheduled', 'pending'], { started_at: now }))) return;
    await deps.db.updateTable('sends').set({ audience_count: Number(audience.n) }).where('id', '=', send.id).execute();
  }
  await queueDelivery(deps, send.id, now);
}

/** A snapshot at least this large refreshes the ledger's planner statistics. */
const ANALYZE_AFTER_ROWS = 500;

async function snapshotAudience(deps: SendingDeps, send: SendRow, now: Date) {
  if (!send.segment_id) return;
  const contact = send.channel === 'email' ? 'c.email' : 'c.phone';
  const step: StepRule | null = send.step_key ? { key: send.step_key, afterKey: send.after_step_key, waitDays: send.after_wait_days } : null;
  const audience = (await segmentAudienceSelect(deps.db, send.user_id, send.segment_id, send.channel, now))
    .clearSelect()
    .select([
      sql<string>`${send.id}::uuid`.as('send_id'),
      'c.id as customer_id',
      sql<string>`${sql.ref(contact)}`.as('to_address'),
      'c.given_name as first_name',
      (await holdoutStatus(deps.db, send)).as('status'),
    ])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('suppressions as s').select('s.address').where('s.user_id', '=', send.user_id).where('s.channel', '=', send.channel).whereRef('s.address', '=', sql.ref(contact)))),
    )
    .$if(step !== null, (qb) => qb.where(stepFilter(send.user_id, step!, now)));
  await deps.db
    .insertInto('send_recipients')
    .columns(['send_id', 'customer_id', 'to_address', 'first_name', 'status'])
    .expression(audience)
    .onConflict((oc) => oc.columns(['send_id', 'customer_id']).doNothing())
    .execute();
}

/** The campaign a send belongs to: its key, or the send itself (an email send is its own campaign). */
export const campaignKeyOf = (send: Pick<SendRow, 'id' | 'campaign_key'>) => send.campaign_key ?? `send:${send.id}`;

/**
 * Kept back or queued, per customer (`c.id`), the same way for every send of a campaign: a guest is kept back
 * when the campaign has not reached them yet (no row of an earlier send of it that went out or is on its way)
 * and they fall in the campaign's random share (a hash of the campaign and the customer, so the same guests
 * every time) or were kept back by an earlier send of it. A guest the campaign already reached is never turned
 * into a holdout (a holdout switched on later, or a later step of a sequence), and one kept back stays kept back.
 */
async function holdoutStatus(db: Db, send: SendRow) {
  const key = campaignKeyOf(send);
  const earlier = send.campaign_key
    ? await db
        .selectFrom('sends as s')
        .innerJoin('send_recipients as r', 'r.send_id', 's.id')
        .select('r.customer_id')
        .where('s.user_id', '=', send.user_id)
        .where('s.campaign_key', '=', send.campaign_key)
        .where('s.id', '<>', send.id)
        .where('r.status', '=', 'holdout')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  if (send.holdout_percent <= 0 && !earlier) return sql<string>`'queued'`;
  const inShare = sql<boolean>`(abs(hashtext(${key} || c.id::text)) % 100) < ${send.holdout_percent}`;
  if (!send.campaign_key) return sql<string>`CASE WHEN ${inShare} THEN 'holdout' ELSE 'queued' END`;
  const rowsOf = (statuses: 'reached' | 'holdout') => sql<boolean>`EXISTS (
    SELECT 1 FROM sends es JOIN send_recipients er ON er.send_id = es.id
    WHERE es.user_id = ${send.user_id} AND es.campaign_key = ${send.campaign_key} AND es.id <> ${send.id} AND er.customer_id = c.id
      AND ${statuses === 'holdout' ? sql`er.status = 'holdout'` : sql`er.status NOT IN ('holdout', 'canceled', 'suppressed', 'skipped')`})`;
  return sql<string>`CASE WHEN NOT ${rowsOf('reached')} AND (${inShare} OR ${rowsOf('holdout')}) THEN 'holdout' ELSE 'queued' END`;
}

async function queueDelivery(deps: Pick<SendingDeps, 'db' | 'now'>, sendId: string, runAt: Date) {
  for (let shard = 0; shard < DELIVER_SHARDS; shard++) {
    await enqueueJob(deps.db, deps.now, SEND_DELIVER_JOB, { sendId, shard }, { runAt, singletonKey: `${sendId}:${shard}`, maxAttempts: 20, backoffSeconds: 5 });
  }
}

/** Customers among `ids` who may no longer get this send: deleted, consent withdrawn, or suppressed since the snapshot. */
async function blockedAmong(db: Db, send: SendRow, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const consent = send.channel === 'email' ? 'email_consent' : 'sms_consent';
  const { rows } = await sql<{ customer_id: string; reason: string | null }>`
    SELECT r.customer_id,
      CASE
        WHEN c.id IS NULL OR c.deleted_at IS NOT NULL THEN 'The customer was deleted'
        WHEN NOT c.${sql.ref(consent)} THEN 'Consent was withdrawn'
        WHEN s.address IS NOT NULL THEN 'On the do-not-contact list (' || replace(s.reason, '_', ' ') || ')'
      END AS reason
    FROM send_recipients r
    LEFT JOIN customers c ON c.id = r.customer_id AND c.user_id = ${send.user_id}
    LEFT JOIN suppressions s ON s.user_id = ${send.user_id} AND s.channel = ${send.channel} AND s.address = r.to_address
    WHERE r.send_id = ${send.id} AND r.customer_id IN (${sql.join(ids)})`.execute(db);
  return new Map(rows.filter((row) => row.reason).map((row) => [row.customer_id, row.reason!]));
}

const retryDelay = (attempts: number, hint?: number) => Math.max(hint ?? 0, RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length - 1)]!);

function outcomeOf(row: DueRow, result: Delivery, now: Date, channel: SendChannel): Outcome {
  const base = { customerId: row.customer_id, sentAt: null, notBefore: null, providerId: null, errorCode: null, error: null, bounceType: null } as Outcome;
  switch (result.status) {
    case 'sent':
      return { ...base, status: 'sent', sentAt: now, providerId: result.providerId ?? null };
    case 'retry': {
      if (result.stopSend) return { ...base, status: 'queued', error: result.error, errorCode: result.code ?? null };
      const attempts = row.attempts + 1;
      if (attempts >= MAX_ATTEMPTS) return { ...base, status: channel === 'email' ? 'bounced' : 'failed', bounceType: channel === 'email' ? 'soft' : null, error: result.error, errorCode: result.code ?? null };
      return { ...base, status: 'queued', notBefore: new Date(now.getTime() + retryDelay(attempts - 1, result.retryAfterMs)), error: result.error, errorCode: result.code ?? null };
    }
    case 'bounced':
      return { ...base, status: 'bounced', bounceType: 'hard', error: result.error, errorCode: result.code ?? null };
    case 'failed':
      return { ...base, status: 'failed', error: result.error, errorCode: result.code ?? null };
    case 'uncertain':
      return { ...base, status: 'uncertain', error: result.error };
  }
}

/**
 * Delivers a send: reads due rows in batches, drops the ones no longer allowed, holds the ones outside their
 * quiet hours, then hands the rest to the transport (`handOver`): up to its concurrency in flight, each row taken
 * and marked `sending` before it goes and its outcome recorded after, so a crash leaves at most that many in doubt.
 * Stops when the send is paused or cancelled, and hands the job back (`JobPaused`) when the server shuts down.
 */
export async function deliverSend(deps: SendingDeps, transports: TransportRegistry, sendId: string, workerId: string, signal: AbortSignal, shard = 0): Promise<void> {
  const send = await loadSend(deps.db, sendId);
  if (!send || send.status !== 'sending') return;
  const transport = transportOf(transports, send.channel);
  const recovered = await recoverAbandoned(deps.db, sendId, deps.now());
  if (recovered.uncertain) deps.logger.warn({ sendId, ...recovered }, 'a send was interrupted: rows that may have gone out are marked uncertain');
  const prepared = await transport.prepare(send);
  const hold = transport.hold ? await transport.hold(send) : null;

  /**
   * The next due rows that may go now (null: none left), the ones no longer allowed dropped and the ones outside
   * their quiet hours held. Each shard reads from its own place in the due rows while there are enough of them.
   */
  const nextReady = async (): Promise<DueRow[] | null> => {
    for (;;) {
      const now = deps.now();
      let batch = await readDue(deps.db, sendId, now, BATCH, shard * BATCH);
      if (batch.length === 0 && shard > 0) batch = await readDue(deps.db, sendId, now, BATCH);
      if (batch.length === 0) return null;
      const blocked = await blockedAmong(deps.db, send, batch.map((row) => row.customer_id));
      const tooSoon = transport.tooSoon ? await transport.tooSoon(send, batch.filter((row) => !blocked.has(row.customer_id)).map((row) => row.customer_id), now) : new Set<string>();
      const held = new Map<string, Date>();
      const ready: DueRow[] = [];
      for (const row of batch) {
        if (blocked.has(row.customer_id) || tooSoon.has(row.customer_id)) continue;
        const until = hold?.(row, now) ?? null;
        if (until) held.set(row.customer_id, until);
        else ready.push(row);
      }
      await settleSkipped(deps.db, sendId, blocked, tooSoon);
      for (const [until, ids] of groupByMoment(held)) await markRows(deps.db, sendId, ids, 'queued', 'queued', { not_before: until });
      if (ready.length) return ready;
    }
  };

  const stop = await handOver(deps, transport, prepared, send, workerId, nextReady, signal);
  if (!stop) return finishOrWait(deps, sendId);
  // What was read and not handed over is still queued: it waits for a resume (or is cancelled with the send).
  if (stop.pause) await setStatus(deps, sendId, 'paused', ['sending'], { error: stop.pause });
  if (signal.aborted) throw new JobPaused('shutting down');
}

/**
 * Room for messages in doubt, per channel transport in this process (whatever the number of sends and shards): a
 * slot is taken before a row is marked `sending` and given back once its outcome is recorded.
 */
class Slots {
  private waiting: Array<() => void> = [];
  constructor(private free: number) {}
  take(wanted: number): number {
    const taken = Math.min(wanted, this.free);
    this.free -= taken;
    return taken;
  }
  give(count: number) {
    if (count === 0) return;
    this.free += count;
    for (const wake of this.waiting.splice(0)) wake();
  }
  /** Resolves when slots are given back, or after `ms` (to look at the send again). */
  freed(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.waiting.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

const slotsByTransport = new WeakMap<object, Slots>();
function slotsOf(transport: ChannelTransport<unknown>): Slots {
  let slots = slotsByTransport.get(transport);
  if (!slots) slotsByTransport.set(transport, (slots = new Slots(transport.concurrency)));
  return slots;
}

/** How often a hand-over looks at the send again (paused or cancelled from the screen). */
const STATUS_CHECK_MS = 1_000;
/** Outcomes are written in groups of half the transport's concurrency, or this long after the first came back. */
const WRITE_WAIT_MS = 15;

/**
 * Hands the ready rows (`nextReady`) to the transport, keeping up to its concurrency in flight. As messages come
 * back, their outcomes and the taking of the rows that go in their place (marked `sending`, only if still queued)
 * are written in one statement (grouped: half the concurrency, or what came back within a few milliseconds; fewer,
 * larger statements cost the embedded database less), so a finished message's slot is refilled after one write,
 * not two, and the database work overlaps the provider's answers. The steps of every hand-over of this process (other
 * shards, other sends) that arrive while a ledger statement runs go together in the next one (`advanceWindow`).
 * Returns why it stopped early (the provider refused the account: `pause`; the send was paused or cancelled, or the
 * server is shutting down), or null once every due row was handed over and its outcome recorded.
 */
async function handOver(
  deps: SendingDeps,
  transport: ChannelTransport<unknown>,
  prepared: unknown,
  send: SendRow,
  workerId: string,
  nextReady: () => Promise<DueRow[] | null>,
  signal: AbortSignal,
): Promise<{ pause?: string } | null> {
  const slots = slotsOf(transport);
  const writeEvery = Math.max(1, Math.floor(transport.concurrency / 2));
  const queue: DueRow[] = [];
  const finished: Array<{ row: DueRow; result: Delivery }> = [];
  let exhausted = false;
  let inFlight = 0;
  let stop: { pause?: string } | null = null;
  let lastCheck = Date.now();
  let abandoned = false;
  let wake: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  for (;;) {
    if (!stop && signal.aborted) stop = {};
    if (!stop && Date.now() - lastCheck > STATUS_CHECK_MS) {
      lastCheck = Date.now();
      const current = await loadSend(deps.db, send.id);
      if (current?.status !== 'sending') stop = {};
    }
    if (!stop && queue.length === 0 && !exhausted) {
      const more = await nextReady();
      if (more) queue.push(...more);
      else exhausted = true;
    }
    // The rows that came back leave `sending` in the same statement that marks the ones taken for their slots, so
    // their slots are free for this statement: the rows in `sending` never exceed the concurrency, even for a moment.
    const done = finished.splice(0);
    slots.give(done.length);
    const wanted = stop ? [] : queue.splice(0, slots.take(queue.length));
    let next: DueRow[] = [];
    if (done.length || wanted.length) {
      const at = deps.now();
      try {
        next = await advanceWindow(deps.db, send.id, workerId, at, done.map(({ row, result }) => outcomeOf(row, result, at, send.channel)), wanted.map((row) => row.customer_id));
      } catch (error) {
        // Nothing was written: `next` never went, and `done` and what is still in flight stay `sending` (in doubt)
        // for the recovery. Their slots go back as they come home, so this process keeps sending other sends.
        abandoned = true;
        slots.give(wanted.length + finished.splice(0).length);
        throw error;
      }
      // Rows another worker took first (or that stopped being due) were not marked: their slots go back.
      slots.give(wanted.length - next.length);
      await applySideEffects(deps, send, done.map(({ row }) => row), done.map(({ result }) => result), at);
      const refused = done.find(({ result }) => result.status === 'retry' && result.stopSend)?.result;
      if (refused?.status === 'retry' && !stop) stop = { pause: refused.stopSend };
    }
    for (const row of next) {
      inFlight++;
      void transport
        .deliver(prepared, send, row)
        .catch((error: unknown): Delivery => ({ status: 'retry', error: error instanceof Error ? error.message : String(error) }))
        .then((result) => {
          inFlight--;
          if (abandoned) return slots.give(1);
          finished.push({ row, result });
          if (finished.length >= writeEvery || inFlight === 0) wake?.();
          else if (wake && !timer) timer = setTimeout(wake, WRITE_WAIT_MS);
        });
    }
    if (inFlight === 0 && finished.length === 0) {
      if (stop || (exhausted && queue.length === 0)) return stop;
      // Nothing of ours in flight and no room: another send holds the slots.
      if (queue.length) await slots.freed(STATUS_CHECK_MS);
      continue;
    }
    if (finished.length < writeEvery && inFlight > 0) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        if (finished.length > 0) timer = setTimeout(resolve, WRITE_WAIT_MS);
      });
    }
    wake = undefined;
    clearTimeout(timer);
    timer = undefined;
  }
}

/** Held rows by the moment they may go (a handful of distinct moments: one per time zone). */
function groupByMoment(held: Map<string, Date>): Array<[Date, string[]]> {
  const groups = new Map<number, string[]>();
  for (const [customerId, until] of held) groups.set(until.getTime(), [...(groups.get(until.getTime()) ?? []), customerId]);
  return [...groups].map(([time, ids]) => [new Date(time), ids]);
}

async function settleSkipped(db: Db, sendId: string, blocked: Map<string, string>, tooSoon: Set<string>) {
  const byReason = new Map<string, string[]>();
  for (const [customerId, reason] of blocked) byReason.set(reason, [...(byReason.get(reason) ?? []), customerId]);
  for (const [reason, ids] of byReason) await markRows(db, sendId, ids, 'queued', 'suppressed', { error: reason });
  if (tooSoon.size) await markRows(db, sendId, [...tooSoon], 'queued', 'skipped', { error: 'Already got a text from you in the last 24 hours' });
}

/** A hard bounce or a carrier's opt-out puts the address on the owner's do-not-contact list; a carrier's opt-out also withdraws consent. */
async function applySideEffects(deps: SendingDeps, send: SendRow, window: DueRow[], results: Delivery[], at: Date) {
  for (const [index, result] of results.entries()) {
    if ((result.status !== 'bounced' && result.status !== 'failed') || !result.suppress) continue;
    const row = window[index]!;
    await deps.db
      .insertInto('suppressions')
      .values({ user_id: send.user_id, channel: send.channel, address: row.to_address, reason: result.suppress, detail: result.error, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'channel', 'address']).doNothing())
      .execute();
    if (result.withdrawConsent) await withdrawConsent(deps.db, { userId: send.user_id, customerId: row.customer_id, channel: send.channel, source: result.withdrawConsent, proof: result.error, at });
  }
}

/** Nothing due now: done, or come back when the first held row's moment arrives. */
async function finishOrWait(deps: SendingDeps, sendId: string) {
  const counts = await countByStatus(deps.db, sendId);
  const inFlight = (counts.claimed ?? 0) + (counts.sending ?? 0);
  const waiting = await deps.db
    .selectFrom('send_recipients')
    .select((eb) => eb.fn.min('not_before').as('next'))
    .where('send_id', '=', sendId)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  const next = waiting?.next ? new Date(waiting.next as Date) : null;
  if (next) {
    await queueDelivery(deps, sendId, next);
    return;
  }
  // Another worker still has rows in hand: it finishes the send.
  if (inFlight > 0) return;
  if (await setStatus(deps, sendId, 'sent', ['sending'], { completed_at: deps.now() })) {
    await notifySendFinished(deps, sendId);
    // Its ledger is final now: what it brought back is computed ahead of the owner's first look (Ask, the report).
    const send = await loadSend(deps.db, sendId);
    if (send) await requestCampaignRefill(deps.db, deps.now, send.user_id);
  }
}

/** The owner hears that a campaign has gone out, with how many it reached (sequence steps, which tick all day, stay quiet). */
async function notifySendFinished(deps: SendingDeps, sendId: string) {
  const send = await loadSend(deps.db, sendId);
  if (!send || send.step_key) return;
  const delivered = await deps.db
    .selectFrom('send_recipients')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('send_id', '=', sendId)
    .where('status', 'in', ['sent', 'delivered'])
    .executeTakeFirst();
  const count = Number(delivered?.n ?? 0);
  const email = send.channel === 'email';
  await notify(deps, send.user_id, 'campaignResults', {
    title: `${email ? 'Email' : 'Text'} campaign sent`,
    body: `“${send.title}” was delivered to ${count} ${count === 1 ? 'guest' : 'guests'}.`,
    url: email ? '/campaigns/email-campaigns/history' : '/campaigns/text-campaigns',
    tag: `send:${sendId}`,
  });
}

/** Pause: workers stop after their current window; the rest waits. */
export const pauseSend = (deps: Pick<SendingDeps, 'db' | 'now'>, id: string) => setStatus(deps, id, 'paused', ['sending']);

export async function resumeSend(deps: Pick<SendingDeps, 'db' | 'now'>, id: string) {
  const resumed = await setStatus(deps, id, 'sending', ['paused'], { error: null });
  if (resumed) await queueDelivery(deps, id, deps.now());
  return resumed;
}

/** Cancel: a scheduled send never starts; a running one stops, and what had not gone out is marked cancelled. */
export async function cancelSend(deps: Pick<SendingDeps, 'db' | 'now'>, id: string) {
  const now = deps.now();
  const canceled = await setStatus(deps, id, 'canceled', ['scheduled', 'pending', 'sending', 'paused'], { canceled_at: now });
  if (canceled) {
    await deps.db.updateTable('send_recipients').set({ status: 'canceled' }).where('send_id', '=', id).where('status', '=', 'queued').execute();
    await deps.db.updateTable('jobs').set({ status: 'cancelled', completed_at: now, updated_at: now }).where('singleton_key', 'like', `${id}%`).where('status', '=', 'queued').execute();
  }
  return canceled;
}

/** "Send to these N again": the owner decided the uncertain rows should go once more. */
export async function resendUncertain(deps: Pick<SendingDeps, 'db' | 'now'>, id: string): Promise<number> {
  const result = await deps.db
    .updateTable('send_recipients')
    .set({ status: 'queued', error: null, not_before: null, claimed_by: null })
    .where('send_id', '=', id)
    .where('status', '=', 'uncertain')
    .executeTakeFirst();
  const count = Number(result.numUpdatedRows);
  if (count > 0) {
    await deps.db.updateTable('sends').set({ status: 'sending', completed_at: null, updated_at: deps.now() }).where('id', '=', id).where('status', 'in', ['sent', 'sending']).execute();
    await queueDelivery(deps, id, deps.now());
  }
  return count;
}
