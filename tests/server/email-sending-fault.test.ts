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
import { HANDED_PER_CONNECTION } from '../../server/providers/mail/campaign-mail.ts';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.ts';

// Exactly once, under fire: a real server process sends 2,000 emails to a local SMTP sink and is killed
// (SIGKILL, no goodbye) at five points along the way, then started again each time. Every recipient must get
// exactly one email, or be reported "uncertain" (at most the transport's concurrency per crash: the messages on the
// pool's connections and the ones queued in the pool for them, which cannot have arrived), and the ledger must
// match what the sink received.

const RECIPIENTS = 2000;
const CONNECTIONS = 4;
const CONCURRENCY = CONNECTIONS * HANDED_PER_CONNECTION;
const KILL_AT = [150, 500, 900, 1300, 1700];
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

describe('a send survives its server being killed', () => {
  let sink: SmtpSink;
  let dataDir: string;
  let databaseUrl = '';
  let dropDatabase: (() => Promise<void>) | undefined;
  let child: ChildProcess | undefined;
  let port: number;
  let token: string;
  let ids: { draft: string; segment: string };

  const open = (): Promise<DbHandle> => openDatabase({ databaseUrl, dataDir });

  beforeAll(async () => {
    sink = await startSmtpSink();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-fault-'));
    if (onPostgres) {
      const name = `mise_fault_${randomBytes(4).toString('hex')}`;
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
    // The owner, 2,000 customers who agreed to email, a segment of all of them and a completed draft.
    const database = await open();
    await migrateToLatest(database.db);
    const db = database.db;
    const user = await db.insertInto('users').values({ name: 'Rosa', email: 'rosa@cafe.test', verified_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    token = newSessionToken();
    await db.insertInto('sessions').values({ user_id: user.id, token_hash: sha256(token), expires_at: new Date(Date.now() + 86_400_000) }).execute();
    const now = new Date();
    await db.insertInto('subscriptions').values({ user_id: user.id, plan_id: 'premium', status: 'active', provider: 'builtin', current_period_start: now, current_period_end: new Date(now.getTime() + 30 * 86_400_000), created_at: now, updated_at: now }).execute();
    await sql`INSERT INTO customers (user_id, given_name, email, email_consent, email_consent_at, source, customer_since, created_at, updated_at)
      SELECT ${user.id}, 'Guest ' || n, 'guest' || n || '@example.com', true, now(), 'manual', now(), now(), now() FROM generate_series(1, ${RECIPIENTS}) n`.execute(db);
    const segment = await db.insertInto('segments').values({ user_id: user.id, title: 'Everyone', definition: JSON.stringify({ type: 'group', op: 'and', conditions: [] }) }).returning('id').executeTakeFirstOrThrow();
    const blocks = [{ id: 'h', type: 'heading', text: 'Hello {{first_name|there}}', level: 1, align: 'left' }, { id: 'f', type: 'footer', note: '' }];
    const draft = await db
      .insertInto('email_drafts')
      .values({ user_id: user.id, source: 'template', user_title: 'Fault test', subject: 'Hello', blocks: JSON.stringify(blocks), html: '', media_ids: '[]', completions: JSON.stringify([{ completed_at: now.toISOString() }]), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids = { draft: draft.id, segment: segment.id };
    await database.close();
    port = await freePort();
  }, 300_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await sink.close();
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
        SMTP_URL: sink.url,
        SMTP_MAX_CONNECTIONS: String(CONNECTIONS),
        PUBLIC_URL: 'http://mise.test',
        LOG_LEVEL: 'error',
        // A killed worker's jobs are taken over after 2 s instead of a minute.
        JOB_LEASE_SECONDS: '2',
        STATIC_DIR: path.join(dataDir, 'no-build'),
      },
    });
    await until(async () => (await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => undefined))?.ok === true, 240_000, 'the server to start');
  }

  it('every recipient gets one email or is reported uncertain, and the ledger matches the sink', async () => {
    await startServer();
    const launched = await fetch(`http://127.0.0.1:${port}/api/v1/email/campaigns/launch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ draft_campaign_id: ids.draft, segmentation_id: ids.segment }),
    });
    expect(launched.status).toBe(201);
    const sendId = ((await launched.json()) as { campaign: { id: string } }).campaign.id;

    for (const at of KILL_AT) {
      await until(() => sink.messages.length >= at, 120_000, `${at} messages`);
      child!.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));
      await startServer();
    }
    // Let it finish (asked of the server: an embedded database serves one process at a time).
    await until(async () => {
      const report = await fetch(`http://127.0.0.1:${port}/api/v1/email/campaigns/${sendId}/report`, { headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
      if (!report?.ok) return false;
      const body = (await report.json()) as { waiting: number; campaign: { status: string } };
      return body.waiting === 0 && body.campaign.status === 'sent';
    }, 180_000, 'the send to finish');
    child!.kill('SIGTERM');
    await new Promise((resolve) => child!.once('exit', resolve));
    child = undefined;
    const reader = await open();
    const rows = await reader.db.selectFrom('send_recipients').select(['to_address', 'status']).where('send_id', '=', sendId).execute();
    // The snapshot refreshed the ledger's planner statistics (PGlite has no autovacuum): the step statement's one
    // plan is made for a ledger of this size, not for the empty table it was when the database was created.
    const stats = await sql<{ reltuples: number }>`SELECT reltuples::int AS reltuples FROM pg_class WHERE relname = 'send_recipients'`.execute(reader.db);
    await reader.close();
    expect(stats.rows[0]!.reltuples).toBeGreaterThanOrEqual(RECIPIENTS);

    expect(rows).toHaveLength(RECIPIENTS);
    const uncertain = rows.filter((row) => row.status === 'uncertain');
    const sent = rows.filter((row) => row.status === 'sent');
    expect(sent.length + uncertain.length).toBe(RECIPIENTS);
    expect(uncertain.length).toBeLessThanOrEqual(KILL_AT.length * CONCURRENCY);
    for (const row of sent) expect(sink.countFor(row.to_address), row.to_address).toBe(1);
    for (const row of uncertain) expect(sink.countFor(row.to_address), row.to_address).toBeLessThanOrEqual(1);
    // Nobody got two; the sink holds one message per sent row plus those of the doubtful rows that did arrive.
    const delivered = new Set(sink.messages.map((message) => message.to));
    expect(sink.messages.length).toBe(delivered.size);
    expect(sink.messages.length).toBe(sent.length + uncertain.filter((row) => sink.countFor(row.to_address) === 1).length);
    console.log(`fault test: ${KILL_AT.length} kills, ${sent.length} sent, ${uncertain.length} uncertain (${uncertain.filter((row) => sink.countFor(row.to_address) === 1).length} of them arrived)`);
  }, 1_200_000);
});
