// `npm run bench:send`: one email campaign to 100,000 recipients through the sending engine (ledger, tracking
// links, suppression on), to a local SMTP sink in its own process, side by side in the same run with a bare
// nodemailer pool script sending the same messages to the same sink. Prints both rates, the ratio (goal ≥ 0.8)
// and the growth of this process's memory during the send (goal < 100 MB). On PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set. BENCH_RECIPIENTS changes the size; SMTP_MAX_CONNECTIONS the pool (default 5).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const load = (file) => import(path.join(root, file));
const nodemailer = (await import('nodemailer')).default;
const { sql } = await import('kysely');
const { openDatabase } = await load('server/db/client.ts');
const { openThrowawayPostgres } = await load('tests/helpers/throwaway-database.ts');
const { migrateToLatest } = await load('server/db/migrate.ts');
const { parseEnv } = await load('server/env.ts');
const { createLogger } = await load('server/lib/logger.ts');
const { createProviders, closeProviders } = await load('server/providers/providers.ts');
const { createJobs } = await load('server/jobs/jobs.ts');
const { registerSendingJobs } = await load('server/features/sending/sending.jobs.ts');
const { sendEmailCampaign } = await load('server/features/email/email-campaigns.service.ts');
const { renderEmail } = await load('server/features/email/render/render-email.ts');

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const CONNECTIONS = Number(process.env.SMTP_MAX_CONNECTIONS ?? 5);
const mb = (bytes) => Math.round(bytes / 1024 / 1024);

/** PGlite runs in its worker thread ('pglite'); BENCH_PGLITE_THREAD=off runs it on the main thread instead ('pglite-main'), both: one after the other. */
const pgliteKinds = { off: ['pglite-main'], both: ['pglite-main', 'pglite'] }[process.env.BENCH_PGLITE_THREAD ?? ''] ?? ['pglite'];

async function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The sink in a process of its own, so it does not share this one's event loop. */
async function startSink() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/smtp-sink.ts', String(port)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `smtp://127.0.0.1:${port}`, stop: () => child.kill() };
}

const BLOCKS = [
  { id: 'header', type: 'header_image' },
  { id: 'h1', type: 'heading', text: 'Fish tacos, 2 for $12', level: 1, align: 'left' },
  { id: 't1', type: 'text', html: '<p>Hi {{first_name|there}},</p><p>This Friday only: fish tacos, 2 for $12. See you soon!</p>', align: 'left' },
  { id: 'b1', type: 'button', label: 'See the menu', href: 'https://lacocina.example.com/menu' },
  { id: 'f1', type: 'footer', note: '' },
];
const BRAND = { name: 'La Cocina', website: 'lacocina.example.com', location: '12 Main St, Austin, TX', theme: '#2E7D32', logoUrl: null, headerImageUrl: null };

/** The bare baseline: the same rendered email, personalised with a string replace, through a nodemailer pool. */
async function bare(sinkUrl) {
  const { html, text } = await renderEmail({ subject: 'Taco Friday', preheader: '', blocks: BLOCKS }, BRAND, { mode: 'send' });
  const transport = nodemailer.createTransport({ url: sinkUrl, pool: true, maxConnections: CONNECTIONS, maxMessages: 1000 });
  const started = performance.now();
  const cpu = process.cpuUsage();
  let next = 0;
  const worker = async () => {
    while (next < RECIPIENTS) {
      const n = next++;
      await transport.sendMail({
        from: '"La Cocina" <no-reply@mise.local>',
        to: `guest${n}@example.com`,
        subject: 'Taco Friday',
        html: html.replace(/\{\{first_name\|there\}\}/g, `Guest${n}`).replaceAll('{{unsubscribe_url}}', `http://mise.test/u/${n}`),
        text: text.replace(/\{\{first_name\|there\}\}/g, `Guest${n}`),
        headers: { 'List-Unsubscribe': `<http://mise.test/u/${n}>` },
      });
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS * 2 }, worker));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  transport.close();
  return { rate: RECIPIENTS / seconds, cpuMs: (used.user + used.system) / 1000 / RECIPIENTS };
}

