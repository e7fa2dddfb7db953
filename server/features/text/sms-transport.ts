import { sql } from 'kysely';
import * as v from 'valibot';
import type { Deps } from '../../deps.ts';
import { SmsSendError } from '../../providers/sms/sms.ts';
import { nextAllowedMoment } from '../sending/quiet-hours.ts';
import type { ChannelTransport, Delivery, Hold } from '../sending/sending-types.ts';
import type { SendRow } from '../sending/sending.table.ts';
import { findCampaign } from './sms-campaigns.queries.ts';
import { textZones } from './text-zones.ts';

/** What a send stores of a text: the words as they were when sending began. */
const SmsSnapshotSchema = v.object({ body: v.string() });
type Prepared = { body: string; statusCallbackUrl: string | undefined };

/** Where Twilio reports each text's fate (signed; see twilio.routes.ts). */
const statusCallbackUrl = (base: string) => `${base.replace(/\/+$/, '')}/api/v1/text/twilio/status`;

/** A Twilio refusal, in the ledger's terms: retry, give up on this guest, or stop the whole send. */
function deliveryOf(error: unknown): Delivery {
  if (!(error instanceof SmsSendError)) return { status: 'retry', error: error instanceof Error ? error.message : String(error) };
  const code = error.twilioCode !== null ? String(error.twilioCode) : undefined;
  switch (error.reason) {
    case 'opted_out':
      // The guest replied STOP to this number at some point: Twilio will not deliver, and we must not try again.
      return { status: 'failed', error: 'The guest has opted out of texts from this number (replied STOP).', code, suppress: 'opted_out', withdrawConsent: 'carrier_opt_out' };
    case 'invalid_recipient':
      return { status: 'failed', error: error.message, code, suppress: 'invalid' };
    case 'rejected':
      return { status: 'failed', error: error.message, code };
    case 'account':
      // Every other text would fail the same way: the send pauses with the reason until the settings are fixed.
      return { status: 'retry', error: error.message, code, stopSend: `Texts stopped: ${error.message}. Check the Twilio settings, then resume.` };
    case 'network':
      if (error.maybeSent) return { status: 'uncertain', error: `${error.message}; the text may have gone out, so it is not sent again on its own.` };
      return { status: 'retry', error: error.message, code };
    case 'rate_limited':
    case 'server_error':
    case 'unreachable':
      return { status: 'retry', error: error.message, code, retryAfterMs: error.retryAfterMs ?? undefined };
  }
}

/**
 * Texts through Twilio (or the local outbox). Quiet hours hold each guest until 8:00 where their number says
 * they are; the one-text-per-N-hours rule skips guests texted too recently.
 */
export function smsTransport(deps: Deps): ChannelTransport<Prepared> {
  return {
    channel: 'sms',
    // Twilio queues per sender and answers in ~100-300 ms; a handful in flight keeps a long-code sender busy
    // without tripping 429s, and bounds what a crash can leave in doubt.
    concurrency: deps.sms.kind === 'twilio' ? 16 : 64,
    label: deps.sms.label,
    async snapshot(send: SendRow) {
      const campaign = await findCampaign(deps.db, send.user_id, send.source_id);
      return { body: campaign.final_sms_draft };
    },
    async prepare(send: SendRow) {
      const content = v.parse(SmsSnapshotSchema, send.content);
      return { body: content.body, statusCallbackUrl: deps.sms.kind === 'twilio' ? statusCallbackUrl(send.base_url) : undefined };
    },
    async deliver(prepared, _send, row): Promise<Delivery> {
      try {
        const result = await deps.sms.send({ to: row.to_address, body: prepared.body, statusCallbackUrl: prepared.statusCallbackUrl });
        if (result.status === 'failed' || result.status === 'undelivered') return { status: 'failed', error: `Twilio answered ${result.status}` };
        return { status: 'sent', providerId: result.providerId };
      } catch (error) {
        return deliveryOf(error);
      }
    },
    async hold(send: SendRow): Promise<Hold> {
      const zones = await textZones(deps.db, send.user_id);
      return (recipient, now) => {
        const until = nextAllowedMoment(now, zones.forPhone(recipient.to_address, now));
        return until.getTime() > now.getTime() ? until : null;
      };
    },
    async tooSoon(send: SendRow, customerIds: string[], now: Date) {
      if (customerIds.length === 0) return new Set<string>();
      const brand = await deps.db.selectFrom('brand_settings').select('text_gap_hours').where('user_id', '=', send.user_id).executeTakeFirst();
      const hours = brand?.text_gap_hours ?? 24;
      if (hours <= 0) return new Set<string>();
      const since = new Date(now.getTime() - hours * 3_600_000);
      const { rows } = await sql<{ customer_id: string }>`
        SELECT DISTINCT r.customer_id FROM send_recipients r JOIN sends s ON s.id = r.send_id
        WHERE r.customer_id IN (${sql.join(customerIds)}) AND r.sent_at > ${since} AND r.send_id <> ${send.id}
          AND s.user_id = ${send.user_id} AND s.channel = 'sms'`.execute(deps.db);
      return new Set(rows.map((row) => row.customer_id));
    },
  };
}
