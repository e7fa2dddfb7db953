import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.ts';
import { seedCustomer } from './segments-fixtures.ts';
import { givePlan, setBrand } from './email.fixtures.ts';
import { completedDraft, seedGuests, sendingJobs } from './email-sending.fixtures.ts';
import { deliverSend, startSend } from '../../server/features/sending/engine.ts';
import { advanceWindow } from '../../server/features/sending/ledger.ts';
import { transportsFor } from '../../server/features/sending/sending.jobs.ts';

const PUBLIC_URL = 'http://mise.test';

describe('email sending', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let jobs: ReturnType<typeof sendingJobs>;
  let owner: TestAccount;
  let other: TestAccount;
  let segmentId: string;
  let draftId: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL, BOUNCE_WEBHOOK_SECRET: 'relay-secret', SMTP_MAX_CONNECTIONS: '3' });
    jobs = sendingJobs(t);
    [owner, other] = await Promise.all([signUpVerified(t), signUpVerified(t, { name: 'Kai Other' })]);
    await setBrand(t, owner);
    await givePlan(t, owner.userId);
    ({ segmentId } = await seedGuests(t, owner, 6));
    // Not reachable by email, whatever the segment says: no consent, consent withdrawn, no address, deleted.
    await seedCustomer(t.deps.db, owner.userId, { given_name: 'NoConsent', email: 'noconsent@example.com' });
    await seedCustomer(t.deps.db, owner.userId, { given_name: 'Withdrawn', email: 'withdrawn@example.com', email_consent: true, email_consent_withdrawn_at: new Date(Date.now() - 86_400_000) });
    await seedCustomer(t.deps.db, owner.userId, { given_name: 'NoEmail', phone: '+14155550100', email_consent: true });
    await seedCustomer(t.deps.db, owner.userId, { given_name: 'Gone', email: 'gone@example.com', email_consent: true, deleted: true });
    draftId = (await completedDraft(t, owner)).id;
  });
  afterAll(async () => {
    await jobs.stop();
    await t.close();
    await sink.close();
  });

  const api = (method: string, path: string, body?: unknown, account = owner, headers: Record<string, string> = {}) =>
    call(t.app, method, `/api/v1${path}`, body, account.token, { Origin: 'http://localhost', ...headers });
  const ledger = (sendId: string) => t.deps.db.selectFrom('send_recipients').selectAll().where('send_id', '=', sendId).orderBy('to_address').execute();

  it('launches to a segment: each customer with an address and consent gets one email, with unsubscribe headers and a stable Message-ID', async () => {
    const audience = await api('GET', `/email/audience?segmentation_id=${segmentId}`);
    expect(audience.body).toEqual({ recipients: 6, segment_size: 9 });
    const res = await api('POST', '/email/campaigns/launch', { draft_campaign_id: draftId, segmentation_id: segmentId });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Campaign launched successfully');
    const sendId = res.body.campaign.id;
    await jobs.drain();

    const rows = await ledger(sendId);
    expect(rows.map((row) => [row.to_address, row.status])).toEqual(Array.from({ length: 6 }, (_, n) => [`guest${n}@example.com`, 'sent']).sort());
    for (let n = 0; n < 6; n++) expect(sink.countFor(`guest${n}@example.com`)).toBe(1);
    for (const address of ['noconsent@example.com', 'withdrawn@example.com', 'gone@example.com']) expect(sink.countFor(address)).toBe(0);

    const message = sink.messages.find((m) => m.to === 'guest0@example.com')!;
    // Header lines as a mail reader unfolds them.
    const headers = message.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const customerId = rows.find((row) => row.to_address === 'guest0@example.com')!.customer_id;
    expect(message.messageId).toBe(`<${sendId}.${customerId}@mise.local>`);
    expect(message.from).toMatch(/^bounce\+[\w-]{43}\.[\w-]{22}@mise\.local$/);
    expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/mise\.test\/u\/[\w-]{43}\.[\w-]{22}>, <mailto:unsubscribe\+/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(headers).toMatch(/^From: "?La Cocina"? <no-reply@mise\.local>/m);
    expect(message.raw).toContain('Content-Type: text/plain');
    expect(message.raw).toContain('Guest0');
    expect(message.raw).not.toContain('{{first_name');
    expect(message.raw).not.toContain('{{unsubscribe_url}}');

    const report = (await api('GET', `/email/campaigns/${sendId}/report`)).body;
    expect(report).toMatchObject({ total_sent: 6, total_delivered: 6, delivered_rate: 100, bounce_rate: 0, uncertain: 0, waiting: 0 });
    expect(report.campaign.status).toBe('sent');
    expect(report.timeline).toHaveLength(48);
  });

  it('two launches with one Idempotency-Key make one send', async () => {
    const key = 'launch-key-000001';
    const body = { draft_campaign_id: draftId, segmentation_id: segmentId };
    const first = await api('POST', '/email/campaigns/launch', body, owner, { 'Idempotency-Key': key });
    const again = await api('POST', '/email/campaigns/launch', body, owner, { 'Idempotency-Key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.campaign.id).toBe(first.body.campaign.id);
    const sends = await t.deps.db.selectFrom('sends').select('id').where('user_id', '=', owner.userId).where('source_id', '=', draftId).execute();
    expect(sends.map((s) => s.id)).toContain(first.body.campaign.id);
    expect(sends.filter((s) => s.id === first.body.campaign.id)).toHaveLength(1);
    await jobs.drain();
  });

  it('refuses with the spec’s messages: no segment, no date, a time in the past, a draft not completed', async () => {
    expect((await api('POST', '/email/campaigns/launch', { draft_campaign_id: draftId })).body.fields).toEqual({ segmentation_id: 'Please select a customer segment' });
    expect((await api('POST', '/email/campaigns/schedule', { draft_campaign_id: draftId, segmentation_id: segmentId })).body.fields).toEqual({ scheduled_time: 'Please select a date' });
    const past = await api('POST', '/email/campaigns/schedule', { draft_campaign_id: draftId, segmentation_id: segmentId, scheduled_time: new Date(Date.now() - 3600_000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ error: 'Cannot schedule campaign in the past', fields: { scheduled_time: 'Cannot schedule campaign in the past' } });
    expect((await api('POST', '/email/campaigns/schedule', { draft_campaign_id: draftId, segmentation_id: segmentId, scheduled_time: 'tomorrow at 5' })).status).toBe(400);
    const draft = (await api('POST', '/email/drafts', { prompt: 'Not finished yet' })).body;
    const notDone = await api('POST', '/email/campaigns/launch', { draft_campaign_id: draft.id, segmentation_id: segmentId });
    expect(notDone.body.fields).toEqual({ draft_campaign_id: 'Complete the email before sending it' });
  });

  it('a cancelled schedule sends nothing when its moment comes; the scheduled list shows it, filtered and searched', async () => {
    const at = new Date(Date.now() + 2 * 3600_000).toISOString();
    const scheduled = await api('POST', '/email/campaigns/schedule', { draft_campaign_id: draftId, segmentation_id: segmentId, scheduled_time: at });
    expect(scheduled.body.message).toBe('Campaign Scheduled successfully');
    const id = scheduled.body.campaign.id;
    const list = (await api('GET', '/email/scheduled?status=scheduled&limit=1000')).body.results;
    expect(list).toContainEqual(expect.objectContaining({ schedule_id: id, email_title: 'Taco Friday', status: 'schedule', scheduled_time: at }));
    expect((await api('GET', '/email/scheduled?search=taco')).body.results.some((row: { schedule_id: string }) => row.schedule_id === id)).toBe(true);
    expect((await api('GET', '/email/scheduled?search=nothing-like-it')).body.results).toEqual([]);

    const before = sink.messages.length;
    expect((await api('POST', `/email/scheduled/${id}/cancel`)).body.message).toBe('Campaign cancelled successfully');
    expect((await api('POST', `/email/scheduled/${id}/cancel`)).status).toBe(409);
    t.advance(3 * 3600_000);
    await jobs.drain();
    t.advance(-3 * 3600_000);
    expect(sink.messages.length).toBe(before);
    expect((await api('GET', '/email/scheduled?status=cancelled')).body.results.map((row: { schedule_id: string; status: string }) => [row.schedule_id, row.status])).toContainEqual([id, 'canceled']);
  });

  it("answers 404 for another owner's draft, segment, send and report", async () => {
    const sendId = (await api('GET', '/email/campaigns?count=10&offset=0')).body.campaigns[0].id;
    expect((await api('POST', '/email/campaigns/launch', { draft_campaign_id: draftId, segmentation_id: segmentId }, other)).status).toBe(404);
    const theirDraft = await completedDraft(t, other);
    expect((await api('POST', '/email/campaigns/launch', { draft_campaign_id: theirDraft.id, segmentation_id: segmentId }, other)).status).toBe(404);
    for (const path of [`/email/campaigns/${sendId}`, `/email/campaigns/${sendId}/report`, `/email/campaigns/${sendId}/subscribers`, `/sends/${sendId}`]) {
      expect((await api('GET', path, undefined, other)).status, path).toBe(404);
    }
    for (const path of [`/sends/${sendId}/pause`, `/sends/${sendId}/cancel`, `/email/scheduled/${sendId}/cancel`]) expect((await api('POST', path, undefined, other)).status, path).toBe(404);
    expect((await api('GET', '/email/campaigns', undefined, other)).body.campaigns).toEqual([]);
  });
  it('two sends delivered at once by one process, two shards each, share its ledger statements: every guest gets exactly one email of each', async () => {
    const sendIds: string[] = [];
    for (const prompt of ['Sunday brunch, bottomless coffee', 'Tuesday trivia night']) {
      const draft = await completedDraft(t, owner, prompt);
      const res = await api('POST', '/email/campaigns/launch', { draft_campaign_id: draft.id, segmentation_id: segmentId });
      expect(res.status).toBe(201);
      sendIds.push(res.body.campaign.id);
    }
    // One process: one set of transports (3 SMTP connections shared by both sends), its four delivery shards at once.
    const transports = transportsFor(t.deps);
    for (const id of sendIds) await startSend(t.deps, transports, id);
    const signal = new AbortController().signal;
    // Called here outside a job, the shards need the lease a delivery job holds while it runs: without one, a shard
    // starting late would take the rows another shard has in hand for a dead worker's and mark them uncertain.
    const lease = await t.deps.db
      .insertInto('jobs')
      .values({ name: 'test.lease', payload: '{}', status: 'active', run_at: new Date(), locked_by: jobs.workerId, locked_until: new Date(Date.now() + 3_600_000), singleton_key: null, last_error: null, created_at: new Date(), updated_at: new Date(), completed_at: null, rerun_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      await Promise.all(sendIds.flatMap((id) => [0, 1].map((shard) => deliverSend(t.deps, transports, id, jobs.workerId, signal, shard))));
    } finally {
      await t.deps.db.deleteFrom('jobs').where('id', '=', lease.id).execute();
    }
    await jobs.drain();

    for (const sendId of sendIds) {
      const rows = await ledger(sendId);
      expect(rows.map((row) => row.status)).toEqual(Array(6).fill('sent'));
      for (const row of rows) expect(sink.messages.filter((m) => m.messageId === `<${sendId}.${row.customer_id}@mise.local>`).map((m) => m.to)).toEqual([row.to_address]);
      expect((await api('GET', `/email/campaigns/${sendId}/report`)).body.campaign.status).toBe('sent');
    }
  });
  it('ledger steps that arrive while a statement runs go in the next one together, each getting only its own rows, a row asked for twice taken once', async () => {
    const launch = async (prompt: string) => {
      const draft = await completedDraft(t, owner, prompt);
      const sendId = (await api('POST', '/email/campaigns/launch', { draft_campaign_id: draft.id, segmentation_id: segmentId })).body.campaign.id as string;
      await startSend(t.deps, transportsFor(t.deps), sendId);
      return { sendId, ids: (await ledger(sendId)).map((row) => row.customer_id) };
    };
    const a = await launch('Wine Wednesday');
    const b = await launch('Kids eat free');
    const now = new Date();
    const step = (send: { sendId: string }, ids: string[], outcomes: string[] = []) =>
      advanceWindow(t.deps.db, send.sendId, jobs.workerId, now, outcomes.map((customerId) => ({ customerId, status: 'sent', sentAt: now, notBefore: null, providerId: null, errorCode: null, error: null, bounceType: null })), ids);
    // The first goes at once; the next three wait for it and go together (two of them ask for b's second row).
    const [first, second, third, fourth] = await Promise.all([step(a, [a.ids[0]!]), step(b, [b.ids[0]!, b.ids[1]!]), step(a, [a.ids[0]!, a.ids[1]!]), step(b, [b.ids[1]!, b.ids[2]!])]);
    const taken = (rows: Array<{ send_id: string; customer_id: string }>) => rows.map((row) => `${row.send_id}:${row.customer_id}`);
    expect(taken(first)).toEqual([`${a.sendId}:${a.ids[0]}`]);
    expect(taken(second).sort()).toEqual([`${b.sendId}:${b.ids[0]}`, `${b.sendId}:${b.ids[1]}`].sort());
    expect(taken(third)).toEqual([`${a.sendId}:${a.ids[1]}`]);
    expect(taken(fourth)).toEqual([`${b.sendId}:${b.ids[2]}`]);
    // Outcomes and claims of both sends in one round: each row lands in its own send's ledger.
    await Promise.all([step(a, [a.ids[2]!], [a.ids[0]!, a.ids[1]!]), step(b, [], [b.ids[0]!, b.ids[1]!, b.ids[2]!])]);
    const status = async (send: { sendId: string }) => (await ledger(send.sendId)).map((row) => [row.customer_id, row.status]);
    expect(await status(a)).toEqual(expect.arrayContaining([[a.ids[0], 'sent'], [a.ids[1], 'sent'], [a.ids[2], 'sending'], [a.ids[3], 'queued']]));
    expect(await status(b)).toEqual(expect.arrayContaining([[b.ids[0], 'sent'], [b.ids[1], 'sent'], [b.ids[2], 'sent'], [b.ids[3], 'queued']]));
    for (const send of [a, b]) await api('POST', `/sends/${send.sendId}/cancel`);
  });
});
