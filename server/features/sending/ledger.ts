import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { RecipientRow, RecipientStatus } from './sending.table.ts';

/**
 * The ledger's SQL: one row per (send, customer). A row is claimed before its message is handed to the
 * transport and marked with the outcome after, so a crash can leave at most one window of rows in doubt.
 * Claims take `FOR UPDATE SKIP LOCKED`, so several workers (and server processes) share a send without overlap.
 */

/** Takes up to `limit` due rows of a send for `workerId` (status queued → claimed). */
export async function claimRecipients(db: Db, sendId: string, workerId: string, now: Date, limit: number): Promise<RecipientRow[]> {
  const { rows } = await sql<RecipientRow>`
    UPDATE send_recipients r SET status = 'claimed', claimed_by = ${workerId}, claimed_at = ${now}
    FROM (
      SELECT customer_id FROM send_recipients
      WHERE send_id = ${sendId} AND status = 'queued' AND (not_before IS NULL OR not_before <= ${now})
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) pick
    WHERE r.send_id = ${sendId} AND r.customer_id = pick.customer_id
    RETURNING r.*`.execute(db);
  return rows;
}

/** Moves rows of this worker from one status to another (claimed → sending before the hand-over). */
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

/** The outcomes of one window in one statement (status, times, provider id, error), only for rows still in `sending`. */
export async function recordOutcomes(db: Db, sendId: string, outcomes: Outcome[]) {
  if (outcomes.length === 0) return;
  const values = sql.join(
    outcomes.map(
      (o) =>
        sql`(${o.customerId}::uuid, ${o.status}::text, ${o.sentAt}::timestamptz, ${o.notBefore}::timestamptz, ${o.providerId}::text, ${o.errorCode}::text, ${o.error}::text, ${o.bounceType}::text)`,
    ),
  );
  await sql`
    UPDATE send_recipients r SET status = v.status, sent_at = coalesce(v.sent_at, r.sent_at), not_before = v.not_before,
      provider_id = coalesce(v.provider_id, r.provider_id), error_code = v.error_code, error = v.error,
      bounce_type = coalesce(v.bounce_type, r.bounce_type), attempts = r.attempts + 1
    FROM (VALUES ${values}) AS v(customer_id, status, sent_at, not_before, provider_id, error_code, error, bounce_type)
    WHERE r.send_id = ${sendId} AND r.customer_id = v.customer_id AND r.status = 'sending'`.execute(db);
}

/**
 * One step of a hand-over in one statement: the outcomes of the rows that came back (as `recordOutcomes`) and the
 * next rows marked `sending` (claimed → sending) before they go.
 */
export async function advanceWindow(db: Db, sendId: string, outcomes: Outcome[], nextIds: string[]) {
  if (nextIds.length === 0) return recordOutcomes(db, sendId, outcomes);
  if (outcomes.length === 0) return markRows(db, sendId, nextIds, 'claimed', 'sending');
  const values = sql.join(
    outcomes.map(
      (o) =>
        sql`(${o.customerId}::uuid, ${o.status}::text, ${o.sentAt}::timestamptz, ${o.notBefore}::timestamptz, ${o.providerId}::text, ${o.errorCode}::text, ${o.error}::text, ${o.bounceType}::text)`,
    ),
  );
  await sql`
    WITH recorded AS (
      UPDATE send_recipients r SET status = v.status, sent_at = coalesce(v.sent_at, r.sent_at), not_before = v.not_before,
        provider_id = coalesce(v.provider_id, r.provider_id), error_code = v.error_code, error = v.error,
        bounce_type = coalesce(v.bounce_type, r.bounce_type), attempts = r.attempts + 1
      FROM (VALUES ${values}) AS v(customer_id, status, sent_at, not_before, provider_id, error_code, error, bounce_type)
      WHERE r.send_id = ${sendId} AND r.customer_id = v.customer_id AND r.status = 'sending'
      RETURNING 1
    ), marked AS (
      UPDATE send_recipients SET status = 'sending'
      WHERE send_id = ${sendId} AND customer_id IN (${sql.join(nextIds)}) AND status = 'claimed'
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM recorded) AS recorded, (SELECT count(*) FROM marked) AS marked`.execute(db);
}

/**
 * Rows left behind by a worker that is gone (its process died: it holds no live job lease any more).
 * `claimed` rows were never handed over: they go back to the queue. `sending` rows may have been: they become
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
