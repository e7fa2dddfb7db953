import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../server/db/client.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { newSessionToken, sha256 } from '../../server/lib/crypto.ts';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio.ts';

// Exactly once for texts, under fire: a real server process sends 2,000 texts to the local fake Twilio and is
// killed (SIGKILL, no goodbye) at four points along the way, then started again each time. No guest may get two
// texts: every recipient is sent once or reported "uncertain" (at most one window of the transport per crash),
// and the ledger matches what Twilio received. Quiet hours stay on: the guests' numbers are in a US time zone
// where it is daytime now.

const RECIPIENTS = 2000;
// The Twilio transport's window (server/features/text/sms-transport.ts).
const CONCURRENCY = 16;
const KILL_AT = [150, 600, 1100, 1600];
const root = path.resolve(import.meta.dirname, '..', '..');
const onPostgres = process.env.MISE_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}


/**
 * A number prefix whose time zone is between 9:00 and 19:00 now, so quiet hours (8:00–21:00) hold for the whole
 * test. Around the clock: New York … Honolulu, then Tokyo, Delhi and London cover the hours when America sleeps.
 */
function awakePrefix(now = new Date()): string {
  const zones: Array<[string, string]> = [
    ['+1212', 'America/New_York'], ['+1312', 'America/Chicago'], ['+1303', 'America/Denver'], ['+1213', 'America/Los_Angeles'],
    ['+1907', 'America/Anchorage'], ['+1808', 'Pacific/Honolulu'], ['+8135', 'Asia/Tokyo'], ['+91982', 'Asia/Kolkata'], ['+4420', 'Europe/London'],
  ];
  const hour = (zone: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(now));
  const awake = zones.find(([, zone]) => hour(zone) >= 9 && hour(zone) <= 19);
  if (!awake) throw new Error(`no test time zone is awake at ${now.toISOString()}`);
  return awake[0];
}

