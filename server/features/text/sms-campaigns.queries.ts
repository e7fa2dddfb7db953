import { sql } from 'kysely';
import type { ScheduledTextStatus, SmsCampaign } from '../../../src/contract/text.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { SendRow, SendStatus } from '../sending/sending.table.ts';
import type { SmsCampaignRow } from './text.table.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The owner's live text, or 404 (another owner's id looks like one that does not exist). */
export async function findCampaign(db: Db, userId: string, id: string): Promise<SmsCampaignRow> {
  if (!UUID.test(id)) throw notFound('No such text campaign');
  const row = await db.selectFrom('sms_campaigns').selectAll().where('id', '=', id).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw notFound('No such text campaign');
  return row;
}

/** Spec §3 / §9 status words of a text's send. */
export function scheduledStatusOf(status: SendStatus): ScheduledTextStatus {
  switch (status) {
    case 'scheduled':
      return 'SCHEDULED';
    case 'pending':
    case 'sending':
    case 'paused':
      return 'PENDING';
    case 'sent':
      return 'COMPLETED';
    case 'canceled':
      return 'CANCELLED';
    case 'failed':
      return 'FAILED';
  }
}

/** Spec §3 SMS campaign figures: handed over (total_sent) = delivered + pending (no receipt yet) + failed. */
export type TextCounts = { total_sent: number; delivered: number; pending: number; failed: number };
const NO_COUNTS: TextCounts = { total_sent: 0, delivered: 0, pending: 0, failed: 0 };

export async function countsBySend(db: Db, sendIds: string[]): Promise<Map<string, TextCounts>> {
  if (sendIds.length === 0) return new Map();
  const { rows } = await sql<{ send_id: string; delivered: number; pending: number; failed: number }>`
    SELECT send_id,
      count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
      count(*) FILTER (WHERE status = 'sent')::int AS pending,
      count(*) FILTER (WHERE status = 'failed')::int AS failed
    FROM send_recipients WHERE send_id IN (${sql.join(sendIds)}) AND status IN ('sent', 'delivered', 'failed')
    GROUP BY send_id`.execute(db);
  return new Map(rows.map((row) => [row.send_id, { delivered: row.delivered, pending: row.pending, failed: row.failed, total_sent: row.delivered + row.pending + row.failed }]));
}

/** Each text's latest one-off send (launch or schedule), by campaign id. */
export async function latestSends(db: Db, userId: string, campaignIds: string[]): Promise<Map<string, SendRow>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sends')
    .selectAll()
    .distinctOn('source_id')
    .where('user_id', '=', userId)
    .where('channel', '=', 'sms')
    .where('source_kind', '=', 'sms_campaign')
    .where('source_id', 'in', campaignIds)
    .orderBy('source_id')
    .orderBy('created_at', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.source_id, row]));
}

export function toSmsCampaign(row: SmsCampaignRow, send: SendRow | undefined, counts: TextCounts | undefined): SmsCampaign {
  const figures = counts ?? NO_COUNTS;
  return {
    id: row.id,
    campaign_id: row.id,
    conversation_id: row.conversation_id,
    user_title: row.user_title,
    is_completed: row.is_completed,
    sms_category: row.sms_category,
    final_sms_draft: row.final_sms_draft,
    completed_at: row.completed_at?.toISOString() ?? null,
    ...figures,
    segmentation_id: send?.segment_id ?? null,
    version: row.version,
    send: send ? { id: send.id, status: scheduledStatusOf(send.status), scheduled_time: send.scheduled_at.toISOString() } : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Campaign rows as the contract shows them, with their send and its figures (three statements for any number). */
export async function toSmsCampaigns(db: Db, userId: string, rows: SmsCampaignRow[]): Promise<SmsCampaign[]> {
  const sends = await latestSends(db, userId, rows.map((row) => row.id));
  const counts = await countsBySend(db, [...sends.values()].map((send) => send.id));
  return rows.map((row) => {
    const send = sends.get(row.id);
    return toSmsCampaign(row, send, send ? counts.get(send.id) : undefined);
  });
}

/** The text each conversation wrote, by conversation id (for the chat history). */
export async function campaignsByConversation(db: Db, conversationIds: string[]): Promise<Map<string, SmsCampaign>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db.selectFrom('sms_campaigns').selectAll().where('conversation_id', 'in', conversationIds).where('deleted_at', 'is', null).execute();
  if (rows.length === 0) return new Map();
  const campaigns = await toSmsCampaigns(db, rows[0]!.user_id, rows);
  return new Map(campaigns.map((campaign) => [campaign.conversation_id!, campaign]));
}
