import { sql } from 'kysely';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.ts';
import { givePlan, setBrand } from './email.fixtures.ts';
import { completedDraft, seedGuests } from './email-sending.fixtures.ts';
import { deliverSend, startSend } from '../../server/features/sending/engine.ts';
import { transportsFor } from '../../server/features/sending/sending.jobs.ts';
import { emailTransport } from '../../server/features/email/email-transport.ts';
import { createCampaignMailer, type CampaignMailer } from '../../server/providers/mail/campaign-mail.ts';
import { createLogger } from '../../server/lib/logger.ts';

// An email goes to its SMTP connection while its ledger row is being claimed, and its DATA's final "." waits for
// the claim to commit. These pin down what that must never change: a message whose claim did not commit never
// arrives, and a crash between the claim and the "." leaves the row uncertain, never sent twice.

const until = async (check: () => boolean | Promise<boolean>) => {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('an email is claimed while it goes', () => {
  let t: TestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: 'http://mise.test', SMTP_MAX_CONNECTIONS: '2' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /** A fresh owner with `count` guests and a launched, started send to all of them. */
  async function startedSend(prefix: string, count: number) {
    const owner = await signUpVerified(t, { name: `Owner ${prefix}` });
    await setBrand(t, owner);
    await givePlan(t, owner.userId);
    const { segmentId } = await seedGuests(t, owner, count, { prefix });
    const draft = await completedDraft(t, owner);
    const res = await call(t.app, 'POST', '/api/v1/email/campaigns/launch', { draft_campaign_id: draft.id, segmentation_id: segmentId }, owner.token, { Origin: 'http://localhost' });
    expect(res.status).toBe(201);
    const sendId = res.body.campaign.id as string;
    await startSend(t.deps, transportsFor(t.deps), sendId);
    return sendId;
  }
  const ledger = async (sendId: string) =>
    Object.fromEntries((await t.deps.db.selectFrom('send_recipients').select(['to_address', 'status']).where('send_id', '=', sendId).execute()).map((row) => [row.to_address, row.status]));

  it('a claim statement that fails: none of its messages arrives, and each arrives once when sent again', async () => {
    const sendId = await startedSend('refused', 8);
    // The database refuses to claim one guest's row: the statement that carries it fails as a whole.
    await sql`CREATE FUNCTION test_refuse_claim() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.to_address = 'refused4@example.com' THEN RAISE EXCEPTION 'claim refused by the test'; END IF; RETURN NEW; END $$`.execute(t.deps.db);
    await sql`CREATE TRIGGER test_refuse_claim BEFORE UPDATE ON send_recipients FOR EACH ROW
      WHEN (OLD.status = 'queued' AND NEW.status = 'sending') EXECUTE FUNCTION test_refuse_claim()`.execute(t.deps.db);
    const signal = new AbortController().signal;
    const transports = transportsFor(t.deps);
    try {
      await expect(deliverSend(t.deps, transports, sendId, 'worker-refused', signal)).rejects.toThrow(/claim refused by the test/);
    } finally {
      await sql`DROP TRIGGER test_refuse_claim ON send_recipients`.execute(t.deps.db);
      await sql`DROP FUNCTION test_refuse_claim()`.execute(t.deps.db);
    }
    const afterFailure = await ledger(sendId);
    expect(afterFailure['refused4@example.com']).toBe('queued');
    const notClaimed = Object.keys(afterFailure).filter((to) => afterFailure[to] === 'queued');

    // Another worker finishes the send (the first one's rows in `sending` are left in doubt: uncertain).
    await deliverSend(t.deps, transports, sendId, 'worker-after', signal);
    const final = await ledger(sendId);
    // Every message whose claim failed was held at its "." and dropped: each of these got exactly the one sent later.
    for (const to of notClaimed) expect([to, final[to], sink.countFor(to)]).toEqual([to, 'sent', 1]);
    for (let n = 0; n < 8; n++) expect(sink.countFor(`refused${n}@example.com`)).toBeLessThanOrEqual(1);
    for (const [to, status] of Object.entries(final)) expect([to, status]).toEqual([to, expect.stringMatching(/^(sent|uncertain)$/)]);
  });

  it('a crash after the claim committed and before the "." leaves the row uncertain: it arrives never, and is not sent again', async () => {
    const sendId = await startedSend('crash', 5);
    const real = createCampaignMailer({ smtpUrl: sink.url, maxConnections: 1, dkim: null, dataDir: os.tmpdir(), logger: createLogger('silent') });
    const never = new Promise<never>(() => undefined);
    let crashed = false;
    // The process "dies" on its third message: the claim has committed, the server is in DATA, and the connection
    // goes down before the "." (nothing this process does afterwards reaches the ledger or the server).
    const dying: CampaignMailer = {
      ...real,
      concurrency: 1,
      async send(message, claimed) {
        if (crashed) return never;
        if (!message.to.startsWith('crash2@')) return real.send(message, claimed);
        crashed = true;
        let tearDown!: (ok: boolean) => void;
        const started = sink.dataStarted();
        void real.send(message, new Promise<boolean>((resolve) => (tearDown = resolve)));
        expect(await claimed).toBe(true);
        await until(() => sink.dataStarted() > started);
        tearDown(false);
        return never;
      },
    };
    const signal = new AbortController().signal;
    void deliverSend(t.deps, { email: emailTransport({ ...t.deps, campaignMailer: dying }) }, sendId, 'worker-dead', signal);
    await until(async () => crashed && (await ledger(sendId))['crash2@example.com'] === 'sending');

    // Started again: the row left in `sending` by the dead worker is uncertain, the rest go out once.
    await deliverSend(t.deps, transportsFor(t.deps), sendId, 'worker-restarted', signal);
    const final = await ledger(sendId);
    expect(final['crash2@example.com']).toBe('uncertain');
    expect(sink.countFor('crash2@example.com')).toBe(0);
    for (const n of [0, 1, 3, 4]) expect([n, final[`crash${n}@example.com`], sink.countFor(`crash${n}@example.com`)]).toEqual([n, 'sent', 1]);
    real.close();
  });
});
