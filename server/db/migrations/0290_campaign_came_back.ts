import { sql, type Kysely } from 'kysely';

/**
 * Issue 16 (Ask, campaign results fast): what each campaign brought back over its whole life (the guests it reached,
 * those who came back within 14 days and what they spent, and the same for the guests it kept back), kept per
 * campaign once computed, so that Ask and the campaign reports read a row instead of every recipient's orders.
 *
 * A row is the figures as of the campaign's sends named by its fingerprint (how many sends, the first and last
 * start): a new send of the campaign makes the fingerprint differ and the row is computed again. Anything else
 * that changes the figures removes the row, in the same transaction as the change:
 * - an order written, changed or removed (its guest or its moment) inside the row's span, from the first send's
 *   start to 14 days after the last one (orders outside it cannot count);
 * - a ledger row entering or leaving "reached" (sent, delivered) or "kept back" (holdout), or changing guest.
 * Both triggers take a shared advisory lock per owner (`came-back:<user id>`); filling a row takes it exclusively
 * (without waiting: when a write is in flight the figures are computed but not kept), so a write can never slip
 * between the figures being read and the row being written. Figures are exact, never an estimate.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE campaign_came_back (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      campaign_key text NOT NULL,
      sends integer NOT NULL,
      first_started_at timestamptz NOT NULL,
      last_started_at timestamptz NOT NULL,
      window_from timestamptz NOT NULL,
      window_to timestamptz NOT NULL,
      reached integer NOT NULL,
      reached_guests integer NOT NULL,
      reached_cents bigint NOT NULL,
      held integer NOT NULL,
      held_guests integer NOT NULL,
      held_cents bigint NOT NULL,
      computed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, campaign_key)
    )`.execute(db);
  await sql`CREATE INDEX campaign_came_back_window_idx ON campaign_came_back (user_id, window_from, window_to)`.execute(db);

  await createCameBackFunctions(db, FORGET);
  await statementTriggers(db, 'orders', 'orders');
  await statementTriggers(db, 'send_recipients', 'ledger');

  // TRUNCATE (tests, a reset) leaves nothing to trust.
  await sql`
    CREATE FUNCTION campaign_came_back_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM campaign_came_back;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER campaign_came_back_orders_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION campaign_came_back_truncate()`.execute(db);
  await sql`CREATE TRIGGER campaign_came_back_ledger_truncate AFTER TRUNCATE ON send_recipients FOR EACH STATEMENT EXECUTE FUNCTION campaign_came_back_truncate()`.execute(db);
}

/** What the triggers do to the kept rows a change touches: here, remove them (migration 0314 marks them stale instead). */
const FORGET = 'DELETE FROM campaign_came_back c WHERE';

/**
 * The two trigger functions, for orders and for the ledger: for each owner a statement changed, take the shared lock
 * and apply `forget` (a statement on `campaign_came_back c` ending in `WHERE` or `WHERE … AND`) to the kept rows whose
 * figures the change touches. Migration 0314 replaces them with a version that marks the rows stale.
 */
