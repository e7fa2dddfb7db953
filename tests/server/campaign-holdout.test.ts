import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSend, startSend } from '../../server/features/sending/engine.ts';
import { transportsFor } from '../../server/features/sending/sending.jobs.ts';
import { createSegment } from '../../server/features/segments/segments.service.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { campaignWorld } from '../helpers/campaign-world.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { completedDraft } from './email-sending.fixtures.ts';
import { addOrder, seedCustomer } from './segments-fixtures.ts';
import { completedText } from './sequences.fixtures.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Issue 15: the holdout is per campaign. Every send of one campaign keeps the same guests back (a sequence over
 * all its steps and ticks, a text however often it is sent), a guest the campaign reached is never turned into a
 * holdout, and the dashboard and every report compare each campaign with its own holdout, over 7, 30 or 90 days.
 */
describe('holdout per campaign, and reports from one analytics layer', () => {
  const world = campaignWorld();
  const { api, addGuest, run } = world;
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;
  let segmentId: string;
  let emailId: string;
  let textId: string;

  /** The guests the campaign's random share holds: the same hash for every send of it. */
  const inShare = async (campaignKey: string, percent = 10) => {
    const { rows } = await sql<{ id: string }>`SELECT id FROM customers WHERE user_id = ${owner.userId} AND deleted_at IS NULL AND (abs(hashtext(${campaignKey} || id::text)) % 100) < ${percent}`.execute(t.deps.db);
    return new Set(rows.map((row) => row.id));
  };
  const rowsOf = async (sendId: string) => t.deps.db.selectFrom('send_recipients').select(['customer_id', 'status']).where('send_id', '=', sendId).execute();
  const send = async (campaignKey: string | undefined, holdoutPercent: number) => {
    const row = await createSend(t.deps, { userId: owner.userId, channel: 'email', sourceKind: 'email_draft', sourceId: emailId, segmentId, title: 'Taco Friday', scheduledAt: t.deps.now(), baseUrl: 'http://mise.test', holdoutPercent, campaignKey });
    await startSend(t.deps, transportsFor(t.deps), row.id);
    return row.id;
  };

  beforeAll(async () => {
    ({ t, owner, other } = world);
    for (let n = 0; n < 120; n++) await addGuest();
    segmentId = (await createSegment(t.deps.db, owner.userId, { title: 'Everyone', definition: { type: 'group', op: 'and', conditions: [] } })).id;
    emailId = (await completedDraft(t, owner)).id;
    textId = await completedText(t, owner);
  });
  it('keeps the same guests back from every send of a campaign, and never a guest it already reached', async () => {
    // A campaign sent twice with a holdout: the same guests are kept back both times, and they are the campaign's share.
    const share = await inShare('sms:campaign-a');
    expect(share.size).toBeGreaterThan(0);
    const first = await send('sms:campaign-a', 10);
    const heldFirst = new Set((await rowsOf(first)).filter((row) => row.status === 'holdout').map((row) => row.customer_id));
    expect(heldFirst).toEqual(share);
    // Sent again (even with the holdout switched off): the guests kept back stay kept back; nobody reached is.
    await t.deps.db.updateTable('send_recipients').set({ status: 'sent', sent_at: t.deps.now() }).where('send_id', '=', first).where('status', '=', 'queued').execute();
    const again = await send('sms:campaign-a', 0);
    const rows = await rowsOf(again);
    expect(new Set(rows.filter((row) => row.status === 'holdout').map((row) => row.customer_id))).toEqual(share);
    expect(rows.filter((row) => row.status !== 'holdout').every((row) => !share.has(row.customer_id))).toBe(true);

    // A campaign that reached everyone first, then switched the holdout on: nobody is turned into a holdout.
    const reachedFirst = await send('sms:campaign-b', 0);
    await t.deps.db.updateTable('send_recipients').set({ status: 'sent', sent_at: t.deps.now() }).where('send_id', '=', reachedFirst).execute();
    const later = await send('sms:campaign-b', 10);
    expect((await rowsOf(later)).filter((row) => row.status === 'holdout')).toEqual([]);

    // An email send is its own campaign: its share is drawn with its own key.
    const email = await send(undefined, 10);
    const heldEmail = new Set((await rowsOf(email)).filter((row) => row.status === 'holdout').map((row) => row.customer_id));
    expect(heldEmail).toEqual(await inShare(`send:${email}`));
    await t.deps.db.deleteFrom('send_recipients').where('send_id', 'in', [first, again, reachedFirst, later, email]).execute();
    await t.deps.db.deleteFrom('sends').where('id', 'in', [first, again, reachedFirst, later, email]).execute();
  });

  it('a sequence keeps one holdout over every step and every tick, guests who join later included; its report compares them', async () => {
    const res = await api('POST', '/sequences', {
      title: 'Welcome',
      description: 'Email, then a text',
      segmentation_id: segmentId,
      holdout_percent: 10,
      items: [
        { campaign_type: 'EMAIL', campaign_id: emailId, cron_schedule: '* * * * *' },
        { campaign_type: 'SMS', campaign_id: textId, cron_schedule: '* * * * *' },
      ],
    });
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    expect((await api('POST', `/sequences/${id}/status`, { status: 'ACTIVE' })).status).toBe(200);
    await run(4 * MINUTE);
    // Guests who join later are drawn by the same key.
    for (let n = 0; n < 40; n++) await addGuest();
    await run(4 * MINUTE);

    const { rows } = await sql<{ position: number; customer_id: string; status: string }>`
      SELECT i.position, r.customer_id, r.status FROM sequence_items i JOIN sends s ON s.step_key = i.id::text JOIN send_recipients r ON r.send_id = s.id
      WHERE i.sequence_id = ${id}`.execute(t.deps.db);
    const sends = await t.deps.db.selectFrom('sends').select('campaign_key').where('step_key', 'is not', null).where('user_id', '=', owner.userId).execute();
    expect(new Set(sends.map((row) => row.campaign_key))).toEqual(new Set([`sequence:${id}`]));
    expect(new Set(sends.map((row) => row.campaign_key)).size).toBe(1);
    const share = await inShare(`sequence:${id}`);
    const held = new Set(rows.filter((row) => row.status === 'holdout').map((row) => row.customer_id));
    expect(held).toEqual(share);
    // Kept back from every step: none of them got anything of the sequence; everyone else got both steps.
    expect(rows.filter((row) => held.has(row.customer_id) && row.status !== 'holdout')).toEqual([]);
    const step1 = rows.filter((row) => row.position === 1 && row.status === 'sent').map((row) => row.customer_id).sort();
    const step2 = rows.filter((row) => row.position === 2 && row.status === 'sent').map((row) => row.customer_id).sort();
    expect(step1.length).toBe(160 - share.size);
    expect(step2).toEqual(step1);

    // Three of the reached and one of the kept back visit within the 14 days.
    const heldIds = [...held];
    for (const customer of step1.slice(0, 3)) await addOrder(t.deps.db, owner.userId, customer, new Date(t.deps.now().getTime() + DAY), 3000);
    await addOrder(t.deps.db, owner.userId, heldIds[0]!, new Date(t.deps.now().getTime() + DAY), 1000);
    t.advance(2 * DAY);

    const report = await api('GET', `/sequences/${id}/report?days=7`);
    expect(report.status).toBe(200);
    expect(report.body.window.days).toBe(7);
    expect(report.body.steps.map((step: { figures: { sent: number } }) => step.figures.sent)).toEqual([step1.length, step2.length]);
    expect(report.body.steps[0].figures.by_day).toHaveLength(7);
    const expectedLift = Math.round(3 - step1.length * (1 / share.size));
    expect(report.body.came_back).toMatchObject({
      reached: step1.length,
      guests: 3,
      revenue_cents: 9000,
      holdout: { campaigns: 1, size: share.size, guests: 1, revenue_cents: 1000, reached: step1.length, reached_guests: 3 },
      lift_guests: Math.max(0, expectedLift),
    });
    expect(report.body.sales_back).toEqual(report.body.came_back);
    expect((await api('GET', `/sequences/${id}/report`)).body.window.days).toBe(30);
    const bad = await api('GET', `/sequences/${id}/report?days=14`);
    expect(bad.status).toBe(400);
    expect(bad.body.fields.days).toBe('days is 7, 30 or 90');
    expect((await api('GET', `/sequences/${id}/report?days=7`, undefined, other)).status).toBe(404);
    expect((await api('GET', `/sequences/not-a-uuid/report`)).status).toBe(404);
    await api('POST', `/sequences/${id}/status`, { status: 'CANCELLED' });
  }, 120_000);

  it("compares each campaign with its own holdout: the dashboard's lift is the sum of the campaigns', and each report reads the same layer", async () => {
    const acct = await signUpVerified(t, { name: 'Lift Owner' });
    await api('POST', `/users/settings/${acct.userId}`, { timeZone: 'America/New_York' }, acct);
    const started = new Date(t.deps.now().getTime() - 10 * DAY);
    const seedSend = async (channel: 'email' | 'sms', campaignKey: string | null, sourceId: string, statuses: string[]) => {
      const row = await t.deps.db
        .insertInto('sends')
        .values({ user_id: acct.userId, channel, source_kind: channel === 'email' ? 'email_draft' : 'sms_campaign', source_id: sourceId, campaign_key: campaignKey, segment_id: null, title: 'Seeded', status: 'sent', scheduled_at: started, started_at: started, completed_at: started, base_url: 'http://mise.test', created_at: started, updated_at: started })
        .returning('id')
        .executeTakeFirstOrThrow();
      const customers: string[] = [];
      for (const status of statuses) {
        const guest = world.nextGuest();
        const customer = await seedCustomer(t.deps.db, acct.userId, { given_name: `L${guest}`, email: `l${guest}@example.com`, phone: `+1212556${String(1000 + guest)}` });
        customers.push(customer);
        await t.deps.db
          .insertInto('send_recipients')
          .values({ send_id: row.id, customer_id: customer, to_address: `l${guest}@example.com`, status: status as 'sent', sent_at: status === 'holdout' ? null : new Date(started.getTime() + MINUTE), first_opened_at: null })
          .execute();
      }
      return { id: row.id, customers };
    };
    // Email A: 10 reached, 5 came back ($20 each); 10 kept back, 1 came anyway ($20).
    const a = await seedSend('email', null, crypto.randomUUID(), [...Array(10).fill('sent'), ...Array(10).fill('holdout')]);
    for (const customer of [...a.customers.slice(0, 5), a.customers[10]!]) await addOrder(t.deps.db, acct.userId, customer, new Date(started.getTime() + DAY), 2000);
    // Text B: 10 delivered, 2 came back ($20 each), no holdout (adds guests, no lift).
    const textB = (await t.deps.db.insertInto('sms_campaigns').values({ user_id: acct.userId, user_title: 'B', final_sms_draft: 'Hi. Reply STOP to opt out', is_completed: true, completed_at: started, created_at: started, updated_at: started }).returning('id').executeTakeFirstOrThrow()).id;
    const b = await seedSend('sms', `sms:${textB}`, textB, Array(10).fill('delivered'));
    for (const customer of b.customers.slice(0, 2)) await addOrder(t.deps.db, acct.userId, customer, new Date(started.getTime() + 2 * DAY), 2000);

    // Per campaign: A's lift is 5 − 10 × 1/10 = 4 guests, $100 − 10 × $2 = $80; B has no holdout. (Pooled, 7 − 20 × 1/10 would say 5.)
    const month = (await api('GET', '/dashboard?days=30', undefined, acct)).body;
    expect(month.headline).toMatchObject({
      reached: 20,
      guests: 7,
      revenue_cents: 14_000,
      holdout: { campaigns: 1, size: 10, guests: 1, revenue_cents: 2000, reached: 10, reached_guests: 5, reached_revenue_cents: 10_000 },
      lift_guests: 4,
      lift_revenue_cents: 8000,
    });
    // Ten days ago is outside the week.
    expect((await api('GET', '/dashboard?days=7', undefined, acct)).body.headline).toMatchObject({ reached: 0, guests: 0, holdout: null, lift_guests: null });

    // The email's report: its life (sales_back) and the window (period) from the same layer.
    const emailReport = await api('GET', `/email/campaigns/${a.id}/report?days=30`, undefined, acct);
    expect(emailReport.status).toBe(200);
    expect(emailReport.body.sales_back).toMatchObject({ reached: 10, guests: 5, revenue_cents: 10_000, lift_guests: 4, lift_revenue_cents: 8000 });
    expect(emailReport.body.period.window.days).toBe(30);
    expect(emailReport.body.period.figures).toMatchObject({ campaigns: 1, sent: 10, delivered: 10 });
    expect(emailReport.body.period.came_back).toEqual(emailReport.body.sales_back);
    const weekReport = (await api('GET', `/email/campaigns/${a.id}/report?days=7`, undefined, acct)).body;
    expect(weekReport.period.figures.sent).toBe(0);
    expect(weekReport.sales_back.guests).toBe(5);
    expect((await api('GET', `/email/campaigns/${a.id}/report?days=1`, undefined, acct)).status).toBe(400);
    expect((await api('GET', `/email/campaigns/${a.id}/report?days=30`, undefined, other)).status).toBe(404);

    // The text's report: its figures in the window and what came back, no holdout.
    const textReport = await api('GET', `/text/campaigns/${textB}/report?days=90`, undefined, acct);
    expect(textReport.status).toBe(200);
    expect(textReport.body.period.figures).toMatchObject({ sent: 10, delivered: 10, delivery_rate: 100 });
    expect(textReport.body.period.came_back).toMatchObject({ reached: 10, guests: 2, revenue_cents: 4000, holdout: null, lift_guests: null });
    expect((await api('GET', `/text/campaigns/${textB}/report?days=90`, undefined, other)).status).toBe(404);
    expect((await api('GET', `/text/campaigns/${textB}/report?days=abc`, undefined, acct)).status).toBe(400);

    // Spec §3 Email stats: the same figures for the owner's emails in the window.
    expect((await api('GET', '/email/stats?days=30', undefined, acct)).body).toEqual({ total_campaign: 1, total_sent: 10, open_data: { unique_rate: 0, unique_opens: 0 }, click_data: { rate: 0, unique_clicks: 0 } });
    expect((await api('GET', '/email/stats', undefined, acct)).body.total_sent).toBe(10);
    expect((await api('GET', '/email/stats?days=7', undefined, acct)).body.total_campaign).toBe(0);
    expect((await api('GET', '/email/stats?days=365', undefined, acct)).status).toBe(400);
    expect((await api('GET', '/email/stats?days=30', undefined, other)).body.total_sent).toBe(0);

    // The dashboard's figures are the campaigns' figures added up.
    expect(month.email.sent + month.text.total_sent).toBe(emailReport.body.period.figures.sent + textReport.body.period.figures.sent);
  });
});
