import * as v from 'valibot';
import type { Deps } from '../../deps.ts';
import type { ChannelTransport, Delivery } from '../sending/sending-types.ts';
import type { SendRow } from '../sending/sending.table.ts';
import { trackingKeys } from '../sending/tracking-keys.ts';
import { getBrand } from '../brand/brand.service.ts';
import { renderOwnerEmail } from './email-content.ts';
import { findDraft } from './email-drafts.service.ts';
import { compileEmail, greetingName, personalise, type CompiledEmail } from './email-message.ts';

/** What a send stores of an email: the message as it was when sending began. */
const EmailSnapshotSchema = v.object({ subject: v.string(), preheader: v.string(), html: v.string(), text: v.string(), fromName: v.string(), replyTo: v.nullable(v.string()) });

type Prepared = { email: CompiledEmail; subject: string; from: string; replyTo: string | undefined; domain: string };

/** The sender's bare address and its domain: CAMPAIGN_FROM_ADDRESS, else MAIL_FROM's address. */
function senderAddress(env: Deps['env']) {
  const address = env.CAMPAIGN_FROM_ADDRESS || /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] || env.MAIL_FROM;
  return { address, domain: address.split('@')[1] ?? 'mise.local' };
}

const quoted = (name: string) => `"${name.replace(/["\\\r\n]/g, '')}"`;

/**
 * Email through the campaign mailer (pooled SMTP, or the .eml outbox). Each message carries List-Unsubscribe
 * (HTTPS one-click and mailto, RFC 8058), a Message-ID made from its ledger row, and a VERP return path that
 * names the recipient, so a bounce finds its row.
 */
export function emailTransport(deps: Deps): ChannelTransport<Prepared> {
  const keys = trackingKeys(deps.env);
  return {
    channel: 'email',
    concurrency: deps.campaignMailer.concurrency,
    label: deps.campaignMailer.label,
    async snapshot(send: SendRow) {
      const draft = await findDraft(deps, send.user_id, send.source_id);
      const absolute = (path: string) => (path.startsWith('/') ? `${send.base_url}${path}` : path);
      const rendered = await renderOwnerEmail(deps, send.user_id, { subject: draft.subject, preheader: draft.preheader, blocks: draft.blocks }, { mode: 'send', absoluteUrl: absolute });
      const brand = await getBrand(deps.db, send.user_id);
      const owner = await deps.db.selectFrom('users').select(['email', 'name']).where('id', '=', send.user_id).executeTakeFirst();
      return { subject: draft.subject, preheader: draft.preheader, html: rendered.html, text: rendered.text, fromName: brand.brandName || owner?.name || 'Mise', replyTo: owner?.email ?? null };
    },
    async prepare(send: SendRow) {
      const content = v.parse(EmailSnapshotSchema, send.content);
      const { address, domain } = senderAddress(deps.env);
      return { email: compileEmail(content.html, content.text), subject: content.subject, from: `${quoted(content.fromName)} <${address}>`, replyTo: content.replyTo ?? undefined, domain };
    },
    async deliver(prepared, send, row): Promise<Delivery> {
      const token = keys.token(send.id, row.customer_id);
      const base = send.base_url;
      const unsubscribeUrl = `${base}/u/${token}`;
      const { html, text } = personalise(prepared.email, {
        firstName: greetingName(row.first_name),
        unsubscribeUrl,
        pixelUrl: `${base}/t/o/${token}.gif`,
        clickUrl: (target) => `${base}/t/c/${token}?u=${encodeURIComponent(target)}&s=${keys.signTarget(token, target)}`,
      });
      const messageId = `<${send.id}.${row.customer_id}@${prepared.domain}>`;
      const result = await deps.campaignMailer.send({
        from: prepared.from,
        replyTo: prepared.replyTo,
        to: row.to_address,
        subject: prepared.subject,
        html,
        text,
        messageId,
        returnPath: `bounce+${token}@${prepared.domain}`,
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:unsubscribe+${token}@${prepared.domain}?subject=unsubscribe>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'X-Mise-Send': send.id,
        },
      });
      switch (result.outcome) {
        case 'sent':
          return { status: 'sent', providerId: messageId };
        case 'permanent':
          return { status: 'bounced', error: result.response, code: result.code ? String(result.code) : undefined, suppress: 'hard_bounce' };
        case 'retry':
          return { status: 'retry', error: result.response, code: result.code ? String(result.code) : undefined };
        case 'unknown':
          return { status: 'uncertain', error: `The connection to the mail server broke while this email was handed over (${result.response}).` };
      }
    },
  };
}
