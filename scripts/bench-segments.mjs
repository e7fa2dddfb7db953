// `npm run bench:segments`: 100k customers / 1M orders, on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL.
// Prints CSV import rows/s (goal ≥ 20,000) and, in the segments section, count and first-page times (goal < 100 ms).
// Options: BENCH_CUSTOMERS (default 100000), BENCH_ORDERS (default 1000000).
import { randomBytes } from 'node:crypto';
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
const { parseEnv } = await load('server/env.ts');
const { createApp } = await load('server/app.ts');
const { createLogger } = await load('server/lib/logger.ts');
const { sha256 } = await load('server/lib/crypto.ts');
const { createProviders } = await load('server/providers/providers.ts');
const { recomputeFigures } = await load('server/features/customers/customers.service.ts');
const { maintainSegmentTables } = await load('server/features/segments/segments.jobs.ts');
const { sql } = await import('kysely');

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);

// ─── data ───────────────────────────────────────────────────────────────────────────────────────
const FIRST = ['Maya', 'Tom', 'Ana', 'Ravi', 'Lee', 'Sam', 'Jo', 'Cleo', 'Tia', 'Mel', 'Omar', 'Ines', 'Kai', 'Lena', 'Noah', 'Zoe'];
const LAST = ['Okafor', 'Reyes', 'Silva', 'Nair', 'Chen', 'Park', 'Vance', 'Moss', 'Gray', 'Haddad', 'Costa', 'Berg', 'Ito', 'Novak'];
const AREA_CODES = ['212', '347', '646', '718', '917', '929', '201', '551', '914', '516', '631', '203'];
function customerCsv(count) {
  const lines = ['First Name,Last Name,Email Address,Phone Number,Birthday,Email Subscription Status,Creation Date'];
  for (let i = 0; i < count; i += 1) {
    // A café's guests live nearby: a metro area's codes, exchanges all over, every number different
    // (7919 is coprime with 8,000,000, so the local numbers never repeat).
    const area = AREA_CODES[i % AREA_CODES.length];
    const local = String(2_000_000 + ((i * 7919 + 1_234_567) % 8_000_000));
    const phone = i % 3 === 0 ? '' : `(${area}) ${local.slice(0, 3)}-${local.slice(3)}`;
    // A birthday for one guest in four, spread over every day of the year; guests who joined over the last 900 days.
    const birthday = i % 4 === 0 ? new Date(Date.UTC(2000, 0, 1) + ((i / 4) % 365) * 86_400_000).toISOString().slice(5, 10).replace('-', '/') : '';
    const consent = ['subscribed', 'unsubscribed', ''][i % 3];
    const created = new Date(Date.now() - (i % 900) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`${FIRST[i % FIRST.length]},${LAST[(i * 5) % LAST.length]},guest${i}@bench.test,${phone},${birthday},${consent},${created}`);
  }
  return lines.join('\n');
}

async function openBenchDatabase(kind, dataDir) {
  // PGlite on disk under DATA_DIR, as the app runs it by default.
  if (kind === 'pglite') return openDatabase({ dataDir });
  return openThrowawayPostgres(process.env.TEST_DATABASE_URL, 'mise_bench');
}

const ms = (start) => Math.round(performance.now() - start);

