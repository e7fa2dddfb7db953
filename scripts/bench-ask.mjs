// `npm run bench:ask`: the Ask questions at 100k customers / 1M orders, on PGlite and (when TEST_DATABASE_URL is set)
// PostgreSQL. For each question: p50/p95 through the analytics layer (validation, SQL, words), and p50/p95 of the
// very same SQL statements run bare in the same run (captured from the layer's own run), with the ratio; then the
// builtin path as the route runs it (the owner's words → the builtin phrase parser's pick → the layer). Goal: every
// question under 300 ms on the builtin path. Options: BENCH_CUSTOMERS (default 100000), BENCH_ORDERS (default
// 1000000), BENCH_RUNS (20). Six campaigns went out in the last 90 days, each to a third of the customers (10 %
// kept back), so "how did my campaigns do?" has about 200,000 ledger rows to read the first time; then their figures
// are kept (table campaign_came_back, migration 0290) until an order or a ledger change in their span. The "first"
// column is each question's first answer with nothing kept (the kept campaign figures emptied before it); the
// timed runs and the captured bare statements are the steady state after it. For the campaign questions, the
// figures are then emptied once more and the refill job (what a finished send or an import queues) run before
// the first answer: "after the job" is what the owner waits for then, beside how long the job took; then 50 orders
// land in the newest campaign's span, which marks its kept figures out of date (migration 0314): "after new orders"
// is Ask's answer from the figures as they were (it says so and queues a refill), the case an owner meets in service.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const load = (file) => import(path.join(root, file));
const { openDatabase } = await load('server/db/client.ts');
const { openThrowawayPostgres } = await load('tests/helpers/throwaway-database.ts');
const { migrateToLatest } = await load('server/db/migrate.ts');
const { recomputeFigures } = await load('server/features/customers/customers.service.ts');
const { maintainSegmentTables } = await load('server/features/segments/segments.jobs.ts');
const { answerQuestion, isAnswer } = await load('server/features/analytics/analytics-registry.ts');
const { refillCampaignFigures } = await load('server/features/analytics/campaign-refill.ts');
const { pickQuestionFromWords } = await load('server/providers/ai/builtin/ask/ask-phrases.ts');
const { CompiledQuery, PostgresQueryCompiler, sql } = await import('kysely');

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

/** The ten questions owners ask most (starter cards and their follow-ups), then the rest of the catalogue. */
const QUESTIONS = [
  ['sales by day this month', 'sales_breakdown', { by: 'day', period: { kind: 'this_month' } }, 'How did sales go this month?'],
  ['sales by weekday, 90 days', 'sales_breakdown', { by: 'weekday' }, 'Which day of the week is busiest?'],
  ['busiest hour, 90 days', 'sales_breakdown', { measure: 'visits', by: 'hour' }, 'busiest hour by visits'],
  ['sales by month, 12 months', 'sales_breakdown', { by: 'month' }, 'sales by month'],
  ['this month vs last month', 'compare_periods', {}, 'This month vs last month'],
  ['top customers (lifetime)', 'top_customers', {}, 'Who are my top customers?'],
  ['top customers this month', 'top_customers', { period: { kind: 'this_month' } }, 'top customers this month'],
  ['new vs returning this month', 'new_vs_returning', {}, 'New vs returning guests this month'],
  ['lapsed regulars', 'lapsed_regulars', {}, "Which regulars haven't been in lately?"],
  ['birthdays next 30 days', 'upcoming_birthdays', {}, 'Whose birthday is coming up?'],
  ['customers by age', 'customers_by_age', {}, 'How old are my customers?'],
  ['segment sizes (6 segments)', 'segment_sizes', {}, 'How big are my segments?'],
  ['campaigns, 90 days (6 campaigns)', 'campaign_results', {}, 'How did my campaigns do?'],
  ['one campaign by name', 'campaign_results', { campaign: 'taco', channel: 'email' }, 'Did the taco email work?'],
  ['this year vs last year', 'compare_periods', { period: { kind: 'this_year' } }, 'this year vs last year'],
  ['top customers this year by visits', 'top_customers', { by: 'visits', period: { kind: 'this_year' } }, 'most frequent customers this year'],
  ['sales by day, 30 days, New York', 'sales_breakdown', { by: 'day' }, 'sales by day', 'America/New_York'],
  ['new vs returning this month, New York', 'new_vs_returning', {}, 'new vs returning guests', 'America/New_York'],
];

