// `npm run bench:text`: one text campaign to 50,000 guests through the sending engine (ledger, suppression, quiet
// hours per area code and the one-text-per-day rule on), to the local fake Twilio in its own process, side by side
// in the same run with a bare loop of fetch calls posting the same texts to the same fake with the same number in
// flight. Prints both rates and the ratio (goal ≥ 0.8). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
// Two scenarios: the fake answering at once (the engine's own cost per text, the worst case for the ratio), and
// the fake answering in 100–300 ms as Twilio does (what an owner's send sees). BENCH_TEXTS changes the size of
// the first (default 50,000), BENCH_SLOW_TEXTS of the second (default 5,000; 0 skips it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const load = (file) => import(path.join(root, file));
const { sql } = await import('kysely');
const { openDatabase } = await load('server/db/client.ts');
const { openThrowawayPostgres } = await load('tests/helpers/throwaway-database.ts');
const { migrateToLatest } = await load('server/db/migrate.ts');
const { parseEnv } = await load('server/env.ts');
const { createLogger } = await load('server/lib/logger.ts');
const { createProviders, closeProviders } = await load('server/providers/providers.ts');
const { createJobs } = await load('server/jobs/jobs.ts');
const { registerSendingJobs, transportsFor } = await load('server/features/sending/sending.jobs.ts');
const { createSend } = await load('server/features/sending/engine.ts');

let TEXTS = Number(process.env.BENCH_TEXTS ?? 50_000);
const SLOW_TEXTS = Number(process.env.BENCH_SLOW_TEXTS ?? 5_000);
const BODY = 'La Cocina: 2 tacos for $9 today until 9pm. See you soon! Reply STOP to opt out';
const FROM = '+15125550100';

/** A number prefix whose zone is in daytime now (9:00–19:00), so quiet hours (on) hold nobody, at any hour of the run. */
function awakePrefix() {
  const zones = [
    ['+1212', 'America/New_York'], ['+1312', 'America/Chicago'], ['+1303', 'America/Denver'], ['+1213', 'America/Los_Angeles'],
    ['+1907', 'America/Anchorage'], ['+1808', 'Pacific/Honolulu'], ['+8135', 'Asia/Tokyo'], ['+91982', 'Asia/Kolkata'], ['+4420', 'Europe/London'],
  ];
  const hour = (zone) => Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  const awake = zones.find(([, zone]) => hour(zone) >= 9 && hour(zone) <= 19);
  if (!awake) throw new Error('no time zone of the bench is awake now');
  return awake[0];
}
const PREFIX = awakePrefix();
const phone = (n) => `${PREFIX}${2_000_000 + n}`;

/** The fake in a process of its own (no StatusCallbacks: the bare loop has no endpoint for them either). */
function startFake(answerMs) {
  const args = [path.join(root, 'tests/fakes/twilio.ts'), '0', '--no-callbacks', ...(answerMs ? [`--answer-ms=${answerMs}`] : [])];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /TWILIO_ACCOUNT_SID=(\S+) TWILIO_AUTH_TOKEN=(\S+) TWILIO_BASE_URL=(\S+)/.exec(output);
      if (match) resolve({ stop: () => child.kill(), accountSid: match[1], authToken: match[2], url: match[3] });
    });
    child.on('exit', (code) => reject(new Error(`the fake exited (${code}) before it was ready`)));
  });
}

/** The bare baseline: form POSTs to Messages.json, `concurrency` in flight, keep-alive. */
/** PGlite runs in its worker thread ('pglite'); BENCH_PGLITE_THREAD=off runs it on the main thread instead ('pglite-main'), both: one after the other. */
const pgliteKinds = { off: ['pglite-main'], both: ['pglite-main', 'pglite'] }[process.env.BENCH_PGLITE_THREAD ?? ''] ?? ['pglite'];

