import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../src/contract/push.ts';
import { createSend } from '../../server/features/sending/engine.ts';
import { cancelTokens, remindSend, SEND_REMIND_JOB, SEND_REMINDER_LEAD_MS } from '../../server/features/sending/send-reminder.ts';
import { runCancelAction } from '../../sw/push-actions.ts';
import { decryptPush, startFakePushService, type FakePushService, type TestSubscription } from '../fakes/push-service.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { givePlan, setBrand } from './email.fixtures.ts';
import { completedDraft, seedGuests, sendingJobs } from './email-sending.fixtures.ts';

// Issue 18 item 3, "a scheduled send is about to go": a job pushes the owner a reminder SEND_REMINDER_LEAD_MS before
// a scheduled email or text goes (read here with the phone's own keys from a local push service), once; its
// "Cancel send" action (the service worker's own code, posting to this app) cancels the send with a signed,
// single-use token scoped to that send and owner. The clock is the app's injected one, moved forward.

const ORIGIN = 'http://localhost';
const HOUR = 3600_000;

describe('reminder before a scheduled send, with a one-tap cancel', () => {
  let t: TestApp;
  let push: FakePushService;
  let jobs: ReturnType<typeof sendingJobs>;
  let owner: TestAccount;
  let other: TestAccount;
  let phone: TestSubscription;
  let segmentId: string;
  let draftId: string;

  beforeAll(async () => {
    push = await startFakePushService();
    t = await createTestApp({ PUBLIC_URL: 'http://mise.test', MAIL_FROM: 'Mise <hello@mise.test>' });
    jobs = sendingJobs(t);
    [owner, other] = await Promise.all([signUpVerified(t), signUpVerified(t, { name: 'Kai Other' })]);
    await setBrand(t, owner);
    await t.deps.db.updateTable('brand_settings').set({ time_zone: 'America/Chicago' }).where('user_id', '=', owner.userId).execute();
    await givePlan(t, owner.userId);
    ({ segmentId } = await seedGuests(t, owner, 2));
    draftId = (await completedDraft(t, owner)).id;
    phone = push.subscription('/send/owner-phone');
    const subscribed = await call(t.app, 'POST', '/api/v1/push/subscriptions', { endpoint: phone.endpoint, keys: phone.keys }, owner.token, { Origin: ORIGIN });
    expect(subscribed.status).toBe(201);
    const theirs = push.subscription('/send/other-phone');
    expect((await call(t.app, 'POST', '/api/v1/push/subscriptions', { endpoint: theirs.endpoint, keys: theirs.keys }, other.token, { Origin: ORIGIN })).status).toBe(201);
  });
  afterAll(async () => {
    await jobs.stop();
    await t.close();
    await push.close();
  });

  const api = (method: string, path: string, body?: unknown, account = owner) => call(t.app, method, `/api/v1${path}`, body, account.token, { Origin: ORIGIN });
  /** Schedules the completed email draft `inMs` from the app's now; returns the send's id and moment. */
  const scheduleEmail = async (inMs: number) => {
    const at = new Date(t.deps.now().getTime() + inMs);
    at.setUTCSeconds(0, 0);
    const res = await api('POST', '/email/campaigns/schedule', { draft_campaign_id: draftId, segmentation_id: segmentId, scheduled_time: at.toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { sendId: res.body.campaign.id as string, at };
  };
  const scheduleText = async (inMs: number, title = 'Happy hour text') => {
    const at = new Date(t.deps.now().getTime() + inMs);
    const send = await createSend(t.deps, { userId: owner.userId, channel: 'sms', sourceKind: 'sms_campaign', sourceId: crypto.randomUUID(), segmentId, title, scheduledAt: at, baseUrl: 'http://mise.test' });
    return { sendId: send.id, at };
  };
  /** Moves the clock to just after the reminder's moment of a send at `at`, and runs what is due. */
  const reachReminderOf = async (at: Date) => {
    t.advance(at.getTime() - SEND_REMINDER_LEAD_MS + 1000 - t.deps.now().getTime());
    await jobs.drain();
  };
  const remindersFor = (sendId: string) =>
    push.received
      .filter((message) => message.path === '/send/owner-phone')
      .map((message) => JSON.parse(decryptPush(message.body, phone)) as PushPayload)
      .filter((payload) => payload.tag === `send:${sendId}`);
  const statusOf = async (sendId: string) => (await t.deps.db.selectFrom('sends').select('status').where('id', '=', sendId).executeTakeFirstOrThrow()).status;
  const cancelWith = (sendId: string, token: string) => call(t.app, 'POST', `/api/v1/push/sends/${sendId}/cancel`, { token }, undefined, { Origin: ORIGIN });
  /** The service worker's fetch, answered by this app (the SW posts to its own origin). */
  const swFetch: typeof fetch = (input, init) => Promise.resolve(t.app.request(String(input), init));

  it('is switched on by default in Notification settings', async () => {
    const me = await api('GET', '/users/me');
    expect(me.body.notifications.sendReminder).toBe(true);
  });

  it('pushes once, 15 minutes before a scheduled email goes, naming the campaign and the time in the restaurant’s zone', async () => {
    const { sendId, at } = await scheduleEmail(3 * HOUR);
    const queued = await t.deps.db.selectFrom('jobs').select(['run_at', 'status']).where('name', '=', SEND_REMIND_JOB).where('singleton_key', 'like', `${sendId}%`).execute();
    expect(queued.map((job) => [new Date(job.run_at).getTime(), job.status])).toEqual([[at.getTime() - SEND_REMINDER_LEAD_MS, 'queued']]);

    // Not yet: one minute before the reminder's moment nothing goes.
    t.advance(at.getTime() - SEND_REMINDER_LEAD_MS - 60_000 - t.deps.now().getTime());
    await jobs.drain();
    expect(remindersFor(sendId)).toEqual([]);

    const before = push.received.length;
    await reachReminderOf(at);
    // One push, to the owner's phone only (another owner's phone hears nothing of it).
    expect(push.received.slice(before).map((m) => m.path)).toEqual(['/send/owner-phone']);
    const message = push.received.at(-1)!;
    // Stale after the send's moment: the push service keeps it no longer than that.
    expect(Number(message.headers.ttl)).toBeGreaterThan(14 * 60);
    expect(Number(message.headers.ttl)).toBeLessThanOrEqual(15 * 60);
    const time = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(at);
    expect(time).toMatch(/^\d{1,2}:\d{2} [AP]M C[SD]T$/);
    const [reminder] = remindersFor(sendId);
    expect(reminder).toMatchObject({
      kind: 'sendReminder',
      title: `“Taco Friday” goes out at ${time}`,
      url: '/campaigns/email-campaigns/scheduled',
      actions: [{ action: 'cancel-send', title: 'Cancel send' }],
      cancel: { endpoint: `/api/v1/push/sends/${sendId}/cancel`, campaign: 'Taco Friday', fallbackUrl: '/campaigns/email-campaigns/scheduled' },
    });
    expect(reminder!.body).toContain(`Your scheduled email campaign is sent at ${time} (`);

    // At most one: the queue running again, or the job doubled, pushes nothing more.
    await jobs.drain();
    expect(await remindSend(t.deps, { sendId, scheduledAt: at.toISOString() })).toBe('skipped');
    expect(remindersFor(sendId)).toHaveLength(1);
    expect(await statusOf(sendId)).toBe('scheduled');

    // Tidy: the send does not go out in the tests after this one.
    expect((await api('POST', `/email/scheduled/${sendId}/cancel`)).status).toBe(200);
  });

  it('its Cancel send action cancels the send once; refused for another send, another owner or a forged token', async () => {
    const { sendId, at } = await scheduleText(4 * HOUR, 'Taco Tuesday text');
    const { sendId: otherSendId } = await scheduleText(6 * HOUR, 'Another text');
    await reachReminderOf(at);
    const [reminder] = remindersFor(sendId);
    expect(reminder).toMatchObject({ kind: 'sendReminder', url: '/campaigns/text-campaigns/scheduled' });
    expect(reminder!.body).toContain('Your scheduled text campaign is sent at');
    const { token } = reminder!.cancel!;

    // The same token on another send (even the owner's own), a token made out to another owner, a tampered one.
    const wrongSend = await cancelWith(otherSendId, token);
    expect(wrongSend.status).toBe(403);
    expect(wrongSend.body.error).toBe('This cancel button is not valid for this campaign.');
    const claims = cancelTokens(t.deps.env).read(token)!;
    expect(claims).toMatchObject({ sendId, userId: owner.userId });
    expect((await cancelWith(sendId, cancelTokens(t.deps.env).sign({ ...claims, userId: other.userId }))).status).toBe(403);
    expect((await cancelWith(sendId, cancelTokens(t.deps.env).sign({ ...claims, tokenId: crypto.randomUUID() }))).status).toBe(403);
    expect((await cancelWith(sendId, `${token.slice(0, -2)}AA`)).status).toBe(403);
    // Signed in as another owner, the owner's own token is refused as well.
    expect((await call(t.app, 'POST', `/api/v1/push/sends/${sendId}/cancel`, { token }, other.token, { Origin: ORIGIN })).status).toBe(403);
    const missing = await call(t.app, 'POST', `/api/v1/push/sends/${sendId}/cancel`, {}, undefined, { Origin: ORIGIN });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('token is required');
    expect(await statusOf(sendId)).toBe('scheduled');
    expect(await statusOf(otherSendId)).toBe('scheduled');

    // The service worker's action: no session, no app open; the confirmation replaces the reminder.
    const done = await runCancelAction(reminder!.cancel!, ORIGIN, swFetch, reminder!.tag);
    expect(done).toMatchObject({ title: 'Cancelled: “Taco Tuesday text”', options: { body: 'It will not be sent.', tag: `send:${sendId}`, data: { url: '/campaigns/text-campaigns/scheduled' } } });
    expect(await statusOf(sendId)).toBe('canceled');
    const jobsLeft = await t.deps.db.selectFrom('jobs').select('status').where('singleton_key', 'like', `${sendId}%`).where('status', '=', 'queued').execute();
    expect(jobsLeft).toEqual([]);

    // Single use.
    const again = await runCancelAction(reminder!.cancel!, ORIGIN, swFetch, reminder!.tag);
    expect(again).toMatchObject({ title: 'Not cancelled: “Taco Tuesday text”', options: { body: 'This cancel button was already used.' } });
    expect((await cancelWith(sendId, token)).status).toBe(409);
    // No connection: it says so, and a tap opens the scheduled list.
    const offline = await runCancelAction(reminder!.cancel!, ORIGIN, () => Promise.reject(new TypeError('Failed to fetch')));
    expect(offline).toMatchObject({ title: 'Not cancelled: “Taco Tuesday text”', options: { body: 'No connection. Open Mise and cancel it from the scheduled list.', data: { url: '/campaigns/text-campaigns/scheduled' } } });
    // Another origin's endpoint is never called.
    const elsewhere = await runCancelAction({ ...reminder!.cancel!, endpoint: 'https://evil.example/steal' }, ORIGIN, () => Promise.reject(new Error('must not be called')));
    expect(elsewhere.title).toBe('Not cancelled: “Taco Tuesday text”');

    await api('POST', `/text/scheduled/${otherSendId}/cancel`);
  });

  it('an expired token is refused: the send’s moment has come', async () => {
    const { sendId, at } = await scheduleText(8 * HOUR, 'Late text');
    await reachReminderOf(at);
    const [reminder] = remindersFor(sendId);
    t.advance(at.getTime() - t.deps.now().getTime());
    const late = await cancelWith(sendId, reminder!.cancel!.token);
    expect(late.status).toBe(410);
    expect(late.body.error).toBe('Too late to cancel “Late text” from the notification: its time has come.');
    expect(await statusOf(sendId)).toBe('scheduled');
    // Tidy, before its start job runs.
    await t.deps.db.updateTable('sends').set({ status: 'canceled' }).where('id', '=', sendId).execute();
    await t.deps.db.updateTable('jobs').set({ status: 'cancelled' }).where('singleton_key', 'like', `${sendId}%`).where('status', '=', 'queued').execute();
  });

  it('a send cancelled before its reminder gets none', async () => {
    const { sendId, at } = await scheduleEmail(10 * HOUR);
    expect((await api('POST', `/email/scheduled/${sendId}/cancel`)).body.message).toBe('Campaign cancelled successfully');
    await reachReminderOf(at);
    expect(remindersFor(sendId)).toEqual([]);
    expect(await remindSend(t.deps, { sendId, scheduledAt: at.toISOString() })).toBe('skipped');
    expect(remindersFor(sendId)).toEqual([]);
  });

  it('a send moved to another time gets no reminder for the old one, and one before its new moment', async () => {
    const { sendId, at } = await scheduleText(12 * HOUR, 'Moved text');
    const later = new Date(at.getTime() + 2 * HOUR);
    // Moved as a reschedule would move it (Mise has no reschedule yet): the send and its start job.
    await t.deps.db.updateTable('sends').set({ scheduled_at: later }).where('id', '=', sendId).execute();
    await t.deps.db.updateTable('jobs').set({ run_at: later }).where('singleton_key', '=', sendId).where('status', '=', 'queued').execute();
    await reachReminderOf(at);
    expect(remindersFor(sendId)).toEqual([]);
    await reachReminderOf(later);
    expect(remindersFor(sendId)).toHaveLength(1);
    await jobs.drain();
    expect(remindersFor(sendId)).toHaveLength(1);
    await api('POST', `/text/scheduled/${sendId}/cancel`);
  });

  it('none when the owner switched it off', async () => {
    const off = await call(t.app, 'POST', `/api/v1/users/notifications/${owner.userId}`, { sendReminder: false }, owner.token, { Origin: ORIGIN, 'Idempotency-Key': crypto.randomUUID() });
    expect(off.status).toBe(200);
    const before = push.received.length;
    const { sendId, at } = await scheduleEmail(16 * HOUR);
    await reachReminderOf(at);
    expect(push.received.length).toBe(before);
    // The reminder was due and is spent: switching back on does not push it late.
    expect(await remindSend(t.deps, { sendId, scheduledAt: at.toISOString() })).toBe('skipped');
    await api('POST', `/email/scheduled/${sendId}/cancel`);
  });
});