const SEGMENTS = [
  ['Regulars', [{ type: 'visits', op: 'gte', value: 5 }]],
  ['Lapsed', [{ type: 'last_visit', op: 'more_than', days: 90 }]],
  ['Big spenders this year', [{ type: 'total_spent', op: 'gt', value: 20_000, period: { kind: 'this_year' } }]],
  ['Active', [{ type: 'visits', op: 'gte', value: 3, period: { kind: 'last_days', days: 30 } }]],
  ['Birthdays next week', [{ type: 'birthday', op: 'next_days', days: 7 }]],
  ['Email subscribers', [{ type: 'email_consent', value: true }]],
];

async function openBenchDatabase(kind, dataDir) {
  if (kind === 'pglite') return openDatabase({ dataDir });
  return openThrowawayPostgres(process.env.TEST_DATABASE_URL, 'mise_bench_ask');
}

/** Customers and orders written in SQL: a café's day (7 am to 9 pm), regulars visiting often, one sale in ten a walk-in. */
async function seed(db, userId) {
  await sql`
    INSERT INTO customers (user_id, given_name, family_name, email, birthday_month, birthday_day, birthday_year, source, customer_since, email_consent)
    SELECT ${userId}::uuid, (ARRAY['Maya','Tom','Ana','Ravi','Lee','Sam','Jo','Cleo'])[1 + i % 8], (ARRAY['Okafor','Reyes','Silva','Nair','Chen','Park'])[1 + i % 6],
           'guest' || i || '@bench.test',
           CASE WHEN i % 4 = 0 THEN 1 + (i / 4) % 12 END, CASE WHEN i % 4 = 0 THEN 1 + (i / 48) % 28 END, CASE WHEN i % 8 = 0 THEN 1950 + i % 55 END,
           'csv', now() - (i % 900) * interval '1 day', i % 3 = 0
    FROM generate_series(1, ${CUSTOMERS}) AS i`.execute(db);
  const perCustomer = (0.9 * 2 * ORDERS) / CUSTOMERS;
  await sql`
    INSERT INTO orders (user_id, customer_id, occurred_at, total_cents, source)
    SELECT ${userId}::uuid, c.id, date_trunc('day', now()) - floor(random() * 540) * interval '1 day' + (7 + random() * 14) * interval '1 hour',
           350 + floor(random() * 4000)::int, 'csv'
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM customers WHERE user_id = ${userId}) c
    JOIN LATERAL generate_series(1, greatest(1, (${perCustomer}::float * (c.n % 10) / 9)::int)) g ON true`.execute(db);
  await sql`
    INSERT INTO orders (user_id, customer_id, occurred_at, total_cents, source)
    SELECT ${userId}::uuid, NULL, date_trunc('day', now()) - floor(random() * 540) * interval '1 day' + (7 + random() * 14) * interval '1 hour', 200 + floor(random() * 1500)::int, 'csv'
    FROM generate_series(1, ${Math.round(ORDERS * 0.1)})`.execute(db);
  await recomputeFigures(db, userId);
  // Six campaigns over the last 90 days, each to every third customer (a tenth kept back), as the engine leaves them.
  const titles = ['Fish taco Friday', 'Pumpkin soup is back', 'Weekend brunch', 'Half-price fries', 'Happy hour', 'Loyalty thanks'];
  for (const [n, title] of titles.entries()) {
    const channel = n % 2 === 0 ? 'email' : 'sms';
    const started = new Date(Date.now() - (5 + n * 14) * 86_400_000);
    const send = await db
      .insertInto('sends')
      .values({ user_id: userId, channel, source_kind: channel === 'email' ? 'email_draft' : 'sms_campaign', source_id: crypto.randomUUID(), title, status: 'sent', scheduled_at: started, started_at: started, completed_at: started, base_url: 'http://bench.test', holdout_percent: 10 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO send_recipients (send_id, customer_id, to_address, status, sent_at)
      SELECT ${send.id}::uuid, c.id, c.email, CASE WHEN (abs(hashtext(${send.id}::text || c.id::text)) % 10) = 0 THEN 'holdout' ELSE 'sent' END,
        ${started}::timestamptz
      FROM customers c WHERE c.user_id = ${userId} AND c.email_consent`.execute(db);
  }
  for (const [title, conditions] of SEGMENTS) {
    await db.insertInto('segments').values({ user_id: userId, title, definition: JSON.stringify({ type: 'group', op: 'and', conditions }) }).execute();
  }
}

/** Records every statement the layer sends, compiled exactly as the driver receives it. */
function captureInto(list) {
  const compiler = new PostgresQueryCompiler();
  return {
    transformQuery(args) {
      list.push(compiler.compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (n) => Math.round(n * 10) / 10;

async function timed(fn) {
  await fn(); // warm the cache and the plan once
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

async function bench(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-bench-ask-'));
  const database = await openBenchDatabase(kind, dataDir);
  const db = database.db;
  await migrateToLatest(db);
  const user = await db.insertInto('users').values({ name: 'Bench Owner', email: `bench-ask-${kind}@bench.test`, verified_at: new Date() }).returning('id').executeTakeFirstOrThrow();
  const t0 = performance.now();
  await seed(db, user.id);
  await maintainSegmentTables({ db });
  const counts = (await sql`SELECT (SELECT count(*) FROM customers)::int AS customers, (SELECT count(*) FROM orders)::int AS orders`.execute(db)).rows[0];
  const rows = [];
  for (const [label, question, params, words, timeZone] of QUESTIONS) {
    const now = new Date();
    await sql`DELETE FROM campaign_came_back`.execute(db);
    const tFirst = performance.now();
    const first = await answerQuestion(db, user.id, { question, params }, { now, timeZone });
    const firstMs = round(performance.now() - tFirst);
    if (!isAnswer(first)) throw new Error(`${label}: ${first.message}`);
    const captured = [];
    await answerQuestion(db.withPlugin(captureInto(captured)), user.id, { question, params }, { now, timeZone });
    const layer = await timed(() => answerQuestion(db, user.id, { question, params }, { now, timeZone }));
    // The same statements, in the same order, straight to the driver: the cost of the SQL alone.
    const bare = await timed(async () => {
      for (const query of captured) await db.executeQuery(CompiledQuery.raw(query.sql, [...query.parameters]));
    });
    // The builtin path: the parser must pick this very question from the words, then the layer answers it.
    const picked = pickQuestionFromWords({ text: words, now });
    if ('unanswerable' in picked || picked.question !== question) throw new Error(`${label}: the builtin parser read "${words}" as ${JSON.stringify(picked)}`);
    const builtin = await timed(async () => {
      const pick = pickQuestionFromWords({ text: words, now });
      await answerQuestion(db, user.id, pick, { now, timeZone });
    });
    let refill;
    if (question === 'campaign_results') {
      await sql`DELETE FROM campaign_came_back`.execute(db);
      const tJob = performance.now();
      await refillCampaignFigures(db, user.id, now);
      const jobMs = round(performance.now() - tJob);
      const tAfter = performance.now();
      await answerQuestion(db, user.id, pickQuestionFromWords({ text: words, now }), { now, timeZone });
      refill = { jobMs, firstMs: round(performance.now() - tAfter) };
      // New orders land inside the newest campaign's span (a POS import during service): the kept figures are marked
      // out of date, and Ask answers from them as they were (saying so) while a refill is queued.
      await sql`INSERT INTO orders (user_id, customer_id, occurred_at, total_cents, source)
        SELECT ${user.id}::uuid, id, now() - interval '1 hour', 1500, 'csv' FROM customers WHERE user_id = ${user.id} ORDER BY id LIMIT 50`.execute(db);
      const tStale = performance.now();
      const stale = await answerQuestion(db, user.id, pickQuestionFromWords({ text: words, now }), { now, timeZone });
      const staleFirstMs = round(performance.now() - tStale);
      if (!isAnswer(stale) || !stale.takeaway.includes('Figures as of')) throw new Error(`${label}: out-of-date figures not said as such: ${JSON.stringify(stale)}`);
      const staleTimed = await timed(() => answerQuestion(db, user.id, pickQuestionFromWords({ text: words, now }), { now, timeZone }));
      refill.stale = { firstMs: staleFirstMs, ...staleTimed };
      // Leave the data as it was for the next questions, figures exact.
      await sql`DELETE FROM orders WHERE user_id = ${user.id} AND source = 'csv' AND total_cents = 1500 AND occurred_at > now() - interval '2 hours'`.execute(db);
      await refillCampaignFigures(db, user.id, now);
    }
    rows.push({ label, statements: captured.length, first: firstMs, layer, bare, builtin, refill, takeaway: first.takeaway });
  }
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { kind, counts, seedSeconds: Math.round((performance.now() - t0) / 1000), rows };
}

/** BENCH_DATABASES=pglite or postgres runs one of them (e.g. both at once in two processes). */
const kinds = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').filter((kind) => kind === 'pglite' || (kind === 'postgres' && process.env.TEST_DATABASE_URL));
if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL not set: PostgreSQL skipped');
for (const kind of kinds) print(await bench(kind));

function print({ kind, counts, seedSeconds, rows }) {
  console.log(`\n${kind}: ${counts.customers.toLocaleString('en-US')} customers, ${counts.orders.toLocaleString('en-US')} orders (seeded in ${seedSeconds} s), ${RUNS} runs each, ms`);
  console.log(`  ${'question'.padEnd(40)} ${'first'.padStart(7)} ${'layer p50'.padStart(9)} ${'p95'.padStart(7)} ${'bare p50'.padStart(9)} ${'p95'.padStart(7)} ${'ratio'.padStart(6)}  stmts ${'builtin p50'.padStart(11)} ${'p95'.padStart(7)}  goal < 300 ms`);
  for (const r of rows) {
    const ratio = r.bare.p50 > 0 ? (r.layer.p50 / r.bare.p50).toFixed(2) : '—';
    const ok = r.builtin.p95 < 300 ? 'ok' : 'OVER';
    console.log(`  ${r.label.padEnd(40)} ${String(r.first).padStart(7)} ${String(r.layer.p50).padStart(9)} ${String(r.layer.p95).padStart(7)} ${String(r.bare.p50).padStart(9)} ${String(r.bare.p95).padStart(7)} ${ratio.padStart(6)}  ${String(r.statements).padStart(5)} ${String(r.builtin.p50).padStart(11)} ${String(r.builtin.p95).padStart(7)}  ${ok}`);
  }
  for (const r of rows.filter((row) => row.refill)) {
    console.log(`  ${r.label}: first answer after the refill job ${r.refill.firstMs} ms (the job took ${r.refill.jobMs} ms); after new orders (figures out of date, refill queued) first ${r.refill.stale.firstMs} ms, p50 ${r.refill.stale.p50}, p95 ${r.refill.stale.p95}`);
  }
  console.log(`  load average at the end: ${os.loadavg().map((n) => n.toFixed(1)).join(', ')} (${os.cpus().length} cores)`);
  console.log('  sample answers:');
  for (const r of rows.slice(0, 14)) console.log(`    ${r.label}: ${r.takeaway}`);
}
