import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call } from '../helpers/test-app.ts';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio.ts';
import { twilioSignature } from '../fakes/twilio-signing.ts';
import { givePlan, setBrand } from './email.fixtures.ts';
import { sendingJobs } from './email-sending.fixtures.ts';
import { linkPos, listeningTestApp, seedTextGuests, setClock, tomorrowAt, writtenText } from './text.fixtures.ts';

const NY = '+12125550101';
const LA = '+13105550102';
const NY2 = '+12125550103';
const OUR_NUMBER = '+15005550006';

describe('text campaigns', () => {
  let twilio: FakeTwilio;
  let server: Awaited<ReturnType<typeof listeningTestApp>>;
  let jobs: ReturnType<typeof sendingJobs>;
  let owner: TestAccount;
  let other: TestAccount;
  let segmentId: string;
  let guests: string[];

  const t = () => server.t;
  /** An owner who can text: brand, a paid plan, a finished POS import, New York time. */
  const readyOwner = async () => {
    const account = await signUpVerified(t());
    await setBrand(t(), account);
    await givePlan(t(), account.userId);
    await linkPos(t(), account.userId);
    await api('POST', `/users/settings/${account.userId}`, { timeZone: 'America/New_York', textGapHours: 0 }, account);
    return account;
  };
  const api = (method: string, path: string, body?: unknown, account = owner, headers: Record<string, string> = {}) =>
    call(t().app, method, `/api/v1${path}`, body, account.token, { Origin: 'http://localhost', ...headers });
  const ledger = (sendId: string) => t().deps.db.selectFrom('send_recipients').selectAll().where('send_id', '=', sendId).orderBy('to_address').execute();
  const sendOf = async (campaignId: string) => (await api('GET', `/text/campaigns/${campaignId}`)).body.send.id as string;
  /** A guest's reply, signed as Twilio signs it; returns the status and the TwiML. */
  const reply = async (from: string, body: string, extra: Record<string, string> = {}) => {
    const url = `${server.origin}/api/v1/text/twilio/inbound`;
    const params = { MessageSid: `SM${crypto.randomUUID().replaceAll('-', '')}`, AccountSid: twilio.accountSid, From: from, To: OUR_NUMBER, Body: body, NumMedia: '0', ...extra };
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': twilioSignature(twilio.authToken, url, params) }, body: new URLSearchParams(params).toString() });
    return { status: response.status, body: await response.text() };
  };

  beforeAll(async () => {
    twilio = await startFakeTwilio({ fromNumbers: [OUR_NUMBER] });
    server = await listeningTestApp({ TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: OUR_NUMBER, TWILIO_BASE_URL: twilio.url, SMS_PRICE_PER_SEGMENT: '0.0083' });
    jobs = sendingJobs(t());
    // 13:00 New York, 10:00 Los Angeles: everyone may get a text.
    setClock(t(), tomorrowAt(18));
    [owner, other] = await Promise.all([signUpVerified(t()), signUpVerified(t(), { name: 'Kai Other' })]);
    for (const account of [owner, other]) {
      await setBrand(t(), account);
      await givePlan(t(), account.userId);
      await linkPos(t(), account.userId);
    }
    await api('POST', `/users/settings/${owner.userId}`, { timeZone: 'America/New_York' });
    ({ segmentId, ids: guests } = await seedTextGuests(t(), owner, [NY, LA, NY2]));
  });
  afterAll(async () => {
    await jobs.stop();
    await server.close();
    await twilio.close();
  });

  describe('before a text can be made (spec §5)', () => {
    it('answers every text write with the spec message and where to fix it, in order', async () => {
      const fresh = await signUpVerified(t());
      const chat = () => api('POST', '/text/chat', { query: 'Tacos tonight', sms_category: 'flash_sale' }, fresh);
      const launch = () => api('POST', '/text/campaigns/launch', { campaign_id: crypto.randomUUID(), segmentation_id: crypto.randomUUID() }, fresh);

      expect((await chat()).body).toMatchObject({ error: 'Please connect POS account to create text campaigns', redirect: '/settings/pos' });
      expect((await chat()).status).toBe(409);
      expect((await launch()).body.error).toBe('Please connect POS account to create text campaigns');

      await linkPos(t(), fresh.userId, 40);
      expect((await chat()).body.error).toBe('Square data import in progess: 40. Please Wait...');
      await t().deps.db.deleteFrom('pos_connections').where('user_id', '=', fresh.userId).execute();
      await linkPos(t(), fresh.userId, 75, 'clover');
      expect((await chat()).body.error).toBe('Clover data import in progess: 75. Please Wait...');
      expect((await api('GET', '/text/readiness', undefined, fresh)).body).toMatchObject({ ready: false, message: 'Clover data import in progess: 75. Please Wait...', redirect: '/settings/pos' });

      await linkPos(t(), fresh.userId, 100, 'clover');
      const details = await chat();
      expect(details.status).toBe(409);
      expect(details.body).toMatchObject({ error: 'Please complete your restaurant details', redirect: '/settings/content' });
      await setBrand(t(), fresh, { brandName: 'Half Done', location: 'Austin' });
      expect((await launch()).body.error).toBe('Please complete your restaurant details');

      await setBrand(t(), fresh);
      expect((await api('GET', '/text/readiness', undefined, fresh)).body).toMatchObject({ ready: true, message: null, delivers: true, price_per_segment_cents: 0.83 });
      expect((await chat()).status).toBe(200);
    });
  });

  describe('the AI chat', () => {
    it('asks a question when the offer is missing, then writes a draft that completes the conversation', async () => {
      const first = await api('POST', '/text/chat', { query: 'a flash sale', sms_category: 'flash_sale', style: 'urgent' });
      expect(first.status).toBe(200);
      expect(first.body.response_data.clarification_question).toMatch(/\?$/);
      expect(first.body.campaign_id).toBeUndefined();
      const id = first.body.conversation_id;

      const second = await api('POST', '/text/chat', { query: '20% off all burritos today until 9pm', conversation_id: id });
      const draft = second.body.response_data.sms_campaign_draft as string;
      expect(draft).toMatch(/^La Cocina:/);
      expect(draft).toContain('20% off');
      expect(draft).toMatch(/Reply STOP to opt out$/);
      expect(second.body.campaign_id).toEqual(expect.any(String));

      const conversation = (await api('GET', `/text/conversations/${id}`)).body;
      expect(conversation).toMatchObject({ status: 'completed', style: 'urgent', sms_category: 'flash_sale', title: 'a flash sale' });
      expect(conversation.messages.map((m: { kind: string }) => m.kind)).toEqual(['question', 'draft']);
      expect(conversation.sms_campaign).toMatchObject({ id: second.body.campaign_id, final_sms_draft: draft, is_completed: true, send: null });

      const again = await api('POST', '/text/chat', { query: 'and one more', conversation_id: id });
      expect(again.status).toBe(409);

      const renamed = await api('POST', `/text/conversations/${id}/title`, { title: 'Burrito flash sale' });
      expect(renamed.body.message).toBe('Campaign title updated successfully');
      expect((await api('GET', `/text/campaigns/${second.body.campaign_id}`)).body.user_title).toBe('Burrito flash sale');
      const history = (await api('GET', '/text/conversations')).body as Array<{ conversation_id: string; title: string }>;
      expect(history.find((c) => c.conversation_id === id)?.title).toBe('Burrito flash sale');
    });

    it('a new chat started on the phone keeps the id it chose, and another owner cannot see or continue it', async () => {
      const chosen = crypto.randomUUID();
      const res = await api('POST', '/text/chat', { query: 'Live jazz this Friday at 8pm', new_conversation_id: chosen, sms_category: 'event_invitation' });
      expect(res.body.conversation_id).toBe(chosen);
      expect((await api('GET', `/text/conversations/${chosen}`, undefined, other)).status).toBe(404);
      expect((await api('POST', '/text/chat', { query: 'hi', conversation_id: chosen }, other)).status).toBe(404);
      expect((await api('POST', `/text/conversations/${chosen}/title`, { title: 'Mine now' }, other)).status).toBe(404);
      expect((await api('POST', '/text/chat', { query: 'hi', new_conversation_id: chosen }, other)).status).toBe(409);
      expect(((await api('GET', '/text/conversations', undefined, other)).body as unknown[]).length).toBe(0);
    });

    it('refuses bad input naming the field', async () => {
      const empty = await api('POST', '/text/chat', { query: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.body.fields).toEqual({ query: 'Message cannot be empty' });
      const style = await api('POST', '/text/chat', { query: 'Tacos', style: 'shouty' });
      expect(style.body.fields).toEqual({ style: 'Choose one of the styles' });
    });
  });

  describe('editing a text', () => {
    it('keeps versions, refuses a stale edit with the current text, regenerates, and counts segments', async () => {
      const { campaignId } = await writtenText(t(), owner);
      const campaign = (await api('GET', `/text/campaigns/${campaignId}`)).body;
      const edited = await api('POST', '/text/campaigns/draft', { campaign_id: campaignId, new_draft_text: 'La Cocina: $5 margaritas 4-6pm today! Reply STOP to opt out', version: campaign.version });
      expect(edited.status).toBe(200);
      expect(edited.body.campaign.version).toBe(campaign.version + 1);
      const stale = await api('POST', '/text/campaigns/draft', { campaign_id: campaignId, new_draft_text: 'Old words', version: campaign.version });
      expect(stale.status).toBe(409);
      expect(stale.body.current.final_sms_draft).toBe('La Cocina: $5 margaritas 4-6pm today! Reply STOP to opt out');

      const regenerated = await api('POST', '/text/campaigns/regenerate', { campaign_id: campaignId });
      expect(regenerated.body.message).toBe('Regenerated Successfully');
      expect(regenerated.body.final_sms_draft).not.toBe('La Cocina: $5 margaritas 4-6pm today! Reply STOP to opt out');
      expect(regenerated.body.final_sms_draft).toMatch(/Reply STOP to opt out$/);

      const tooLong = await api('POST', '/text/campaigns/draft', { campaign_id: campaignId, new_draft_text: 'x'.repeat(1601) });
      expect(tooLong.body.fields).toEqual({ new_draft_text: 'Text must be at most 1600 characters' });
      for (const path of [`/text/campaigns/${campaignId}`, `/text/campaigns/${campaignId}/report`]) expect((await api('GET', path, undefined, other)).status).toBe(404);
      expect((await api('POST', '/text/campaigns/draft', { campaign_id: campaignId, new_draft_text: 'Hijacked' }, other)).status).toBe(404);
      expect((await api('POST', '/text/campaigns/regenerate', { campaign_id: campaignId }, other)).status).toBe(404);
      expect((await api('DELETE', `/text/campaigns/${campaignId}`, undefined, other)).status).toBe(404);
    });

    it.each([
      ['160 plain characters', 'a'.repeat(160), 'GSM-7', 1],
      ['161 plain characters', 'a'.repeat(161), 'GSM-7', 2],
      ['a euro sign counts two', `${'a'.repeat(159)}€`, 'GSM-7', 2],
      ['square brackets count two', `[${'a'.repeat(157)}]`, 'GSM-7', 2],
      ['306 plain characters fill two parts of 153', 'a'.repeat(306), 'GSM-7', 2],
      ['an emoji turns it into UCS-2', `Tacos tonight 🌮 ${'a'.repeat(50)}`, 'UCS-2', 1],
      ['71 UCS-2 characters need two parts', `“${'a'.repeat(70)}`, 'UCS-2', 2],
      ['a curly quote turns it into UCS-2', 'We’re open late tonight', 'UCS-2', 1],
    ])('previews %s', async (_label, text, encoding, segments) => {
      const { campaignId } = await writtenText(t(), owner);
      await api('POST', '/text/campaigns/draft', { campaign_id: campaignId, new_draft_text: text });
      const preview = await api('POST', '/text/campaigns/preview', { campaign_id: campaignId, segmentation_id: segmentId });
      expect(preview.body).toMatchObject({ recipients: 3, encoding, segments_per_text: segments, estimated_cost_cents: Math.ceil(0.83 * segments * 3), delivers: true, held: [] });
    });
  });

  describe('sending', () => {
    it('refuses a launch without a segment or a schedule without a date, naming the field', async () => {
      const { campaignId } = await writtenText(t(), owner);
      const noSegment = await api('POST', '/text/campaigns/launch', { campaign_id: campaignId });
      expect(noSegment.status).toBe(400);
      expect(noSegment.body.fields).toEqual({ segmentation_id: 'Please select a customer segment' });
      const noDate = await api('POST', '/text/campaigns/schedule', { campaign_id: campaignId, segmentation_id: segmentId });
      expect(noDate.body.fields).toEqual({ scheduled_time: 'Please select a date' });
      const past = await api('POST', '/text/campaigns/schedule', { campaign_id: campaignId, segmentation_id: segmentId, scheduled_time: new Date(t().deps.now().getTime() - 3_600_000).toISOString() });
      expect(past.body.fields).toEqual({ scheduled_time: 'Cannot schedule campaign in the past' });
      const othersSegment = await api('POST', '/text/campaigns/launch', { campaign_id: campaignId, segmentation_id: segmentId }, other);
      expect(othersSegment.status).toBe(404);
    });

    it('holds a guest in Los Angeles until 8:00 Pacific while one in New York gets it now, and Twilio reports delivery', async () => {
      await t().deps.db.updateTable('brand_settings').set({ text_gap_hours: 0 }).where('user_id', '=', owner.userId).execute();
      // 8:30 in New York, 5:30 in Los Angeles.
      setClock(t(), tomorrowAt(13, 30, 2));
      const { campaignId } = await writtenText(t(), owner);
      const preview = await api('POST', '/text/campaigns/preview', { campaign_id: campaignId, segmentation_id: segmentId });
      expect(preview.body.held).toEqual([{ until: tomorrowAt(16, 0, 2), count: 1, sentence: '1 guest will get it at 11:00 today (8:00 their time)' }]);

      const launched = await api('POST', '/text/campaigns/launch', { campaign_id: campaignId, segmentation_id: segmentId });
      expect(launched.status).toBe(201);
      expect(launched.body).toMatchObject({ message: 'Campaign launched successfully', campaign_id: campaignId });
      expect(launched.body.held[0].sentence).toBe('1 guest will get it at 11:00 today (8:00 their time)');
      const before = twilio.messages.length;
      await jobs.drain();
      const sendId = await sendOf(campaignId);
      expect(twilio.messages.slice(before).map((m) => m.to).sort()).toEqual([NY, NY2]);
      // Twilio's StatusCallbacks (sent, then delivered) reach the ledger.
      await twilio.settled();
      let rows = await ledger(sendId);
      expect(rows.map((row) => [row.to_address, row.status])).toEqual([[NY, 'delivered'], [NY2, 'delivered'], [LA, 'queued']].sort());
      expect(rows.find((row) => row.to_address === LA)!.not_before!.toISOString()).toBe(tomorrowAt(16, 0, 2));

      setClock(t(), tomorrowAt(16, 0, 2));
      await jobs.drain();
      await twilio.settled();
      rows = await ledger(sendId);
      expect(rows.map((row) => row.status)).toEqual(['delivered', 'delivered', 'delivered']);
      expect(twilio.messages.slice(before).filter((m) => m.to === LA)).toHaveLength(1);

      const report = (await api('GET', `/text/campaigns/${campaignId}/report`)).body;
      expect(report).toMatchObject({ total_sent: 3, delivered: 3, pending: 0, failed: 0, delivered_percent: 100, waiting: 0, opt_outs: 0 });
      const subscribers = (await api('GET', `/text/campaigns/${campaignId}/subscribers`)).body;
      expect(subscribers.total).toBe(3);
      const again = await api('POST', '/text/campaigns/launch', { campaign_id: campaignId, segmentation_id: segmentId });
      expect(again.status).toBe(409);
    });

    it('refuses a StatusCallback that Twilio did not sign', async () => {
      const url = `${server.origin}/api/v1/text/twilio/status`;
      const params = { MessageSid: `SM${'a'.repeat(32)}`, MessageStatus: 'delivered', AccountSid: twilio.accountSid };
      const unsigned = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
      expect(unsigned.status).toBe(403);
      const wrong = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': twilioSignature('another-token', url, params) }, body: new URLSearchParams(params).toString() });
      expect(wrong.status).toBe(403);
      const inbound = await fetch(`${server.origin}/api/v1/text/twilio/inbound`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'From=%2B12125550101&Body=STOP' });
      expect(inbound.status).toBe(403);
    });

    it('STOP and a plain-language opt-out withdraw consent with the reply as proof, and the next send skips them; START gives it back', async () => {
      const stop = await reply(NY, 'STOP');
      expect(stop.status).toBe(200);
      expect(stop.body).toContain('<Response/>');
      const words = await reply(LA, 'please stop texting me');
      expect(words.body).toContain('you will not get more texts from us');
      const help = await reply(NY2, 'HELP');
      expect(help.body).toContain('La Cocina: marketing texts. For help, visit lacocina.example.com');

      const consent = await t().deps.db.selectFrom('customers').select(['phone', 'sms_consent']).where('user_id', '=', owner.userId).orderBy('phone').execute();
      expect(consent).toEqual([{ phone: NY, sms_consent: false }, { phone: NY2, sms_consent: true }, { phone: LA, sms_consent: false }].sort((a, b) => a.phone.localeCompare(b.phone)));
      const history = await api('GET', `/customers/${guests[1]}/consent-history`);
      if (history.status === 200) expect(JSON.stringify(history.body)).toContain('please stop texting me');
      const events = await t().deps.db.selectFrom('consent_events').selectAll().where('customer_id', '=', guests[0]!).execute();
      expect(events).toEqual([expect.objectContaining({ channel: 'sms', granted: false, source: 'sms_reply', proof: `Replied “STOP” from ${NY}` })]);

      const { campaignId } = await writtenText(t(), owner);
      const before = twilio.messages.length;
      await api('POST', '/text/campaigns/launch', { campaign_id: campaignId, segmentation_id: segmentId });
      await jobs.drain();
      expect(twilio.messages.slice(before).map((m) => m.to)).toEqual([NY2]);

      await reply(NY, 'START');
      const back = await t().deps.db.selectFrom('customers').select('sms_consent').where('id', '=', guests[0]!).executeTakeFirstOrThrow();
      expect(back.sms_consent).toBe(true);
      const duplicate = await t().deps.db.selectFrom('sms_inbound').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(duplicate.n)).toBe(4);
    });

    it('one text a day: a second text within 24 hours skips the guests who got the first, and the report counts them', async () => {
      const solo = await readyOwner();
      expect((await api('POST', `/users/settings/${solo.userId}`, { textGapHours: 24 }, solo)).body.brand.textGapHours).toBe(24);
      const { segmentId: one } = await seedTextGuests(t(), solo, ['+12125550199'], 'Just one');
      const first = await writtenText(t(), solo);
      await api('POST', '/text/campaigns/launch', { campaign_id: first.campaignId, segmentation_id: one }, solo);
      await jobs.drain();
      const second = await writtenText(t(), solo);
      await api('POST', '/text/campaigns/launch', { campaign_id: second.campaignId, segmentation_id: one }, solo);
      await jobs.drain();
      const report = (await api('GET', `/text/campaigns/${second.campaignId}/report`, undefined, solo)).body;
      expect(report).toMatchObject({ total_sent: 0, skipped_too_soon: 1 });
    });

    it('error 21610 at Twilio withdraws consent and is not retried; a 429 is retried and the guest gets one text', async () => {
      const carrier = await readyOwner();
      const { segmentId: pair, ids } = await seedTextGuests(t(), carrier, ['+12125550150', '+12125550151'], 'Pair');
      twilio.optedOut.add('+12125550150');
      twilio.rateLimitNext(1, 1);
      const { campaignId } = await writtenText(t(), carrier);
      const before = twilio.messages.length;
      await api('POST', '/text/campaigns/launch', { campaign_id: campaignId, segmentation_id: pair }, carrier);
      await jobs.drain();
      t().advance(31_000);
      await jobs.drain();
      await twilio.settled();
      const sendId = (await api('GET', `/text/campaigns/${campaignId}`, undefined, carrier)).body.send.id;
      const rows = await ledger(sendId);
      expect(rows.map((row) => [row.to_address, row.status, row.error_code])).toEqual([
        ['+12125550150', 'failed', '21610'],
        ['+12125550151', 'delivered', null],
      ]);
      expect(twilio.messages.slice(before).map((m) => m.to)).toEqual(['+12125550151']);
      const withdrawn = await t().deps.db.selectFrom('customers').select('sms_consent').where('id', '=', ids[0]!).executeTakeFirstOrThrow();
      expect(withdrawn.sms_consent).toBe(false);
      const suppressed = await t().deps.db.selectFrom('suppressions').select('reason').where('address', '=', '+12125550150').executeTakeFirstOrThrow();
      expect(suppressed.reason).toBe('opted_out');
    });

    it('schedules, lists it under Scheduled, finds it by id, and cancels it once', async () => {
      const { campaignId } = await writtenText(t(), owner);
      const at = new Date(t().deps.now().getTime() + 86_400_000).toISOString();
      const scheduled = await api('POST', '/text/campaigns/schedule', { campaign_id: campaignId, segmentation_id: segmentId, scheduled_time: at });
      expect(scheduled.status).toBe(201);
      expect(scheduled.body.message).toBe('Campaign Scheduled successfully');
      const id = scheduled.body.scheduled_id;
      const listed = await api('GET', '/text/scheduled?status=SCHEDULED');
      expect(listed.body.error).toBeUndefined();
      const list = listed.body.results;
      expect(list).toEqual([expect.objectContaining({ scheduled_id: id, campaign_id: campaignId, title: expect.any(String), restaurant_name: 'La Cocina', status: 'SCHEDULED', scheduled_time: at })]);
      expect((await api('GET', `/text/scheduled?search=${id}`)).body.results.map((r: { scheduled_id: string }) => r.scheduled_id)).toEqual([id]);
      expect((await api('GET', '/text/scheduled?search=la%20cocina')).body.results.map((r: { scheduled_id: string }) => r.scheduled_id)).toContain(id);
      expect((await api('GET', '/text/scheduled?status=DONE')).status).toBe(400);

      expect((await api('POST', `/text/scheduled/${id}/cancel`, undefined, other)).status).toBe(404);
      const cancelled = await api('POST', `/text/scheduled/${id}/cancel`);
      expect(cancelled.body.message).toBe('Campaign cancelled successfully');
      expect((await api('POST', `/text/scheduled/${id}/cancel`)).status).toBe(409);
      expect((await api('GET', `/text/campaigns/${campaignId}`)).body.send.status).toBe('CANCELLED');
      // A cancelled text is a draft again.
      const drafts = (await api('GET', '/text/campaigns?view=drafts')).body.campaigns.map((c: { id: string }) => c.id);
      expect(drafts).toContain(campaignId);
    });

    it('stops at the plan: 30 guests on Free (25 texts a month) is refused, saying by how many', async () => {
      const small = await signUpVerified(t());
      await setBrand(t(), small);
      await linkPos(t(), small.userId);
      const { segmentId: many } = await seedTextGuests(t(), small, Array.from({ length: 30 }, (_, n) => `+1212555${String(1000 + n)}`));
      const { campaignId } = await writtenText(t(), small);
      const res = await api('POST', '/text/campaigns/launch', { campaign_id: campaignId, segmentation_id: many }, small);
      expect(res.status).toBe(402);
      expect(res.body.error).toContain('This would be 5 over.');
      expect((await api('GET', '/text/readiness', undefined, small)).body).toMatchObject({ texts_used: 0, texts_limit: 25 });
    });

    it('sums the owner’s text stats', async () => {
      const stats = (await api('GET', '/text/stats')).body;
      expect(stats.total_sent).toBeGreaterThan(0);
      expect(stats.delivery_rate + stats.bounce_rate).toBeLessThanOrEqual(100);
      expect((await api('GET', '/text/stats', undefined, other)).body).toEqual({ total_sent: 0, delivery_rate: 0, bounce_rate: 0 });
      // The last 30 days by default, as the dashboard's Text tab counts them; 7 or 90 on request, nothing else.
      const dashboard = (await api('GET', '/dashboard?days=30')).body;
      expect(stats.total_sent).toBe(dashboard.text.total_sent);
      expect(Math.abs(stats.delivery_rate - dashboard.text.delivery_rate)).toBeLessThanOrEqual(0.5);
      expect((await api('GET', '/text/stats?days=90')).body.total_sent).toBe(stats.total_sent);
      expect((await api('GET', '/text/stats?days=2024')).status).toBe(400);
    });
  });
});
