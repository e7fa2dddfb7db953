import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingKeys } from '../../server/features/sending/tracking-keys.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.ts';
import { addOrder } from './segments-fixtures.ts';
import { givePlan, setBrand } from './email.fixtures.ts';
import { completedDraft, seedGuests, sendingJobs } from './email-sending.fixtures.ts';

const PUBLIC_URL = 'http://mise.test';
const link = (raw: string, pattern: RegExp) => {
  const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=').replace(/&amp;/g, '&');
  return pattern.exec(decoded)?.[0] ?? null;
};

describe('unsubscribe, opens, clicks and bounces', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let jobs: ReturnType<typeof sendingJobs>;
  let owner: TestAccount;
  let segmentId: string;
  let draftId: string;
  let sendId: string;

  const api = (method: string, path: string, body?: unknown, account = owner) => call(t.app, method, `/api/v1${path}`, body, account.token, { Origin: 'http://localhost' });
  const raw = (method: string, path: string, init: RequestInit = {}) => t.app.request(path, { method, ...init });
  const rowOf = (address: string, id = sendId) => t.deps.db.selectFrom('send_recipients').selectAll().where('send_id', '=', id).where('to_address', '=', address).executeTakeFirstOrThrow();
  const tokenOf = async (address: string, id = sendId) => trackingKeys(t.deps.env).token(id, (await rowOf(address, id)).customer_id);
  const launch = async (extra: Record<string, unknown> = {}) => {
    const res = await api('POST', '/email/campaigns/launch', { draft_campaign_id: draftId, segmentation_id: segmentId, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await jobs.drain();
    return res.body.campaign.id as string;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL, BOUNCE_WEBHOOK_SECRET: 'relay-secret' });
    jobs = sendingJobs(t);
    owner = await signUpVerified(t);
    await setBrand(t, owner);
    await givePlan(t, owner.userId);
    ({ segmentId } = await seedGuests(t, owner, 5));
    draftId = (await completedDraft(t, owner)).id;
    sink.refuse('guest3@example.com', 550);
    sendId = await launch();
  });
  afterAll(async () => {
    await jobs.stop();
    await t.close();
    await sink.close();
  });

  it('an SMTP 5xx is a hard bounce: the address goes on the do-not-contact list and the next send skips it', async () => {
    expect(await rowOf('guest3@example.com')).toMatchObject({ status: 'bounced', bounce_type: 'hard' });
    const suppressed = await t.deps.db.selectFrom('suppressions').selectAll().where('user_id', '=', owner.userId).execute();
    expect(suppressed.map((row) => [row.address, row.reason])).toEqual([['guest3@example.com', 'hard_bounce']]);
    const report = (await api('GET', `/email/campaigns/${sendId}/report`)).body;
    expect(report).toMatchObject({ total_sent: 5, total_delivered: 4, delivered_rate: 80, bounce_rate: 20, bounces: { hard_bounces: 1, soft_bounces: 0 } });
    expect((await api('GET', `/email/audience?segmentation_id=${segmentId}`)).body.recipients).toBe(4);
  });

  it('a 4xx is tried again later and lands', async () => {
    sink.refuse('guest4@example.com', 451, 1);
    const id = await launch();
    const row = await rowOf('guest4@example.com', id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.not_before!.getTime()).toBeGreaterThan(Date.now());
    t.advance(31_000);
    await jobs.drain();
    t.advance(-31_000);
    expect(await rowOf('guest4@example.com', id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('opens count once per person; a prefetching proxy’s open is counted apart', async () => {
    const token = await tokenOf('guest0@example.com');
    for (let n = 0; n < 2; n++) {
      const pixel = await raw('GET', `/t/o/${token}.gif`, { headers: { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' } });
      expect(pixel.status).toBe(200);
      expect(pixel.headers.get('content-type')).toBe('image/gif');
    }
    await raw('GET', `/t/o/${await tokenOf('guest1@example.com')}.gif`, { headers: { 'User-Agent': 'Mozilla/5.0' } });
    const report = (await api('GET', `/email/campaigns/${sendId}/report`)).body;
    expect(report.opens).toMatchObject({ opens_total: 2, unique_opens: 1, proxy_opens: 1, open_rate: 25 });
    // A forged pixel is answered (mail clients must not break) and records nothing.
    expect((await raw('GET', '/t/o/forged.gif')).status).toBe(200);
  });

  it('clicks redirect to the signed target only; an altered target is refused (no open redirect)', async () => {
    const message = sink.messages.find((m) => m.to === 'guest2@example.com' && m.raw.includes(sendId.slice(0, 8)))!;
    const click = link(message.raw, /http:\/\/mise\.test\/t\/c\/[\w.-]+\?u=[^"\s]+&s=[\w-]+/);
    expect(click).not.toBeNull();
    const url = new URL(click!);
    const first = await raw('GET', url.pathname + url.search);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(url.searchParams.get('u'));
    await raw('GET', url.pathname + url.search);
    const altered = new URL(url);
    altered.searchParams.set('u', 'https://evil.example.com/phish');
    expect((await raw('GET', altered.pathname + altered.search)).status).toBe(400);
    const report = (await api('GET', `/email/campaigns/${sendId}/report`)).body;
    expect(report.clicks).toMatchObject({ clicks_total: 2, unique_clicks: 1 });
    const subscribers = (await api('GET', `/email/campaigns/${sendId}/subscribers?status=clicked`)).body;
    expect(subscribers.results.map((r: { to: string }) => r.to)).toEqual(['guest2@example.com']);
  });

  it('GET /u/{token} asks first; POST (one-click, no session, no Origin) unsubscribes: consent withdrawn with how and when', async () => {
    const token = await tokenOf('guest1@example.com');
    const page = await raw('GET', `/u/${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Unsubscribe from La Cocina?');
    expect(html).toContain('#2E7D32');
    const customerId = (await rowOf('guest1@example.com')).customer_id;
    expect((await t.deps.db.selectFrom('customers').select('email_consent').where('id', '=', customerId).executeTakeFirstOrThrow()).email_consent).toBe(true);

    const forged = await raw('POST', `/u/${token.slice(0, -2)}xx`, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(forged.status).toBe(404);
    const altered = await raw('POST', `/u/${(await tokenOf('guest0@example.com')).slice(0, 43)}.${token.slice(44)}`, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(altered.status).toBe(404);

    const done = await raw('POST', `/u/${token}`, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect(done.headers.get('location')).toBeNull();
    const customer = await t.deps.db.selectFrom('customers').select(['email_consent', 'email_consent_withdrawn_at']).where('id', '=', customerId).executeTakeFirstOrThrow();
    expect(customer.email_consent).toBe(false);
    const history = await t.deps.db.selectFrom('consent_events').selectAll().where('customer_id', '=', customerId).execute();
    expect(history).toEqual([expect.objectContaining({ channel: 'email', granted: false, source: 'one-click unsubscribe in the mail app' })]);
    // Again: nothing changes twice.
    await raw('POST', `/u/${token}`, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(await t.deps.db.selectFrom('consent_events').selectAll().where('customer_id', '=', customerId).execute()).toHaveLength(1);
    expect((await api('GET', `/email/campaigns/${sendId}/report`)).body.unsubscribes).toBe(1);

    const next = await launch();
    expect((await t.deps.db.selectFrom('send_recipients').select('to_address').where('send_id', '=', next).execute()).map((r) => r.to_address)).not.toContain('guest1@example.com');
  });

  it('a bounce report (DSN) from the relay is read into a bounce; a complaint (ARF) withdraws consent; a wrong secret is refused', async () => {
    const token = await tokenOf('guest0@example.com');
    const dsn = [
      'From: MAILER-DAEMON@relay.example.com',
      `To: bounce+${token}@mise.local`,
      'Subject: Undelivered Mail Returned to Sender',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--b1',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; relay.example.com',
      '',
      'Final-Recipient: rfc822; guest0@example.com',
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
      '--b1--',
      '',
    ].join('\r\n');
    const post = (secret: string, body: string) => raw('POST', `/api/v1/mail/bounces?secret=${secret}`, { headers: { 'Content-Type': 'message/rfc822' }, body });
    expect((await post('wrong', dsn)).status).toBe(403);
    const res = await post('relay-secret', dsn);
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('Recorded a hard bounce');
    expect(await rowOf('guest0@example.com')).toMatchObject({ status: 'bounced', bounce_type: 'hard', error_code: '5.1.1' });

    const complaint = [
      'From: fbl@isp.example.com',
      `To: bounce+${await tokenOf('guest2@example.com')}@mise.local`,
      'Subject: Abuse report',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=feedback-report; boundary="b2"',
      '',
      '--b2',
      'Content-Type: message/feedback-report',
      '',
      'Feedback-Type: abuse',
      'User-Agent: ISP-FBL/1.0',
      '--b2--',
      '',
    ].join('\r\n');
    expect((await (await post('relay-secret', complaint)).json()).message).toBe('Recorded a complaint');
    const customerId = (await rowOf('guest2@example.com')).customer_id;
    expect((await t.deps.db.selectFrom('customers').select('email_consent').where('id', '=', customerId).executeTakeFirstOrThrow()).email_consent).toBe(false);
    const suppressed = await t.deps.db.selectFrom('suppressions').select(['address', 'reason']).where('user_id', '=', owner.userId).orderBy('address').execute();
    expect(suppressed).toEqual(expect.arrayContaining([{ address: 'guest0@example.com', reason: 'hard_bounce' }, { address: 'guest2@example.com', reason: 'complaint' }]));
  });

  it('the report counts the sales that came back within 14 days, beside the holdout', async () => {
    const other = await signUpVerified(t);
    await setBrand(t, other);
    await givePlan(t, other.userId);
    const { segmentId: theirs } = await seedGuests(t, other, 40, { prefix: 'diner' });
    const draft = await completedDraft(t, other);
    const res = await api('POST', '/email/campaigns/launch', { draft_campaign_id: draft.id, segmentation_id: theirs, holdout_percent: 10 }, other);
    await jobs.drain();
    const id = res.body.campaign.id;
    const rows = await t.deps.db.selectFrom('send_recipients').select(['customer_id', 'status']).where('send_id', '=', id).execute();
    const reached = rows.filter((row) => row.status === 'sent');
    const held = rows.filter((row) => row.status === 'holdout');
    expect(reached.length + held.length).toBe(40);
    expect(held.length).toBeGreaterThan(0);
    // Two reached guests come back within the window (one twice); one comes back after it.
    const soon = new Date(Date.now() + 3 * 86_400_000);
    await addOrder(t.deps.db, other.userId, reached[0]!.customer_id, soon, 2500);
    await addOrder(t.deps.db, other.userId, reached[0]!.customer_id, soon, 1500);
    await addOrder(t.deps.db, other.userId, reached[1]!.customer_id, soon, 3000);
    await addOrder(t.deps.db, other.userId, reached[2]!.customer_id, new Date(Date.now() + 20 * 86_400_000), 9900);
    await addOrder(t.deps.db, other.userId, held[0]!.customer_id, soon, 1200);
    const report = (await api('GET', `/email/campaigns/${id}/report`, undefined, other)).body;
    expect(report.sales_back).toMatchObject({
      reached: reached.length,
      window_days: 14,
      guests: 2,
      revenue_cents: 7000,
      holdout: { campaigns: 1, size: held.length, guests: 1, revenue_cents: 1200, reached: reached.length, reached_guests: 2, reached_revenue_cents: 7000 },
      // Its own holdout's rate: 2 − reached × 1/held, never below 0.
      lift_guests: Math.max(0, Math.round(2 - reached.length / held.length)),
    });
  });

  it('the plan limits emails a month: 402 saying by how many it would go over', async () => {
    const free = await signUpVerified(t);
    await setBrand(t, free);
    const { segmentId: list } = await seedGuests(t, free, 3, { prefix: 'free' });
    const draft = await completedDraft(t, free);
    const now = new Date();
    // 999 already sent this month.
    const old = await t.deps.db
      .insertInto('sends')
      .values({ user_id: free.userId, channel: 'email', source_kind: 'email_draft', source_id: draft.id, title: 'Earlier', status: 'sent', scheduled_at: now, base_url: PUBLIC_URL })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('send_recipients')
      .values(Array.from({ length: 999 }, (_, n) => ({ send_id: old.id, customer_id: crypto.randomUUID(), to_address: `old${n}@example.com`, status: 'sent' as const, sent_at: now })))
      .execute();
    const over = await api('POST', '/email/campaigns/launch', { draft_campaign_id: draft.id, segmentation_id: list }, free);
    expect(over.status).toBe(402);
    expect(over.body.error).toBe('Your Free plan allows 1,000 emails a month. This would be 2 over. Upgrade to Basic to send more.');
    const usage = (await call(t.app, 'GET', '/api/v1/subscriptions/current', undefined, free.token)).body.usage;
    expect(usage).toContainEqual(expect.objectContaining({ key: 'emailsPerMonth', used: 999, limit: 1000, counted: true }));
  });
});