async function mise(kind, sinkUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-bench-send-'));
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SMTP_URL: sinkUrl, SMTP_MAX_CONNECTIONS: String(CONNECTIONS), PUBLIC_URL: 'http://mise.test' });
  const database = kind.startsWith('pglite') ? await openDatabase({ dataDir, pgliteThread: kind === 'pglite' }) : await openThrowawayPostgres(process.env.TEST_DATABASE_URL, 'mise_bench_send');
  await migrateToLatest(database.db);
  const db = database.db;
  const logger = createLogger('silent');
  const deps = { ...createProviders(env, logger), env, db, logger, now: () => new Date() };
  const user = await db.insertInto('users').values({ name: 'Bench', email: `bench-${kind}@bench.test`, verified_at: new Date() }).returning('id').executeTakeFirstOrThrow();
  const now = new Date();
  await db.insertInto('subscriptions').values({ user_id: user.id, plan_id: 'premium', status: 'active', provider: 'builtin', current_period_start: now, current_period_end: new Date(now.getTime() + 30 * 86_400_000), created_at: now, updated_at: now }).execute();
  await db.insertInto('brand_settings').values({ user_id: user.id, brand_name: 'La Cocina', website: 'lacocina.example.com', location: '12 Main St, Austin, TX', theme: '#2E7D32', brand_voice: '["warm"]', description: 'Tacos', created_at: now, updated_at: now }).execute();
  await sql`INSERT INTO customers (user_id, given_name, email, email_consent, email_consent_at, source, customer_since, created_at, updated_at)
    SELECT ${user.id}, 'Guest' || n, 'guest' || n || '@example.com', true, now(), 'manual', now(), now(), now() FROM generate_series(0, ${RECIPIENTS - 1}) n`.execute(db);
  const segment = await db.insertInto('segments').values({ user_id: user.id, title: 'Everyone', definition: JSON.stringify({ type: 'group', op: 'and', conditions: [] }) }).returning('id').executeTakeFirstOrThrow();
  const draft = await db
    .insertInto('email_drafts')
    .values({ user_id: user.id, source: 'template', user_title: 'Taco Friday', subject: 'Taco Friday', blocks: JSON.stringify(BLOCKS), html: '', media_ids: '[]', completions: JSON.stringify([{ completed_at: now.toISOString() }]), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (kind.startsWith('pglite')) await sql`VACUUM ANALYZE`.execute(db);

  const jobs = createJobs({ db, logger, now: () => new Date(), pollMs: 50 });
  registerSendingJobs(jobs, deps);
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const { campaign } = await sendEmailCampaign(deps, user.id, { draft_campaign_id: draft.id, segmentation_id: segment.id, holdout_percent: 0 }, 'http://mise.test');
  jobs.start();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const send = await db.selectFrom('sends').select('status').where('id', '=', campaign.id).executeTakeFirstOrThrow();
    if (send.status === 'sent') break;
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  await jobs.stop();
  const counts = await db.selectFrom('send_recipients').select(['status', (eb) => eb.fn.countAll().as('n')]).where('send_id', '=', campaign.id).groupBy('status').execute();
  closeProviders(deps);
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { rate: RECIPIENTS / seconds, cpuMs: (used.user + used.system) / 1000 / RECIPIENTS, seconds, growth: peak - before, counts: Object.fromEntries(counts.map((row) => [row.status, Number(row.n)])) };
}

const sink = await startSink();
try {
  console.log(`bench:send — ${RECIPIENTS.toLocaleString('en-US')} recipients, SMTP pool of ${CONNECTIONS}, sink in its own process, Node ${process.version}`);
  const kinds = [...pgliteKinds, ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
  for (const kind of kinds) {
    const baseline = await bare(sink.url);
    const result = await mise(kind, sink.url);
    console.log(`${kind.padEnd(12)} bare nodemailer pool ${Math.round(baseline.rate)} msg/s | Mise ${Math.round(result.rate)} msg/s (${result.seconds.toFixed(1)} s) | ratio ${(result.rate / baseline.rate).toFixed(2)} (goal ≥ 0.80) | memory growth ${mb(result.growth)} MB (goal < 100) | CPU of this process per message: bare ${baseline.cpuMs.toFixed(2)} ms, Mise ${result.cpuMs.toFixed(2)} ms (all its threads) | ledger ${JSON.stringify(result.counts)}`);
  }
} finally {
  sink.stop();
}