describe('a text send survives its server being killed', () => {
  let twilio: FakeTwilio;
  let dataDir: string;
  let databaseUrl = '';
  let dropDatabase: (() => Promise<void>) | undefined;
  let child: ChildProcess | undefined;
  let port: number;
  let token: string;
  let ids: { campaign: string; segment: string };

  const open = (): Promise<DbHandle> => openDatabase({ databaseUrl, dataDir });

  beforeAll(async () => {
    twilio = await startFakeTwilio({ callbacks: false });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-text-fault-'));
    if (onPostgres) {
      const name = `mise_text_fault_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      };
    }
    // The owner (POS imported, details complete), 2,000 guests who agreed to texts, a segment and a text.
    const database = await open();
    await migrateToLatest(database.db);
    const db = database.db;
    const user = await db.insertInto('users').values({ name: 'Rosa', email: 'rosa@cafe.test', verified_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    token = newSessionToken();
    await db.insertInto('sessions').values({ user_id: user.id, token_hash: sha256(token), expires_at: new Date(Date.now() + 86_400_000) }).execute();
    const now = new Date();
    await db.insertInto('subscriptions').values({ user_id: user.id, plan_id: 'premium', status: 'active', provider: 'builtin', current_period_start: now, current_period_end: new Date(now.getTime() + 30 * 86_400_000), created_at: now, updated_at: now }).execute();
    await db.insertInto('brand_settings').values({ user_id: user.id, brand_name: 'La Cocina', website: 'lacocina.example.com', location: '12 Main St, Austin, TX', theme: '#2E7D32', brand_voice: '["warm"]', description: 'Tacos', created_at: now, updated_at: now }).execute();
    await db.insertInto('pos_connections').values({ user_id: user.id, provider: 'square', merchant_id: 'M-fault', access_token_sealed: 'sealed', status: 'connected', progress: 100, connected_at: now, updated_at: now }).execute();
    const prefix = awakePrefix();
    await sql`INSERT INTO customers (user_id, given_name, phone, sms_consent, sms_consent_at, source, customer_since, created_at, updated_at)
      SELECT ${user.id}, 'Guest ' || n, ${prefix} || (2000000 + n)::text, true, now(), 'manual', now(), now(), now() FROM generate_series(1, ${RECIPIENTS}) n`.execute(db);
    const segment = await db.insertInto('segments').values({ user_id: user.id, title: 'Everyone', definition: JSON.stringify({ type: 'group', op: 'and', conditions: [] }) }).returning('id').executeTakeFirstOrThrow();
    const campaign = await db
      .insertInto('sms_campaigns')
      .values({ user_id: user.id, user_title: 'Fault test', final_sms_draft: 'La Cocina: 2 tacos for $9 today until 9pm. Reply STOP to opt out', completed_at: now, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids = { campaign: campaign.id, segment: segment.id };
    await database.close();
    port = await freePort();
  }, 300_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await twilio.close();
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function startServer() {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        TWILIO_ACCOUNT_SID: twilio.accountSid,
        TWILIO_AUTH_TOKEN: twilio.authToken,
        TWILIO_FROM: '+15125550100',
        TWILIO_BASE_URL: twilio.url,
        PUBLIC_URL: 'http://mise.test',
        LOG_LEVEL: 'error',
        // A killed worker's jobs are taken over after 2 s instead of a minute.
        JOB_LEASE_SECONDS: '2',
        STATIC_DIR: path.join(dataDir, 'no-build'),
      },
    });
    await until(async () => (await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => undefined))?.ok === true, 240_000, 'the server to start');
  }

  it('no guest gets two texts; each is sent once or reported uncertain, and the ledger matches Twilio', async () => {
    await startServer();
    const launched = await fetch(`http://127.0.0.1:${port}/api/v1/text/campaigns/launch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ campaign_id: ids.campaign, segmentation_id: ids.segment }),
    });
    expect(launched.status, await launched.clone().text()).toBe(201);

    for (const at of KILL_AT) {
      await until(() => twilio.messages.length >= at, 120_000, `${at} texts`);
      child!.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));
      await startServer();
    }
    await until(async () => {
      const report = await fetch(`http://127.0.0.1:${port}/api/v1/text/campaigns/${ids.campaign}/report`, { headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
      if (!report?.ok) return false;
      const body = (await report.json()) as { waiting: number; send: { status: string } };
      return body.waiting === 0 && body.send.status === 'sent';
    }, 180_000, 'the send to finish');
    child!.kill('SIGTERM');
    await new Promise((resolve) => child!.once('exit', resolve));
    child = undefined;
    const reader = await open();
    const send = await reader.db.selectFrom('sends').select('id').where('source_id', '=', ids.campaign).executeTakeFirstOrThrow();
    const rows = await reader.db.selectFrom('send_recipients').select(['to_address', 'status', 'error']).where('send_id', '=', send.id).execute();
    await reader.close();

    const received = new Map<string, number>();
    for (const message of twilio.messages) received.set(message.to, (received.get(message.to) ?? 0) + 1);
    const countFor = (to: string) => received.get(to) ?? 0;
    expect(rows).toHaveLength(RECIPIENTS);
    const uncertain = rows.filter((row) => row.status === 'uncertain');
    const sent = rows.filter((row) => row.status === 'sent' || row.status === 'delivered');
    expect(sent.length + uncertain.length).toBe(RECIPIENTS);
    // A crash leaves at most one window in doubt. On a loaded machine a request can also time out after Twilio
    // got it: that row is uncertain too (with its own reason), and must not be sent twice either.
    const crashed = uncertain.filter((row) => row.error?.startsWith('The server stopped'));
    expect(crashed.length).toBeLessThanOrEqual(KILL_AT.length * CONCURRENCY);
    for (const row of uncertain.filter((row) => !crashed.includes(row))) expect(row.error).toMatch(/may have gone out/);
    for (const row of sent) expect(countFor(row.to_address), row.to_address).toBe(1);
    for (const row of uncertain) expect(countFor(row.to_address), row.to_address).toBeLessThanOrEqual(1);
    // Nobody got two.
    expect([...received.values()].every((n) => n === 1)).toBe(true);
    expect(twilio.messages.length).toBe(sent.length + uncertain.filter((row) => countFor(row.to_address) === 1).length);
    console.log(`text fault test: ${KILL_AT.length} kills, ${sent.length} sent, ${uncertain.length} uncertain, ${crashed.length} of them by a crash (${uncertain.filter((row) => countFor(row.to_address) === 1).length} of them arrived)`);
  }, 1_200_000);
});
