import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { PREPARED } from '../../db/pglite-pool.ts';
import type { RecipientRow, RecipientStatus } from './sending.table.ts';

/**
 * What delivery reads of a ledger row: who, where, the name for the greeting, and the attempts so far. Reading only
 * these (not the row's 22 columns, seven of them timestamps) keeps each row's decoding and, on PGlite, its crossing
 * from the database thread cheap: two rows cross per message (read as due, then taken).
 */
export type DueRow = Pick<RecipientRow, 'send_id' | 'customer_id' | 'to_address' | 'first_name' | 'attempts'>;
const DUE = ['send_id', 'customer_id', 'to_address', 'first_name', 'attempts'] as const satisfies ReadonlyArray<keyof DueRow>;
const DUE_COLUMNS = sql.raw(DUE.join(', '));
const TAKEN_COLUMNS = sql.raw(DUE.map((column) => `r.${column}`).join(', '));
/** The step statement runs once or more per round of every send: on PGlite it is prepared once and planned once. */
const HOT = sql.raw(PREPARED);

/**
 * The ledger's SQL: one row per (send, customer). A row goes `queued` → `sending` (marked just before its message
 * is handed to the transport, by the worker that sends it) → its outcome, so a crash can leave at most the
 * transport's concurrency in doubt. Workers read due rows without writing (`readDue`) and take them with the
 * marking itself (`advanceWindow`: only rows still queued and due are taken, and the statement says which), so
 * several workers and server processes share a send without overlap, with two writes per message.
 */

/**
 * Up to `limit` due rows of a send, in the due index's order (one range of it: rows held for later are never
 * walked), from `offset` (each delivery shard starts at its own place, so shards rarely reach for the same rows).
 * Nothing is written: a row is taken when marked sending.
 */
