import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refillCampaignFigures, registerCampaignRefillJobs, requestMissingRefills } from '../../server/features/analytics/campaign-refill.ts';
import { CAMPAIGN_REFILL_JOB, requestCampaignRefill } from '../../server/features/analytics/campaign-refill-request.ts';
import { cameBack } from '../../server/features/analytics/campaign-results.ts';
import { applyBounce } from '../../server/features/sending/bounces.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.ts';
import { givePlan, setBrand } from './email.fixtures.ts';
import { completedDraft, seedGuests, sendingJobs } from './email-sending.fixtures.ts';

/**
 * The kept campaign figures (campaign_came_back) come back by themselves: a send that finishes, or a batch of
 * orders that made them out of date, queues a refill job, and the figures are exact again before anyone asks.
 */
const onPostgres = process.env.MISE_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

describe('kept campaign figures refilled by the job queue', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let jobs: ReturnType<typeof sendingJobs>;
  let owner: TestAccount;
  let guests: string[];
  let sendId: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: 'http://mise.test' });
    jobs = sendingJobs(t);
    registerCampaignRefillJobs(jobs, t.deps);
    owner = await signUpVerified(t);
    await setBrand(t, owner);
    await givePlan(t, owner.userId);
    let segmentId: string;
    ({ ids: guests, segmentId } = await seedGuests(t, owner, 4));
    const draftId = (await completedDraft(t, owner)).id;
    const launched = await call(t.app, 'POST', '/api/v1/email/campaigns/launch', { draft_campaign_id: draftId, segmentation_id: segmentId }, owner.token, { Origin: 'http://localhost' });
    expect(launched.status).toBe(201);
    sendId = launched.body.campaign.id;
  });
  afterAll(async () => {
    await jobs.stop();
    await t.close();
    await sink.close();
  });

  const kept = () => t.deps.db.selectFrom('campaign_came_back').selectAll().where('user_id', '=', owner.userId).execute();
  /** The kept figures, and whether a change since marked them out of date. */
  const keptFigures = async () =>
    (await kept()).map((row) => ({ reached: row.reached, guests: row.reached_guests, cents: Number(row.reached_cents), stale: row.stale_since !== null }));
  const refillJobs = () => t.deps.db.selectFrom('jobs').select(['status', 'run_at']).where('name', '=', CAMPAIGN_REFILL_JOB).execute();
  /** Runs what is due a few seconds from now (the refill waits a moment for the rest of a batch). */
  const runSoon = async () => {
    t.advance(10_000);
    await jobs.drain();
  };

  it('after a send completes, the kept row is there without asking, with the figures a live computation gives', async () => {
    await jobs.drain();
    const send = await t.deps.db.selectFrom('sends').select(['status', 'started_at']).where('id', '=', sendId).executeTakeFirstOrThrow();
    expect(send.status).toBe('sent');
    // Queued by the send's end, for a moment later: nothing kept yet.
    expect((await refillJobs()).map((job) => job.status)).toEqual(['queued']);
    expect(await kept()).toEqual([]);

    await runSoon();
    expect((await refillJobs()).map((job) => job.status)).toEqual(['completed']);
    const rows = await kept();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ campaign_key: `send:${sendId}`, sends: 1, reached: 4, reached_guests: 0, held: 0 });
    const live = await cameBack(t.deps.db, { userId: owner.userId, campaignKey: `send:${sendId}` }, new Date(0), new Date(t.deps.now().getTime() + 1));
    expect({ reached: rows[0]!.reached, guests: rows[0]!.reached_guests, cents: Number(rows[0]!.reached_cents) }).toEqual({ reached: live.reached, guests: live.guests, cents: live.revenue_cents });
  });

  it('an order batch that made the figures out of date (a POS import) has them computed again, with the new visit', async () => {
    await t.deps.db
      .insertInto('orders')
      .values({ user_id: owner.userId, customer_id: guests[0]!, occurred_at: new Date(t.deps.now().getTime() + 3_600_000), total_cents: 1800, source: 'square' })
      .execute();
    expect(await keptFigures()).toEqual([{ reached: 4, guests: 0, cents: 0, stale: true }]);
    await requestCampaignRefill(t.deps.db, t.deps.now, owner.userId);
    // Asked twice while waiting (two batches of one import): one job.
    await requestCampaignRefill(t.deps.db, t.deps.now, owner.userId);
    expect((await refillJobs()).filter((job) => job.status === 'queued')).toHaveLength(1);
    await runSoon();
    expect(await keptFigures()).toEqual([{ reached: 4, guests: 1, cents: 1800, stale: false }]);
  });

  it('a bounce that arrives later (no longer reached) has them computed again within a minute', async () => {
    await applyBounce(t.deps, { sendId, customerId: guests[3]!, kind: 'hard', status: '5.1.1', diagnostic: 'No such user' });
    expect(await keptFigures()).toEqual([{ reached: 4, guests: 1, cents: 1800, stale: true }]);
    await runSoon();
    // Bounces trickle in: their refill waits a minute for the others.
    expect(await keptFigures()).toEqual([{ reached: 4, guests: 1, cents: 1800, stale: true }]);
    t.advance(60_000);
    await jobs.drain();
    expect(await keptFigures()).toEqual([{ reached: 3, guests: 1, cents: 1800, stale: false }]);
  });

  it('nothing to compute when the figures are kept; another owner with no campaign costs nothing', async () => {
    const before = (await kept())[0]!.computed_at;
    await requestCampaignRefill(t.deps.db, t.deps.now, owner.userId);
    const stranger = await signUpVerified(t, { name: 'Kai Other' });
    await requestCampaignRefill(t.deps.db, t.deps.now, stranger.userId);
    await runSoon();
    expect((await kept())[0]!.computed_at).toEqual(before);
    expect(await refillCampaignFigures(t.deps.db, owner.userId, t.deps.now())).toEqual({ computed: 0 });
    expect(await t.deps.db.selectFrom('campaign_came_back').select('user_id').where('user_id', '=', stranger.userId).execute()).toEqual([]);
    expect((await refillJobs()).every((job) => job.status === 'completed')).toBe(true);
  });

  it('an order that lands while a refill runs has it run once more after that run, however many ask meanwhile', async () => {
    let landDuringRun: (() => Promise<void>) | undefined;
    // The job's own handler, with an order batch landing (as a POS import does: orders, then a request) after
    // the run has read the orders and before it ends.
    jobs.work<{ userId: string }>(CAMPAIGN_REFILL_JOB, async (job) => {
      await refillCampaignFigures(t.deps.db, job.payload.userId, t.deps.now());
      const land = landDuringRun;
      landDuringRun = undefined;
      await land?.();
    });
    try {
      const before = (await refillJobs()).length;
      landDuringRun = async () => {
        await t.deps.db
          .insertInto('orders')
          .values({ user_id: owner.userId, customer_id: guests[1]!, occurred_at: new Date(t.deps.now().getTime() + 3_600_000), total_cents: 2500, source: 'square' })
          .execute();
        // Two batches of that import ask while the run is still going: neither starts a second job beside it.
        await requestCampaignRefill(t.deps.db, t.deps.now, owner.userId);
        await requestCampaignRefill(t.deps.db, t.deps.now, owner.userId);
        expect((await refillJobs()).filter((job) => job.status !== 'completed').map((job) => job.status)).toEqual(['active']);
      };
      await requestCampaignRefill(t.deps.db, t.deps.now, owner.userId);
      await runSoon();
      expect(landDuringRun).toBeUndefined();
      // The run ended before the order's figures were in (the order marked what it kept out of date): it is queued once more.
      expect(await keptFigures()).toEqual([{ reached: 3, guests: 1, cents: 1800, stale: true }]);
      expect((await refillJobs()).filter((job) => job.status !== 'completed').map((job) => job.status)).toEqual(['queued']);
      await runSoon();
      expect(await keptFigures()).toEqual([{ reached: 3, guests: 2, cents: 4300, stale: false }]);
      // One more run and no more: nothing waits, and one job row in all for the two runs.
      const after = await refillJobs();
      expect(after.every((job) => job.status === 'completed')).toBe(true);
      expect(after).toHaveLength(before + 1);
    } finally {
      registerCampaignRefillJobs(jobs, t.deps);
    }
  });

  it('at start, an owner whose recent campaign has no kept figures, or out-of-date ones, gets a refill; kept ones cost nothing', async () => {
    const waiting = async () => (await t.deps.db.selectFrom('jobs').select('payload').where('name', '=', CAMPAIGN_REFILL_JOB).where('status', '=', 'queued').execute()).map((job) => (job.payload as { userId: string }).userId);
    await jobs.drain();
    expect(await keptFigures()).toEqual([{ reached: 3, guests: 2, cents: 4300, stale: false }]);
    expect(await requestMissingRefills(t.deps.db, t.deps.now)).toBe(0);
    expect(await waiting()).toEqual([]);
    // Out of date (a change whose refill never ran, say the process stopped first): asked for once.
    await t.deps.db.updateTable('campaign_came_back').set({ stale_since: t.deps.now() }).where('user_id', '=', owner.userId).execute();
    expect(await requestMissingRefills(t.deps.db, t.deps.now)).toBe(1);
    expect(await waiting()).toEqual([owner.userId]);
    await runSoon();
    expect(await keptFigures()).toEqual([{ reached: 3, guests: 2, cents: 4300, stale: false }]);
    // Never kept (figures removed before migration 0314, a reset): the same.
    await t.deps.db.deleteFrom('campaign_came_back').where('user_id', '=', owner.userId).execute();
    expect(await requestMissingRefills(t.deps.db, t.deps.now)).toBe(1);
    await runSoon();
    expect(await keptFigures()).toEqual([{ reached: 3, guests: 2, cents: 4300, stale: false }]);
    expect(await waiting()).toEqual([]);
  });

  it('a campaign from long ago that was never kept is kept by the next refill, beside the recent ones', async () => {
    const day = 86_400_000;
    const started = new Date(t.deps.now().getTime() - 200 * day);
    const old = await t.deps.db
      .insertInto('sends')
      .values({ user_id: owner.userId, channel: 'email', source_kind: 'email_draft', source_id: crypto.randomUUID(), title: 'Spring menu', status: 'sent', scheduled_at: started, started_at: started, completed_at: started, base_url: 'http://mise.test', holdout_percent: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.deps.db.insertInto('send_recipients').values([0, 1].map((n) => ({ send_id: old.id, customer_id: guests[n]!, to_address: `old${n}@example.com`, status: 'sent', sent_at: started }))).execute();
    await t.deps.db.insertInto('orders').values({ user_id: owner.userId, customer_id: guests[1]!, occurred_at: new Date(started.getTime() + 3 * day), total_cents: 2200, source: 'square' }).execute();
    const keptOld = () => t.deps.db.selectFrom('campaign_came_back').selectAll().where('campaign_key', '=', `send:${old.id}`).execute();
    // While it is still going out, its figures change with every window: left to the refill its end asks for.
    await t.deps.db.updateTable('sends').set({ status: 'sending' }).where('id', '=', old.id).execute();
    expect(await refillCampaignFigures(t.deps.db, owner.userId, t.deps.now())).toEqual({ computed: 0 });
    expect(await keptOld()).toEqual([]);
    await t.deps.db.updateTable('sends').set({ status: 'sent' }).where('id', '=', old.id).execute();
    expect(await requestMissingRefills(t.deps.db, t.deps.now)).toBe(1);
    await runSoon();
    const [row] = await keptOld();
    expect({ reached: row!.reached, guests: row!.reached_guests, cents: Number(row!.reached_cents), stale: row!.stale_since !== null }).toEqual({ reached: 2, guests: 1, cents: 2200, stale: false });
    expect(await requestMissingRefills(t.deps.db, t.deps.now)).toBe(0);
  });

  // Two connections at once: PostgreSQL only (PGlite has one).
  it.skipIf(!onPostgres)('while a write of the owner is in flight, the job keeps nothing and fails, to be tried again', async () => {
    await t.deps.db.deleteFrom('campaign_came_back').where('user_id', '=', owner.userId).execute();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // What an order or ledger write's trigger holds until its transaction ends.
    const writer = t.deps.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock_shared(hashtext(${`came-back:${owner.userId}`}))`.execute(trx);
      locked();
      await released;
    });
    await isLocked;
    try {
      await expect(refillCampaignFigures(t.deps.db, owner.userId, t.deps.now())).rejects.toThrow('2 of 2 campaigns\' figures not kept: a write was in flight');
      expect(await kept()).toEqual([]);
    } finally {
      release();
      await writer;
    }
    // The send of this file and the older one kept by the test before.
    expect(await refillCampaignFigures(t.deps.db, owner.userId, t.deps.now())).toEqual({ computed: 2 });
    expect(await kept()).toHaveLength(2);
  });
});
