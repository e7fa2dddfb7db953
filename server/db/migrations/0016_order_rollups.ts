import { sql, type Kysely } from 'kysely';

/**
 * Per-customer spend and visits per calendar month and year (UTC), kept exact by statement-level triggers on
 * `orders`, so "spent over $200 this year" reads one row per customer instead of every order of the year
 * (issue 5's goal: segment count and first page under 100 ms at 1M orders). Any writer of orders (CSV, POS
 * sync, demo data) keeps it current without knowing it exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE order_rollups (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      period_kind text NOT NULL CHECK (period_kind IN ('month', 'year')),
      period_start date NOT NULL,
      spent_cents bigint NOT NULL,
      visits integer NOT NULL,
      PRIMARY KEY (customer_id, period_kind, period_start)
    )`.execute(db);
  await sql`CREATE INDEX order_rollups_period_idx ON order_rollups (user_id, period_kind, period_start) INCLUDE (customer_id, spent_cents, visits)`.execute(db);

  // Orders in short windows (last 30 days, this week) are read directly: an index that answers without the heap.
  await sql`CREATE INDEX orders_user_time_cover_idx ON orders (user_id, occurred_at) INCLUDE (customer_id, total_cents)`.execute(db);

  // Deltas are grouped per (customer, period) so each rollup row is touched once per statement, and joined to
  // customers so a customer being deleted (its orders set to NULL by the foreign key) is simply skipped.
  const applyChanges = (changes: string) => `
      WITH changes AS (${changes}),
      deltas AS (
        SELECT ch.user_id, ch.customer_id, k.kind,
               date_trunc(k.kind, ch.occurred_at AT TIME ZONE 'UTC')::date AS period_start,
               sum(ch.sign * ch.total_cents::bigint) AS spent, sum(ch.sign) AS visits
        FROM changes ch CROSS JOIN (VALUES ('month'), ('year')) AS k(kind)
        WHERE ch.customer_id IS NOT NULL
        GROUP BY 1, 2, 3, 4
      )
      INSERT INTO order_rollups AS r (user_id, customer_id, period_kind, period_start, spent_cents, visits)
      SELECT d.user_id, d.customer_id, d.kind, d.period_start, d.spent, d.visits
      FROM deltas d JOIN customers c ON c.id = d.customer_id
      WHERE d.spent <> 0 OR d.visits <> 0
      ON CONFLICT (customer_id, period_kind, period_start)
      DO UPDATE SET spent_cents = r.spent_cents + excluded.spent_cents, visits = r.visits + excluded.visits;`;
  const inserted = 'SELECT user_id, customer_id, occurred_at, total_cents, 1 AS sign FROM new_rows';
  const removed = 'SELECT user_id, customer_id, occurred_at, total_cents, -1 AS sign FROM old_rows';
  // A transition table exists only for the operation that declares it, and PL/pgSQL plans a statement only when
  // it runs: so one branch per operation, each naming only the tables its trigger has.
  await sql`
    CREATE FUNCTION order_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${sql.raw(applyChanges(inserted))}
      ELSIF TG_OP = 'DELETE' THEN
        ${sql.raw(applyChanges(removed))}
        DELETE FROM order_rollups r WHERE r.visits <= 0 AND r.customer_id IN (SELECT customer_id FROM old_rows);
      ELSE
        ${sql.raw(applyChanges(`${inserted} UNION ALL ${removed}`))}
        DELETE FROM order_rollups r WHERE r.visits <= 0 AND r.customer_id IN (SELECT customer_id FROM old_rows);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER order_rollups_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_rollups_apply()`.execute(db);
  await sql`CREATE TRIGGER order_rollups_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_rollups_apply()`.execute(db);
  await sql`CREATE TRIGGER order_rollups_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_rollups_apply()`.execute(db);
  await sql`
    CREATE FUNCTION order_rollups_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM order_rollups;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER order_rollups_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION order_rollups_truncate()`.execute(db);

  // Orders already stored.
  await sql`
    INSERT INTO order_rollups (user_id, customer_id, period_kind, period_start, spent_cents, visits)
    SELECT o.user_id, o.customer_id, k.kind, date_trunc(k.kind, o.occurred_at AT TIME ZONE 'UTC')::date, sum(o.total_cents::bigint), count(*)
    FROM orders o CROSS JOIN (VALUES ('month'), ('year')) AS k(kind)
    WHERE o.customer_id IS NOT NULL
    GROUP BY 1, 2, 3, 4`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['order_rollups_insert', 'order_rollups_update', 'order_rollups_delete', 'order_rollups_truncate']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.ref(trigger)} ON orders`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS order_rollups_apply()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS order_rollups_truncate()`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_user_time_cover_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS order_rollups`.execute(db);
}