export async function readDue(db: Db, sendId: string, now: Date, limit: number, offset = 0): Promise<DueRow[]> {
  const { rows } = await sql<DueRow>`
    SELECT ${DUE_COLUMNS} FROM send_recipients
    WHERE send_id = ${sendId} AND status = 'queued' AND coalesce(not_before, '-infinity'::timestamptz) <= ${now}
    ORDER BY coalesce(not_before, '-infinity'::timestamptz), customer_id
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows;
}

/** Moves rows from one status to another (queued rows held for quiet hours, or dropped as no longer allowed). */
export async function markRows(db: Db, sendId: string, customerIds: string[], from: RecipientStatus, to: RecipientStatus, extra: { error?: string; not_before?: Date | null } = {}) {
  if (customerIds.length === 0) return;
  await db
    .updateTable('send_recipients')
    .set({ status: to, ...(extra.error !== undefined ? { error: extra.error } : {}), ...(extra.not_before !== undefined ? { not_before: extra.not_before } : {}) })
    .where('send_id', '=', sendId)
    .where('customer_id', 'in', customerIds)
    .where('status', '=', from)
    .execute();
}

export type Outcome = {
  customerId: string;
  status: RecipientStatus;
  sentAt: Date | null;
  notBefore: Date | null;
  providerId: string | null;
  errorCode: string | null;
  error: string | null;
  bounceType: 'hard' | 'soft' | null;
};

/** One hand-over's step: the outcomes of the rows that came back, and the rows it wants to take for their slots. */
type Step = { sendId: string; workerId: string; now: Date; outcomes: Outcome[]; nextIds: string[] };
type Pending = Step & { resolve: (rows: DueRow[]) => void; reject: (error: unknown) => void };

/**
 * Steps waiting for the statement in flight, per database (this process): they go together in the next one.
 * A group commit: every send and delivery shard of the process shares one ledger statement (and on PostgreSQL one
 * commit, one fsync) per round, however many steps arrive while the previous statement runs.
 */
const writers = new WeakMap<Db, { busy: boolean; waiting: Pending[] }>();

/**
 * One step of a hand-over: the outcomes of the rows that came back (only rows still in `sending` change) and the
 * next rows taken for this worker and marked `sending` before they go. Only rows still queued and due are taken
 * (another worker may have taken some first); the rows taken are returned, as they are now. Steps that arrive while
 * another statement is running wait for it and then go in one statement with every other step that waited (each
 * gets back its own rows; a statement that fails rejects all of its steps, and nothing of them was written).
 */
export function advanceWindow(db: Db, sendId: string, workerId: string, now: Date, outcomes: Outcome[], nextIds: string[]): Promise<DueRow[]> {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = { busy: false, waiting: [] }));
  const queue = writer;
  const result = new Promise<DueRow[]>((resolve, reject) => queue.waiting.push({ sendId, workerId, now, outcomes, nextIds, resolve, reject }));
  if (!queue.busy) void drain(db, queue);
  return result;
}

async function drain(db: Db, writer: { busy: boolean; waiting: Pending[] }) {
  writer.busy = true;
  try {
    while (writer.waiting.length) {
      const steps = writer.waiting.splice(0);
      try {
        const taken = await writeSteps(db, steps);
        for (const [index, step] of steps.entries()) step.resolve(taken[index]!);
      } catch (error) {
        for (const step of steps) step.reject(error);
      }
    }
  } finally {
    writer.busy = false;
  }
}

/**
 * Several steps in one statement; returns each step's rows taken, in the order of `steps`. The values go as one array
 * per column (`unnest`), so the statement's text is the same whatever the number of rows: fewer parameters to
 * compile, serialise and bind than a VALUES list of one parameter per cell.
 */
async function writeSteps(db: Db, steps: Step[]): Promise<DueRow[][]> {
  // Two steps of one send may ask for the same row (two shards read overlapping due rows): the first asks alone.
  const owner = new Map<string, number>();
  for (const [index, step] of steps.entries()) for (const id of step.nextIds) if (!owner.has(`${step.sendId}:${id}`)) owner.set(`${step.sendId}:${id}`, index);
  const outcomes = steps.flatMap((step) => step.outcomes.map((o) => ({ sendId: step.sendId, o })));
  const claims = steps.flatMap((step, index) => step.nextIds.filter((id) => owner.get(`${step.sendId}:${id}`) === index).map((id) => ({ step, id })));
  const taken: DueRow[][] = steps.map(() => []);
  if (outcomes.length === 0 && claims.length === 0) return taken;
  const column = <T>(pick: (entry: (typeof outcomes)[number]) => T) => outcomes.map(pick);
  const moment = (date: Date | null) => date?.toISOString() ?? null;
  const recorded = outcomes.length
    ? sql`
      UPDATE send_recipients r SET status = v.status, sent_at = coalesce(v.sent_at, r.sent_at), not_before = v.not_before,
        provider_id = coalesce(v.provider_id, r.provider_id), error_code = v.error_code, error = v.error,
        bounce_type = coalesce(v.bounce_type, r.bounce_type), attempts = r.attempts + 1
      FROM unnest(${column(({ sendId }) => sendId)}::uuid[], ${column(({ o }) => o.customerId)}::uuid[], ${column(({ o }) => o.status)}::text[],
        ${column(({ o }) => moment(o.sentAt))}::timestamptz[], ${column(({ o }) => moment(o.notBefore))}::timestamptz[], ${column(({ o }) => o.providerId)}::text[],
        ${column(({ o }) => o.errorCode)}::text[], ${column(({ o }) => o.error)}::text[], ${column(({ o }) => o.bounceType)}::text[])
        AS v(send_id, customer_id, status, sent_at, not_before, provider_id, error_code, error, bounce_type)
      WHERE r.send_id = v.send_id AND r.customer_id = v.customer_id AND r.status = 'sending'`
    : null;
  if (claims.length === 0) {
    await sql`${HOT} ${recorded}`.execute(db);
    return taken;
  }
  const take = sql`
    UPDATE send_recipients r SET status = 'sending', claimed_by = v.worker_id, claimed_at = v.at
    FROM unnest(${claims.map(({ step }) => step.sendId)}::uuid[], ${claims.map(({ id }) => id)}::uuid[], ${claims.map(({ step }) => step.workerId)}::text[],
      ${claims.map(({ step }) => step.now.toISOString())}::timestamptz[]) AS v(send_id, customer_id, worker_id, at)
    WHERE r.send_id = v.send_id AND r.customer_id = v.customer_id AND r.status = 'queued' AND (r.not_before IS NULL OR r.not_before <= v.at)
    RETURNING ${TAKEN_COLUMNS}`;
  const { rows } = recorded
    ? await sql<DueRow>`${HOT} WITH recorded AS (${recorded} RETURNING 1), taken AS (${take}) SELECT * FROM taken`.execute(db)
    : await sql<DueRow>`${HOT} ${take}`.execute(db);
  for (const row of rows) taken[owner.get(`${row.send_id}:${row.customer_id}`)!]!.push(row);
  return taken;
}

/**
 * Rows left behind by a worker that is gone (its process died: it holds no live job lease any more).
 * `claimed` rows (left by an earlier version, which claimed batches before marking them) were never handed over:
 * they go back to the queue. `sending` rows may have been: they become
 * `uncertain`, for the owner to send again on purpose. Returns how many of each.
 */
export async function recoverAbandoned(db: Db, sendId: string, now: Date): Promise<{ requeued: number; uncertain: number }> {
  const live = sql`(SELECT locked_by FROM jobs WHERE status = 'active' AND locked_until > ${now} AND locked_by IS NOT NULL)`;
  const requeued = await sql`
    UPDATE send_recipients SET status = 'queued', claimed_by = NULL
    WHERE send_id = ${sendId} AND status = 'claimed' AND (claimed_by IS NULL OR claimed_by NOT IN ${live})`.execute(db);
  const uncertain = await sql`
    UPDATE send_recipients SET status = 'uncertain', error = 'The server stopped while this message was being handed over; it may or may not have arrived.'
    WHERE send_id = ${sendId} AND status = 'sending' AND (claimed_by IS NULL OR claimed_by NOT IN ${live})`.execute(db);
  return { requeued: Number(requeued.numAffectedRows ?? 0), uncertain: Number(uncertain.numAffectedRows ?? 0) };
}

/** How many rows of a send are in each status. */
export async function countByStatus(db: Db, sendId: string): Promise<Record<string, number>> {
  const rows = await db.selectFrom('send_recipients').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('send_id', '=', sendId).groupBy('status').execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}