export async function createCameBackFunctions(db: Kysely<unknown>, forget: string): Promise<void> {
  // Orders: one statement's rows, per owner, as the span of moments they touch (the old and the new moment of a change).
  const ordersChanged = (changes: string) => `
      FOR owner IN SELECT ch.user_id, min(ch.occurred_at) AS lo, max(ch.occurred_at) AS hi FROM (${changes}) ch
          WHERE ch.customer_id IS NOT NULL GROUP BY ch.user_id LOOP
        PERFORM pg_advisory_xact_lock_shared(hashtext('came-back:' || owner.user_id::text));
        ${forget} c.user_id = owner.user_id AND c.window_from <= owner.hi AND c.window_to > owner.lo;
      END LOOP;`;
  const newOrders = 'SELECT user_id, customer_id, occurred_at FROM new_rows';
  const oldOrders = 'SELECT user_id, customer_id, occurred_at FROM old_rows';
  await sql`
    CREATE OR REPLACE FUNCTION campaign_came_back_orders() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE owner record;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${sql.raw(ordersChanged(newOrders))}
      ELSIF TG_OP = 'DELETE' THEN
        ${sql.raw(ordersChanged(oldOrders))}
      ELSE
        ${sql.raw(ordersChanged(`${newOrders} UNION ALL ${oldOrders}`))}
      END IF;
      RETURN NULL;
    END $$`.execute(db);

  // The ledger: only rows whose part in the figures changed (reached, kept back, or neither; or their guest). An open
  // or a click, or sent → delivered, changes nothing and costs one comparison of the statement's rows.
  const part = (alias: string) => `CASE WHEN ${alias}.status IN ('sent', 'delivered') THEN 1 WHEN ${alias}.status = 'holdout' THEN 2 ELSE 0 END`;
  const ledgerChanged = (changes: string) => `
      FOR owner IN SELECT s.user_id, array_agg(DISTINCT coalesce(s.campaign_key, 'send:' || s.id::text)) AS keys
          FROM sends s WHERE s.id IN (SELECT ch.send_id FROM (${changes}) ch) GROUP BY s.user_id LOOP
        PERFORM pg_advisory_xact_lock_shared(hashtext('came-back:' || owner.user_id::text));
        ${forget} c.user_id = owner.user_id AND c.campaign_key = ANY (owner.keys);
      END LOOP;`;
  const counted = (table: string) => `SELECT send_id FROM ${table} r WHERE ${part('r')} > 0`;
  const moved = `
    SELECT send_id FROM (
      (SELECT send_id, customer_id, ${part('n')} AS part FROM new_rows n EXCEPT SELECT send_id, customer_id, ${part('o')} FROM old_rows o)
      UNION ALL
      (SELECT send_id, customer_id, ${part('o')} FROM old_rows o EXCEPT SELECT send_id, customer_id, ${part('n')} FROM new_rows n)
    ) d`;
  await sql`
    CREATE OR REPLACE FUNCTION campaign_came_back_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE owner record;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${sql.raw(ledgerChanged(counted('new_rows')))}
      ELSIF TG_OP = 'DELETE' THEN
        ${sql.raw(ledgerChanged(counted('old_rows')))}
      ELSE
        ${sql.raw(ledgerChanged(moved))}
      END IF;
      RETURN NULL;
    END $$`.execute(db);
}

/** AFTER INSERT, UPDATE and DELETE statement triggers on `table` calling `campaign_came_back_<name>()` with the
 * statement's rows as `new_rows` / `old_rows`. */
async function statementTriggers(db: Kysely<unknown>, table: 'orders' | 'send_recipients', name: 'orders' | 'ledger') {
  const rows = { INSERT: 'NEW TABLE AS new_rows', UPDATE: 'OLD TABLE AS old_rows NEW TABLE AS new_rows', DELETE: 'OLD TABLE AS old_rows' };
  for (const [op, referencing] of Object.entries(rows)) {
    await sql
      .raw(`CREATE TRIGGER campaign_came_back_${name}_${op.toLowerCase()} AFTER ${op} ON ${table} REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION campaign_came_back_${name}()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['campaign_came_back_orders_insert', 'campaign_came_back_orders_update', 'campaign_came_back_orders_delete', 'campaign_came_back_orders_truncate']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.ref(trigger)} ON orders`.execute(db);
  }
  for (const trigger of ['campaign_came_back_ledger_insert', 'campaign_came_back_ledger_update', 'campaign_came_back_ledger_delete', 'campaign_came_back_ledger_truncate']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.ref(trigger)} ON send_recipients`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS campaign_came_back_orders()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS campaign_came_back_ledger()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS campaign_came_back_truncate()`.execute(db);
  await sql`DROP TABLE IF EXISTS campaign_came_back`.execute(db);
}
