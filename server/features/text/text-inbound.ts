import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import type { TwilioInbound } from '../../providers/sms/twilio-webhooks.ts';
import { grantConsent, withdrawConsent } from '../customers/consent.ts';
import { getBrand } from '../brand/brand.service.ts';
import { classifyInbound, normalizeReply } from './inbound-keywords.ts';

/** Words Twilio itself acts on (and answers) on a long code or toll-free number: we record, it replies. */
const TWILIO_KEYWORDS = new Set(['stop', 'stopall', 'unsubscribe', 'cancel', 'end', 'quit', 'revoke', 'optout', 'start', 'yes', 'unstop', 'help', 'info']);

/** How consent changes made from a guest's own reply are named in the consent history (and undone by START). */
const REPLY_SOURCE = 'sms_reply';
const WITHDRAWN_BY_GUEST = [REPLY_SOURCE, 'carrier_opt_out'];

export type InboundResult = { reply: string | null; intent: string; duplicate: boolean };

/**
 * A guest's text to our number. Every restaurant that has texted this number hears it: Mise sends from one
 * number, so a STOP blocks that number for all of them at the carrier, and consent must follow. HELP is
 * answered in the name of the restaurant that texted last.
 */
export async function handleInbound(deps: Pick<Deps, 'db' | 'now' | 'logger'>, message: TwilioInbound): Promise<InboundResult> {
  const now = deps.now();
  const from = message.From;
  const classification = classifyInbound(message.Body, message.OptOutType ?? null);
  const senders = await deps.db
    .selectFrom('send_recipients as r')
    .innerJoin('sends as s', 's.id', 'r.send_id')
    .select(['s.user_id', sql<Date>`max(r.sent_at)`.as('last')])
    .where('r.to_address', '=', from)
    .where('r.sent_at', 'is not', null)
    .where('s.channel', '=', 'sms')
    .groupBy('s.user_id')
    .orderBy(sql`max(r.sent_at)`, 'desc')
    .execute();
  const latest = senders[0]?.user_id ?? null;
  const inserted = await deps.db
    .insertInto('sms_inbound')
    .values({ message_sid: message.MessageSid, from_number: from, to_number: message.To, body: message.Body, intent: classification.intent, matched: classification.matched, user_id: latest, received_at: now })
    .onConflict((oc) => oc.column('message_sid').doNothing())
    .returning('id')
    .executeTakeFirst();
  // Twilio retried a webhook we already handled: the same answer, nothing changed twice.
  if (!inserted) return { reply: null, intent: classification.intent, duplicate: true };

  const owners = senders.map((sender) => sender.user_id);
  const keyword = TWILIO_KEYWORDS.has(normalizeReply(message.Body)) || Boolean(message.OptOutType);
  const proof = `Replied “${message.Body.trim().slice(0, 300)}” from ${from}`;
  switch (classification.intent) {
    case 'opt_out': {
      for (const owner of owners) {
        const customers = await deps.db.selectFrom('customers').select('id').where('user_id', '=', owner).where('phone', '=', from).execute();
        for (const customer of customers) await withdrawConsent(deps.db, { userId: owner, customerId: customer.id, channel: 'sms', source: REPLY_SOURCE, proof, at: now });
        await deps.db
          .insertInto('suppressions')
          .values({ user_id: owner, channel: 'sms', address: from, reason: 'opted_out', detail: proof, created_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'channel', 'address']).doNothing())
          .execute();
      }
      deps.logger.info({ sms: { inbound: message.MessageSid, restaurants: owners.length } }, 'a guest opted out of texts');
      if (keyword || !latest) return { reply: null, intent: 'opt_out', duplicate: false };
      // Their own words: Twilio did not act, so we confirm once (allowed, and expected, after an opt-out).
      const brand = await getBrand(deps.db, latest);
      return { reply: `${brand.brandName || 'We'}: you will not get more texts from us. Reply START to get them again.`, intent: 'opt_out', duplicate: false };
    }
    case 'opt_in': {
      for (const owner of owners) {
        await deps.db.deleteFrom('suppressions').where('user_id', '=', owner).where('channel', '=', 'sms').where('address', '=', from).where('reason', '=', 'opted_out').execute();
        // Only consent the guest withdrew by text comes back; the owner's own switch stays as the owner set it.
        const customers = await deps.db
          .selectFrom('customers as c')
          .select('c.id')
          .where('c.user_id', '=', owner)
          .where('c.phone', '=', from)
          .where('c.sms_consent', '=', false)
          .where((eb) =>
            eb(
              eb
                .selectFrom('consent_events as e')
                .select('e.source')
                .whereRef('e.customer_id', '=', 'c.id')
                .where('e.channel', '=', 'sms')
                .orderBy('e.at', 'desc')
                .orderBy('e.id', 'desc')
                .limit(1),
              'in',
              WITHDRAWN_BY_GUEST,
            ),
          )
          .execute();
        for (const customer of customers) await grantConsent(deps.db, { userId: owner, customerId: customer.id, channel: 'sms', source: REPLY_SOURCE, proof, at: now });
      }
      return { reply: null, intent: 'opt_in', duplicate: false };
    }
    case 'help': {
      if (!latest) return { reply: 'Texts from a restaurant using Mise. Msg&data rates may apply. Reply STOP to opt out.', intent: 'help', duplicate: false };
      const brand = await getBrand(deps.db, latest);
      const contact = [brand.website && `visit ${brand.website.replace(/^https?:\/\//, '')}`, brand.location && `see us at ${brand.location}`].filter(Boolean).join(' or ');
      return { reply: `${brand.brandName || 'Us'}: marketing texts.${contact ? ` For help, ${contact}.` : ''} Msg&data rates may apply. Reply STOP to opt out.`, intent: 'help', duplicate: false };
    }
    default:
      return { reply: null, intent: classification.intent, duplicate: false };
  }
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** TwiML: a reply, or nothing (`<Response/>`: Twilio sends no text). */
export const twiml = (reply: string | null) => `<?xml version="1.0" encoding="UTF-8"?>${reply ? `<Response><Message>${xml(reply)}</Message></Response>` : '<Response/>'}`;
