import { setTimeout as sleep } from 'node:timers/promises';
import type { Deps } from '../../deps.ts';
import type { TwilioStatusCallback } from '../../providers/sms/twilio-webhooks.ts';
import { withdrawConsent } from '../customers/consent.ts';
import { requestCampaignRefill, TRICKLE_DELAY_MS } from '../analytics/campaign-refill-request.ts';

/** Twilio's delivery error codes (twilio.com/docs/api/errors), in the owner's words. */
const ERROR_WORDS: Record<number, string> = {
  21610: 'The guest has opted out of texts from this number',
  30001: 'Twilio’s queue was full',
  30002: 'The Twilio account was suspended',
  30003: 'The phone was off or out of reach',
  30004: 'The guest’s carrier or phone blocked it',
  30005: 'This number does not exist or is no longer in use',
  30006: 'A landline, or a carrier that cannot take texts',
  30007: 'The carrier filtered it as spam',
  30008: 'The carrier gave no reason',
  30034: 'The sender is not registered for US texting (A2P 10DLC)',
};
const SUPPRESS: Record<number, 'opted_out' | 'invalid'> = { 21610: 'opted_out', 30005: 'invalid', 30006: 'invalid' };

/** How long a callback waits for its text's ledger row to record the Twilio id (a callback can overtake it). */
const LOOKUP_TRIES = 20;
const LOOKUP_PAUSE_MS = 250;

/**
 * A StatusCallback: the ledger row of that text (found by its Twilio id) moves forward only: sent, then
 * delivered, or failed with the error in the owner's words. A carrier's opt-out (21610) also withdraws the
 * guest's text consent and keeps the number off future sends.
 */
export async function applyStatus(deps: Pick<Deps, 'db' | 'now' | 'logger'>, callback: TwilioStatusCallback): Promise<'applied' | 'unknown' | 'ignored'> {
  let row: { send_id: string; customer_id: string; status: string; to_address: string; user_id: string } | undefined;
  for (let attempt = 0; attempt < LOOKUP_TRIES && !row; attempt++) {
    if (attempt > 0) await sleep(LOOKUP_PAUSE_MS);
    row = await deps.db
      .selectFrom('send_recipients as r')
      .innerJoin('sends as s', 's.id', 'r.send_id')
      .select(['r.send_id', 'r.customer_id', 'r.status', 'r.to_address', 's.user_id'])
      .where('r.provider_id', '=', callback.MessageSid)
      .where('s.channel', '=', 'sms')
      .executeTakeFirst();
  }
  if (!row) {
    deps.logger.warn({ sms: { sid: callback.MessageSid, status: callback.MessageStatus } }, 'a status callback for a text we do not know');
    return 'unknown';
  }
  const now = deps.now();
  const status = callback.MessageStatus;
  const code = callback.ErrorCode ?? null;
  let changed = false;
  if (status === 'delivered' || status === 'read') {
    const result = await deps.db
      .updateTable('send_recipients')
      .set({ status: 'delivered', delivered_at: now })
      .where('send_id', '=', row.send_id)
      .where('customer_id', '=', row.customer_id)
      .where('status', 'in', ['sending', 'sent'])
      .executeTakeFirst();
    changed = Number(result.numUpdatedRows) > 0;
  } else if (status === 'undelivered' || status === 'failed') {
    const words = (code !== null && ERROR_WORDS[code]) || `Twilio reported it ${status}`;
    const result = await deps.db
      .updateTable('send_recipients')
      .set({ status: 'failed', error: code !== null ? `${words} (${code})` : words, error_code: code !== null ? String(code) : null })
      .where('send_id', '=', row.send_id)
      .where('customer_id', '=', row.customer_id)
      .where('status', 'in', ['sending', 'sent'])
      .executeTakeFirst();
    changed = Number(result.numUpdatedRows) > 0;
    // A text no longer counted as reached: what its campaign brought back was removed (migration 0290), computed again soon.
    if (changed) await requestCampaignRefill(deps.db, deps.now, row.user_id, TRICKLE_DELAY_MS);
    const suppress = code !== null ? SUPPRESS[code] : undefined;
    if (changed && suppress) {
      await deps.db
        .insertInto('suppressions')
        .values({ user_id: row.user_id, channel: 'sms', address: row.to_address, reason: suppress, detail: `${words} (${code})`, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'channel', 'address']).doNothing())
        .execute();
      if (suppress === 'opted_out') {
        await withdrawConsent(deps.db, { userId: row.user_id, customerId: row.customer_id, channel: 'sms', source: 'carrier_opt_out', proof: `Twilio error ${code} for ${row.to_address}`, at: now });
      }
    }
  }
  if (!changed) return 'ignored';
  await deps.db.insertInto('send_events').values({ send_id: row.send_id, customer_id: row.customer_id, kind: 'status', at: now, detail: code !== null ? `${status} ${code}` : status }).execute();
  return 'applied';
}
