// `npm run bench:sequences`: one sequence tick over a 100,000-customer segment with 1,000,000 orders: deciding who
// is due for step 1 (everyone not yet sent it) and for step 2 (those who got step 1 at least 2 days ago and not step
// 2 yet), with half the segment already through step 1. Side by side in the same run with the same question
// written by hand in plain SQL; prints both, the ratio and the goal (< 1 s). On PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set. BENCH_CUSTOMERS changes the size.
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
const { dueForStep } = await load('server/features/sending/step-audience.ts');

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ORDERS_EACH = 10;
const DAY = 86_400_000;

async function best(runs, work) {
  let fastest = Infinity;
  let result;
  for (let n = 0; n < runs; n++) {
    const started = performance.now();
    result = await work();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return { ms: fastest, result };
}

/** The same question, by hand: the segment's reachable customers, less the do-not-contact list, less those who had the step, with the previous step. */
const byHand = (db, userId, stepKey, afterKey, receivedBy, retryBefore) => sql`
  SELECT count(*)::int AS n FROM customers c
  WHERE c.user_id = ${userId} AND c.deleted_at IS NULL AND c.email IS NOT NULL AND c.email_consent
    AND (c.email_consent_withdrawn_at IS NULL OR (c.email_consent_at IS NOT NULL AND c.email_consent_withdrawn_at < c.email_consent_at))
    AND NOT EXISTS (SELECT 1 FROM suppressions s WHERE s.user_id = ${userId} AND s.channel = 'email' AND s.address = c.email)
    AND NOT EXISTS (SELECT 1 FROM sends hs JOIN send_recipients hr ON hr.send_id = hs.id WHERE hs.user_id = ${userId} AND hs.step_key = ${stepKey}
      AND hr.customer_id = c.id AND hr.status <> 'canceled' AND NOT (hr.status = 'skipped' AND hs.created_at < ${retryBefore}))
    ${afterKey ? sql`AND EXISTS (SELECT 1 FROM sends ps JOIN send_recipients pr ON pr.send_id = ps.id WHERE ps.user_id = ${userId} AND ps.step_key = ${afterKey}
      AND pr.customer_id = c.id AND pr.status IN ('sent', 'delivered') AND pr.sent_at <= ${receivedBy})` : sql``}`.execute(db).then((r) => r.rows[0].n);

async function run(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-bench-seq-'));
  const database = kind === 'pglite' ? await openDatabase({ dataDir }) : await openThrowawayPostgres(process.env.TEST_DATABASE_URL, 'mise_bench_seq');
  await migrateToLatest(database.db);
  const db = database.db;
  const now = new Date();
  const user = await db.insertInto('users').values({ name: 'Bench', email: `bench-${kind}@bench.test`, verified_at: now }).returning('id').executeTakeFirstOrThrow();
  const started = performance.now();
  await sql`INSERT INTO customers (user_id, given_name, email, email_consent, email_consent_at, source, customer_since, created_at, updated_at)
    SELECT ${user.id}, 'Guest' || n, 'guest' || n || '@example.com', n % 10 <> 0, now(), 'manual', now(), now(), now() FROM generate_series(0, ${CUSTOMERS - 1}) n`.execute(db);
  await sql`INSERT INTO orders (user_id, customer_id, occurred_at, total_cents, source)
    SELECT ${user.id}::uuid, c.id, now() - (random() * 540) * interval '1 day', 350 + floor(random() * 4000)::int, 'csv'
    FROM customers c JOIN LATERAL generate_series(1, ${ORDERS_EACH}) g ON true WHERE c.user_id = ${user.id}`.execute(db);
  const segment = await db.insertInto('segments').values({ user_id: user.id, title: 'Everyone', definition: JSON.stringify({ type: 'group', op: 'and', conditions: [] }) }).returning('id').executeTakeFirstOrThrow();
  const step1 = crypto.randomUUID();
  const step2 = crypto.randomUUID();
  // Half the segment got step 1 three days ago, spread over 50 sends (one per tick with someone due).
  const sentAt = new Date(now.getTime() - 3 * DAY);
  const sendIds = [];
  for (let tick = 0; tick < 50; tick++) {
    const send = await db
      .insertInto('sends')
      .values({ user_id: user.id, channel: 'email', source_kind: 'sequence_item', source_id: crypto.randomUUID(), segment_id: segment.id, title: 'Step 1', status: 'sent', scheduled_at: sentAt, started_at: sentAt, base_url: 'http://mise.test', step_key: step1, created_at: sentAt, updated_at: sentAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    sendIds.push(send.id);
  }
  await sql`INSERT INTO send_recipients (send_id, customer_id, to_address, status, sent_at)
    SELECT (${sendIds}::uuid[])[1 + (c.n % 50)], c.id, c.email, 'sent', ${sentAt}
    FROM (SELECT id, email, row_number() OVER (ORDER BY id) AS n FROM customers WHERE user_id = ${user.id} AND email_consent) c
    WHERE c.n <= ${Math.floor(CUSTOMERS / 2)}`.execute(db);
  const seedSeconds = (performance.now() - started) / 1000;
  await sql`ANALYZE`.execute(db);

  const rule1 = { key: step1, afterKey: null, waitDays: 0 };
  const rule2 = { key: step2, afterKey: step1, waitDays: 2 };
  const input = (rule) => ({ userId: user.id, segmentId: segment.id, channel: 'email', rule, now });
  const receivedBy = new Date(now.getTime() - 2 * DAY);
  const retryBefore = new Date(now.getTime() - DAY);
  const rows = [];
  for (const [label, rule] of [
    ['step 1 (not yet sent it)', rule1],
    ['step 2 (got step 1 2+ days ago)', rule2],
  ]) {
    const hand = await best(5, () => byHand(db, user.id, rule.key, rule.afterKey, receivedBy, retryBefore));
    const mise = await best(5, () => dueForStep(db, input(rule)));
    if (hand.result !== mise.result) throw new Error(`${label}: Mise says ${mise.result} due, the hand-written query ${hand.result}`);
    rows.push({ label, due: mise.result, mise: mise.ms, hand: hand.ms });
  }
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { rows, seedSeconds };
}

console.log(`bench:sequences — ${CUSTOMERS.toLocaleString('en-US')} customers, ${(CUSTOMERS * ORDERS_EACH).toLocaleString('en-US')} orders, half already through step 1, Node ${process.version}`);
const kinds = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
for (const kind of kinds) {
  const { rows, seedSeconds } = await run(kind);
  for (const row of rows) {
    console.log(
      `${kind.padEnd(9)} ${row.label.padEnd(32)} due ${String(row.due).padStart(6)} | Mise ${row.mise.toFixed(0)} ms | by hand ${row.hand.toFixed(0)} ms | ratio ${(row.mise / row.hand).toFixed(2)} | goal < 1000 ms: ${row.mise < 1000 ? 'met' : 'MISSED'} (seeded in ${seedSeconds.toFixed(0)} s)`,
    );
  }
}
