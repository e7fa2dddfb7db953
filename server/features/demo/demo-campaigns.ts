import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import { rng } from '../customers/demo/demo-data.ts';
import { completeDraft, createDraft } from '../email/email-drafts.service.ts';
import { createSend } from '../sending/engine.ts';
import { chat } from '../text/text-chat.service.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * Past campaigns with results for the demo café, so its reports, history and dashboard have something to show:
 * two emails written by the built-in AI from prompts and sent to real demo customers who agreed to email (their
 * ledger filled as a send leaves it, with opens, clicks, a few bounces and unsubscribes over the first two days),
 * and one scheduled for next week that will really go out (to the local outbox) unless cancelled. Every title
 * starts with "Demo:".
 */
export async function seedDemoCampaigns(deps: Deps, userId: string, now: Date, baseUrl: string) {
  const random = rng(7);
  const segments = await deps.db.selectFrom('segments').select(['id', 'title']).where('user_id', '=', userId).orderBy('created_at').execute();
  const everyone = segments[0];
  if (!everyone) return [];
  const made: string[] = [];
  const past = [
    { prompt: 'Pumpkin soup is back for autumn, every day from noon', title: 'Demo: Pumpkin soup is back', daysAgo: 24, openRate: 0.46, clickRate: 0.09 },
    { prompt: 'Weekend brunch with berry pancakes, Saturday and Sunday 9 to 2', title: 'Demo: Weekend brunch', daysAgo: 9, openRate: 0.52, clickRate: 0.12 },
  ];
  for (const campaign of past) {
    const draft = await createDraft(deps, userId, { prompt: campaign.prompt });
    await completeDraft(deps, userId, draft.id, { user_title: campaign.title, version: draft.version, blocks: draft.blocks });
    const started = new Date(now.getTime() - campaign.daysAgo * DAY + 10 * HOUR);
    const send = await deps.db
      .insertInto('sends')
      .values({
        user_id: userId,
        channel: 'email',
        source_kind: 'email_draft',
        source_id: draft.id,
        segment_id: everyone.id,
        title: campaign.title,
        status: 'sent',
        scheduled_at: started,
        started_at: started,
        completed_at: new Date(started.getTime() + 4 * 60_000),
        base_url: baseUrl,
        holdout_percent: 10,
        created_at: started,
        updated_at: started,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The audience as the engine takes it: customers with an email who agreed to email, a tenth kept back.
    await sql`
      INSERT INTO send_recipients (send_id, customer_id, to_address, first_name, status, sent_at, attempts, provider_id)
      SELECT ${send.id}::uuid, c.id, c.email, c.given_name,
        CASE WHEN (abs(hashtext(${`send:${send.id}`} || c.id::text)) % 100) < 10 THEN 'holdout' ELSE 'sent' END,
        ${started}::timestamptz, 1, '<demo>'
      FROM customers c
      WHERE c.user_id = ${userId} AND c.deleted_at IS NULL AND c.email IS NOT NULL AND c.email_consent`.execute(deps.db);
    const rows = await deps.db.selectFrom('send_recipients').select('customer_id').where('send_id', '=', send.id).where('status', '=', 'sent').execute();
    const opens: Array<{ customer_id: string; at: Date; proxy: boolean; kind: 'open' | 'click' }> = [];
    for (const row of rows) {
      const draw = random();
      if (draw < 0.015) {
        await deps.db.updateTable('send_recipients').set({ status: 'bounced', bounce_type: 'hard', error: '550 5.1.1 Mailbox does not exist (demo)' }).where('send_id', '=', send.id).where('customer_id', '=', row.customer_id).execute();
        continue;
      }
      if (draw > campaign.openRate) continue;
      // Most opens come in the first hours, then a long tail over two days.
      const at = new Date(started.getTime() + Math.min(47.5, -Math.log(1 - random()) * 6) * HOUR);
      const proxy = random() < 0.15;
      opens.push({ customer_id: row.customer_id, at, proxy, kind: 'open' });
      // About a third of the guests who open come back to it later (the total opens, beside the unique ones).
      if (!proxy && random() < 0.3) opens.push({ customer_id: row.customer_id, at: new Date(at.getTime() + (1 + random() * 20) * HOUR), proxy: false, kind: 'open' });
      if (random() < campaign.clickRate / campaign.openRate) opens.push({ customer_id: row.customer_id, at: new Date(at.getTime() + 2 * 60_000), proxy: false, kind: 'click' });
    }
    for (let start = 0; start < opens.length; start += 500) {
      await deps.db
        .insertInto('send_events')
        .values(opens.slice(start, start + 500).map((event) => ({ send_id: send.id, customer_id: event.customer_id, kind: event.kind, at: event.at, proxy: event.proxy, detail: event.kind === 'click' ? 'https://demo-cafe.example.com/menu' : null })))
        .execute();
    }
    await sql`
      UPDATE send_recipients r SET
        opens = e.opens, proxy_opens = e.proxy_opens, first_opened_at = e.first_open, clicks = e.clicks, first_clicked_at = e.first_click
      FROM (
        SELECT customer_id,
          greatest(count(*) FILTER (WHERE kind = 'open' AND NOT proxy), least(count(*) FILTER (WHERE kind = 'click'), 1))::int AS opens,
          count(*) FILTER (WHERE kind = 'open' AND proxy)::int AS proxy_opens,
          min(at) FILTER (WHERE (kind = 'open' AND NOT proxy) OR kind = 'click') AS first_open,
          count(*) FILTER (WHERE kind = 'click')::int AS clicks, min(at) FILTER (WHERE kind = 'click') AS first_click
        FROM send_events WHERE send_id = ${send.id} GROUP BY customer_id
      ) e
      WHERE r.send_id = ${send.id} AND r.customer_id = e.customer_id`.execute(deps.db);
    made.push(campaign.title);
  }
  // One waiting for its moment: next Friday at 11:00 in the café's time zone (UTC here for simplicity of the seed).
  const upcoming = await createDraft(deps, userId, { prompt: 'Friday fish tacos, 2 for $12, this week only' });
  await completeDraft(deps, userId, upcoming.id, { user_title: 'Demo: Fish taco Friday', version: upcoming.version, blocks: upcoming.blocks });
  const friday = new Date(now.getTime() + ((5 - now.getUTCDay() + 7) % 7 || 7) * DAY);
  friday.setUTCHours(15, 0, 0, 0);
  await createSend(deps, { userId, channel: 'email', sourceKind: 'email_draft', sourceId: upcoming.id, segmentId: everyone.id, title: 'Demo: Fish taco Friday', scheduledAt: friday, baseUrl });
  made.push('Demo: Fish taco Friday (scheduled)');
  return made;
}

/**
 * Texts for the demo café: a chat that wrote a text sent 12 days ago to guests who agreed to texts (most
 * delivered, a few failed with the carrier's reason, one STOP), and a chat still waiting for the owner's answer
 * to the assistant's question. Written by the built-in AI through the same chat the owner uses; titles start
 * with "Demo:".
 */
export async function seedDemoTexts(deps: Deps, userId: string, now: Date, baseUrl: string) {
  const random = rng(11);
  const everyone = await deps.db.selectFrom('segments').select(['id']).where('user_id', '=', userId).orderBy('created_at').executeTakeFirst();
  if (!everyone) return [];
  const written = await chat(deps, userId, { query: 'Half-price fries for all our regulars tonight only, from 5 to 7pm', sms_category: 'flash_sale', style: 'friendly' });
  if (!written.campaign_id) return [];
  const title = 'Demo: Half-price fries tonight';
  await deps.db.updateTable('sms_campaigns').set({ user_title: title }).where('id', '=', written.campaign_id).execute();
  await deps.db.updateTable('text_conversations').set({ title }).where('id', '=', written.conversation_id).execute();
  const started = new Date(now.getTime() - 12 * DAY + 17 * HOUR);
  const send = await deps.db
    .insertInto('sends')
    .values({
      user_id: userId,
      channel: 'sms',
      source_kind: 'sms_campaign',
      source_id: written.campaign_id,
      campaign_key: `sms:${written.campaign_id}`,
      segment_id: everyone.id,
      title,
      status: 'sent',
      scheduled_at: started,
      started_at: started,
      completed_at: new Date(started.getTime() + 3 * 60_000),
      base_url: baseUrl,
      created_at: started,
      updated_at: started,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO send_recipients (send_id, customer_id, to_address, first_name, status, sent_at, delivered_at, attempts, provider_id)
    SELECT ${send.id}::uuid, c.id, c.phone, c.given_name, 'delivered', ${started}::timestamptz, ${new Date(started.getTime() + 20_000)}::timestamptz, 1, 'SM-demo-' || substr(md5(c.id::text), 1, 24)
    FROM customers c
    WHERE c.user_id = ${userId} AND c.deleted_at IS NULL AND c.phone IS NOT NULL AND c.sms_consent`.execute(deps.db);
  const rows = await deps.db.selectFrom('send_recipients').select('customer_id').where('send_id', '=', send.id).execute();
  for (const row of rows) {
    if (random() < 0.03) {
      await deps.db
        .updateTable('send_recipients')
        .set({ status: 'failed', delivered_at: null, error_code: '30003', error: 'Unreachable destination handset (demo)' })
        .where('send_id', '=', send.id)
        .where('customer_id', '=', row.customer_id)
        .execute();
    }
  }
  // A second chat the assistant asked a question in, waiting for the owner.
  await chat(deps, userId, { query: 'Something for our loyalty members', sms_category: 'loyalty_reminder', style: 'friendly' });
  return [`${title} (text, sent)`];
}