async function bare(fake, concurrency) {
  const auth = `Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString('base64')}`;
  const url = `${fake.url}/2010-04-01/Accounts/${fake.accountSid}/Messages.json`;
  let next = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const worker = async () => {
    while (next < TEXTS) {
      const n = next++;
      const response = await fetch(url, { method: 'POST', headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ To: phone(n), From: FROM, Body: BODY }) });
      if (!response.ok) throw new Error(`bare: ${response.status}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const used = process.cpuUsage(cpu);
  return { rate: TEXTS / ((performance.now() - started) / 1000), cpuMs: (used.user + used.system) / 1000 / TEXTS };
}

async function mise(kind, fake) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-bench-text-'));
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', TWILIO_ACCOUNT_SID: fake.accountSid, TWILIO_AUTH_TOKEN: fake.authToken, TWILIO_FROM: FROM, TWILIO_BASE_URL: fake.url, PUBLIC_URL: 'http://mise.test' });
  const database = kind.startsWith('pglite') ? await openDatabase({ dataDir, pgliteThread: kind === 'pglite' }) : await openThrowawayPostgres(process.env.TEST_DATABASE_URL, 'mise_bench_text');
  await migrateToLatest(database.db);
  const db = database.db;
  const logger = createLogger('silent');
  const deps = { ...createProviders(env, logger), env, db, logger, now: () => new Date() };
  const user = await db.insertInto('users').values({ name: 'Bench', email: `bench-text-${kind}@bench.test`, verified_at: new Date() }).returning('id').executeTakeFirstOrThrow();
  const now = new Date();
  await db.insertInto('brand_settings').values({ user_id: user.id, brand_name: 'La Cocina', website: 'lacocina.example.com', location: '12 Main St, Austin, TX', theme: '#2E7D32', brand_voice: '["warm"]', description: 'Tacos', created_at: now, updated_at: now }).execute();
  await sql`INSERT INTO customers (user_id, given_name, phone, sms_consent, sms_consent_at, source, customer_since, created_at, updated_at)
    SELECT ${user.id}, 'Guest' || n, ${PREFIX} || (2000000 + n)::text, true, now(), 'manual', now(), now(), now() FROM generate_series(0, ${TEXTS - 1}) n`.execute(db);
  const segment = await db.insertInto('segments').values({ user_id: user.id, title: 'Everyone', definition: JSON.stringify({ type: 'group', op: 'and', conditions: [] }) }).returning('id').executeTakeFirstOrThrow();
  const campaign = await db.insertInto('sms_campaigns').values({ user_id: user.id, user_title: 'Taco day', final_sms_draft: BODY, completed_at: now, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  if (kind.startsWith('pglite')) await sql`VACUUM ANALYZE`.execute(db);

  const concurrency = transportsFor(deps).sms.concurrency;
  const jobs = createJobs({ db, logger, now: () => new Date(), pollMs: 50 });
  registerSendingJobs(jobs, deps);
  const started = performance.now();
  const cpu = process.cpuUsage();
  // The engine directly (a plan's monthly allowance would refuse 50,000 texts at launch).
  const send = await createSend(deps, { userId: user.id, channel: 'sms', sourceKind: 'sms_campaign', sourceId: campaign.id, segmentId: segment.id, title: 'Taco day', scheduledAt: new Date(), baseUrl: 'http://mise.test' });
  jobs.start();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const row = await db.selectFrom('sends').select('status').where('id', '=', send.id).executeTakeFirstOrThrow();
    if (row.status === 'sent' || row.status === 'failed') break;
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  await jobs.stop();
  const counts = await db.selectFrom('send_recipients').select(['status', (eb) => eb.fn.countAll().as('n')]).where('send_id', '=', send.id).groupBy('status').execute();
  closeProviders(deps);
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { rate: TEXTS / seconds, cpuMs: (used.user + used.system) / 1000 / TEXTS, seconds, concurrency, counts: Object.fromEntries(counts.map((row) => [row.status, Number(row.n)])) };
}

const scenarios = [
  ...(TEXTS > 0 ? [{ answerMs: null, texts: TEXTS, label: 'answers at once' }] : []),
  ...(SLOW_TEXTS > 0 ? [{ answerMs: '100-300', texts: SLOW_TEXTS, label: 'answers in 100–300 ms, as Twilio' }] : []),
];
for (const scenario of scenarios) {
  TEXTS = scenario.texts;
  const fake = await startFake(scenario.answerMs);
  try {
    console.log(`bench:text — ${TEXTS.toLocaleString('en-US')} texts to the fake Twilio in its own process, which ${scenario.label} (numbers ${PREFIX}…, quiet hours on), Node ${process.version}`);
    const kinds = [...pgliteKinds, ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
    for (const kind of kinds) {
      const result = await mise(kind, fake);
      const baseline = await bare(fake, result.concurrency);
      console.log(`${kind.padEnd(12)} bare fetch loop (${result.concurrency} in flight) ${Math.round(baseline.rate)} msg/s | Mise ${Math.round(result.rate)} msg/s (${result.seconds.toFixed(1)} s) | ratio ${(result.rate / baseline.rate).toFixed(2)} (goal ≥ 0.80) | CPU of this process per text: bare ${baseline.cpuMs.toFixed(2)} ms, Mise ${result.cpuMs.toFixed(2)} ms (all its threads) | ledger ${JSON.stringify(result.counts)}`);
    }
  } finally {
    fake.stop();
  }
}