async function bench(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-bench-'));
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MAX_BODY_BYTES: String(64 * 1024 * 1024) });
  const database = await openBenchDatabase(kind, dataDir);
  await migrateToLatest(database.db);
  const db = database.db;
  const logger = createLogger('silent');
  const mailer = { kind: 'outbox', send: async () => ({ messageId: 'bench' }), close() {} };
  const app = createApp({ ...createProviders(env, logger), mailer, env, db, logger, now: () => new Date() });
  const user = await db.insertInto('users').values({ name: 'Bench Owner', email: `bench-${kind}@bench.test`, verified_at: new Date() }).returning('id').executeTakeFirstOrThrow();
  const token = randomBytes(24).toString('base64url');
  await db.insertInto('sessions').values({ user_id: user.id, token_hash: sha256(token), expires_at: new Date(Date.now() + 86_400_000) }).execute();
  // 100,000 customers need the Premium plan's contacts (enforced on import like for any owner).
  const now = new Date();
  await db
    .insertInto('subscriptions')
    .values({ user_id: user.id, plan_id: 'premium', status: 'active', provider: 'builtin', current_period_start: now, current_period_end: new Date(now.getTime() + 30 * 86_400_000), created_at: now, updated_at: now })
    .execute();
  const figures = { database: kind };

  // ─── [D1] CSV import through the HTTP endpoint (multipart, streamed) ──────────────────────────
  const csv = customerCsv(CUSTOMERS);
  const upload = async () => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
    const start = performance.now();
    const res = await app.request('/api/v1/customers/auto/customer-by-csv', { method: 'POST', headers: { Authorization: `Bearer ${token}`, Origin: 'http://localhost' }, body: form });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`import failed: ${res.status} ${JSON.stringify(body)}`);
    return { elapsed: ms(start), data: body.data };
  };
  const first = await upload();
  // Every generated row is a different person: anything else means rows were merged that should not be.
  if (first.data.imported !== CUSTOMERS) throw new Error(`expected ${CUSTOMERS} new customers, got ${first.data.imported}`);
  figures['csv import: rows'] = first.data.total_rows;
  figures['csv import: new, ms'] = first.elapsed;
  figures['csv import: new, rows/s'] = Math.round(first.data.total_rows / (first.elapsed / 1000));
  const again = await upload();
  figures['csv re-import (all updates), rows/s'] = Math.round(again.data.total_rows / (again.elapsed / 1000));
  if (again.data.imported !== 0) throw new Error('re-import created duplicates');

  // ─── [D1] 1M orders over 18 months, spread unevenly (regulars visit often), then figures in SQL ───
  let start = performance.now();
  await sql`
    INSERT INTO orders (user_id, customer_id, occurred_at, total_cents, source)
    SELECT ${user.id}::uuid, c.id, now() - (random() * 540) * interval '1 day', 350 + floor(random() * 4000)::int, 'csv'
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM customers WHERE user_id = ${user.id}) c
    JOIN LATERAL generate_series(1, greatest(1, (${(2 * ORDERS) / CUSTOMERS}::float * (c.n % 10) / 9)::int)) g ON true`.execute(db);
  const orderCount = await sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${user.id}`.execute(db);
  figures['orders generated'] = orderCount.rows[0].n;
  figures['orders insert, ms'] = ms(start);
  start = performance.now();
  await recomputeFigures(db, user.id);
  figures['recompute figures (SQL), ms'] = ms(start);
  // What the app runs after every import (a queued job): VACUUM (ANALYZE) of customers, orders and rollups.
  start = performance.now();
  await maintainSegmentTables({ db });
  figures['segment table maintenance, ms'] = ms(start);

  // ─── [D2] segments: count and first page timings go here (segment definitions over these rows) ───
  // Each query is turned into a saved segment by the builtin AI provider through the API, then timed:
  // the count alone (SQL), and GET /segments/{id}/customers?page=1 (first page of 20 + count, over HTTP).
  const { countSegment } = await load('server/features/segments/segments.service.ts');
  const SEGMENT_QUERIES = [
    "regulars who haven't been in for a month",
    'spent over $200 this year',
    '3 or more visits in the last 30 days',
    'birthdays next week',
    'vip',
    'people with email consent who visited 3+ times',
    'new customers this month',
    'all customers',
  ];
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const timed = async (fn, runs = 5) => {
    await fn(); // warm the cache and the plan once
    const times = [];
    for (let i = 0; i < runs; i += 1) {
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
    return Math.round(median(times) * 10) / 10;
  };
  for (const query of SEGMENT_QUERIES) {
    const created = await app.request('/api/v1/segments/generate', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ user_query: query }),
    });
    if (created.status !== 201) throw new Error(`segment "${query}" failed: ${created.status} ${await created.text()}`);
    const { id } = await created.json();
    const { definition } = await db.selectFrom('segments').select('definition').where('id', '=', id).executeTakeFirstOrThrow();
    let count = 0;
    const countMs = await timed(async () => {
      count = await countSegment(db, user.id, definition, new Date());
    });
    const pageMs = await timed(async () => {
      const res = await app.request(`/api/v1/segments/${id}/customers?page=1`, { headers: { Authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`customers page failed: ${res.status}`);
      await res.json();
    });
    figures[`segment "${query}": customers`] = count;
    figures[`  count, ms (median of 5)`.padEnd(20) + ` [${query.slice(0, 18)}]`] = countMs;
    figures[`  first page + count over HTTP, ms`.padEnd(20) + ` [${query.slice(0, 18)}]`] = pageMs;
  }

  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return figures;
}

const results = [await bench('pglite')];
if (process.env.TEST_DATABASE_URL) results.push(await bench('postgres'));
else console.log('TEST_DATABASE_URL not set: PostgreSQL skipped');
for (const figures of results) {
  console.log(`\n${figures.database}`);
  for (const [name, value] of Object.entries(figures)) if (name !== 'database') console.log(`  ${name.padEnd(40)} ${value.toLocaleString('en-US')}`);
}
