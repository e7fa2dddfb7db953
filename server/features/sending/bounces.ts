import { simpleParser, type ParsedMail } from 'mailparser';
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import { withdrawConsent } from '../customers/consent.ts';
import { requestCampaignRefill, TRICKLE_DELAY_MS } from '../analytics/campaign-refill-request.ts';
import type { TrackingKeys } from './tracking-keys.ts';

/** What a bounce or complaint report says about one ledger row. */
export type BounceReport = { sendId: string; customerId: string; kind: 'hard' | 'soft' | 'complaint'; status: string | null; diagnostic: string | null };

/** `bounce+TOKEN@…` (VERP) anywhere among the report's recipients or headers, or our Message-ID `<send.customer@…>`. */
function findRow(mail: ParsedMail, raw: string, keys: TrackingKeys): { sendId: string; customerId: string } | null {
  for (const match of raw.matchAll(/bounce\+([A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22})@/g)) {
    const row = keys.read(match[1]!);
    if (row) return row;
  }
  const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
  const messageId = new RegExp(`<(${uuid})\\.(${uuid})@`, 'i').exec(raw);
  if (messageId) return { sendId: messageId[1]!.toLowerCase(), customerId: messageId[2]!.toLowerCase() };
  void mail;
  return null;
}

/** The `Field: value` lines of a machine-readable report part (message/delivery-status, message/feedback-report). */
function reportFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of text.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const match = /^([A-Za-z-]+):\s*(.*)$/.exec(line);
    if (match && !fields.has(match[1]!.toLowerCase())) fields.set(match[1]!.toLowerCase(), match[2]!.trim());
  }
  return fields;
}

/**
 * Reads a bounce (RFC 3464 DSN) or a complaint (RFC 5965 ARF) that a relay passes on. A 5.x.x status is a
 * hard bounce, 4.x.x a soft one; an "abuse" feedback report is a complaint. Null when it names none of our rows.
 */
export async function parseBounce(raw: string | Buffer, keys: TrackingKeys): Promise<BounceReport | null> {
  const text = typeof raw === 'string' ? raw : raw.toString('utf8');
  const mail = await simpleParser(text);
  const row = findRow(mail, text, keys);
  if (!row) return null;
  const parts = [...mail.attachments.map((part) => ({ type: part.contentType, text: part.content.toString('utf8') })), { type: 'text/plain', text: mail.text ?? '' }];
  const feedback = parts.find((part) => part.type === 'message/feedback-report');
  if (feedback) {
    const fields = reportFields(feedback.text);
    if ((fields.get('feedback-type') ?? 'abuse').toLowerCase() === 'abuse') return { ...row, kind: 'complaint', status: null, diagnostic: fields.get('user-agent') ?? null };
  }
  const dsn = parts.find((part) => part.type === 'message/delivery-status');
  const fields = reportFields(dsn?.text ?? text);
  const status = fields.get('status') ?? /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(text)?.[1] ?? null;
  if (!status || status.startsWith('2')) return null;
  return { ...row, kind: status.startsWith('5') ? 'hard' : 'soft', status, diagnostic: fields.get('diagnostic-code') ?? null };
}

/** A bounce or complaint on its ledger row: the row marked, the address on the do-not-contact list (hard bounce, complaint). */
export async function applyBounce(deps: Pick<Deps, 'db' | 'now'>, report: BounceReport): Promise<boolean> {
  const at = deps.now();
  const row = await deps.db
    .selectFrom('send_recipients as r')
    .innerJoin('sends as s', 's.id', 'r.send_id')
    .select(['s.user_id', 's.channel', 's.title', 'r.to_address', 'r.customer_id', 'r.send_id'])
    .where('r.send_id', '=', report.sendId)
    .where('r.customer_id', '=', report.customerId)
    .executeTakeFirst();
  if (!row) return false;
  const detail = [report.status, report.diagnostic].filter(Boolean).join(' ');
  if (report.kind === 'complaint') {
    await deps.db.updateTable('send_recipients').set({ complained_at: sql`coalesce(complained_at, ${at})` }).where('send_id', '=', row.send_id).where('customer_id', '=', row.customer_id).execute();
    await withdrawConsent(deps.db, { userId: row.user_id, customerId: row.customer_id, channel: row.channel, source: 'marked as spam', proof: `Campaign “${row.title}”`, at });
  } else {
    await deps.db
      .updateTable('send_recipients')
      .set({ status: 'bounced', bounce_type: report.kind, error: detail || 'Bounced', error_code: report.status })
      .where('send_id', '=', row.send_id)
      .where('customer_id', '=', row.customer_id)
      .execute();
    // No longer counted as reached: what the campaign brought back was removed (migration 0290), computed again soon.
    await requestCampaignRefill(deps.db, deps.now, row.user_id, TRICKLE_DELAY_MS);
  }
  if (report.kind !== 'soft') {
    await deps.db
      .insertInto('suppressions')
      .values({ user_id: row.user_id, channel: row.channel, address: row.to_address, reason: report.kind === 'hard' ? 'hard_bounce' : 'complaint', detail, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'channel', 'address']).doNothing())
      .execute();
  }
  await deps.db.insertInto('send_events').values({ send_id: row.send_id, customer_id: row.customer_id, kind: report.kind === 'complaint' ? 'complaint' : 'bounce', at, detail: detail || null }).execute();
  return true;
}
