import { sql, type Kysely } from 'kysely';

/**
 * Issue 16 (Ask answers fast): every owner's sales and visits per UTC quarter-hour, kept exact by statement
 * triggers on `orders`, so "sales by month over 12 months" or "this year vs last year" read a few thousand rows
 * instead of a year of orders (at 1M orders, 670 ms → a few ms on PostgreSQL).
 *
 * Why quarter-hours and not local days: the questions bucket by the restaurant's local days, weeks, months and
 * hours, in whatever zone the question runs in. Every zone in use has an offset from UTC that is a whole number
 * of quarter-hours (India +5:30, Nepal +5:45, Chatham +12:45; daylight saving moves by 30 or 60 minutes), so
 * each local day, week, month or hour is a whole number of UTC quarter-hours, and the figures read from here
 * are the orders' own, in any zone, without the table knowing the restaurant's zone (nor being rebuilt when it
 * changes). A span that starts or ends inside a quarter-hour ("so far", up to now) reads its ragged ends from
 * `orders` (see analytics-orders.ts). Every order counts, walk-ins (no customer) included, as in the raw sums.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE order_sales_slots (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      slot_start timestamptz NOT NULL,
      sales_cents bigint NOT NULL,
      visits integer NOT NULL,
      PRIMARY KEY (user_id, slot_start) INCLUDE (sales_cents, visits)
    )`.execute(db);

  const slot = (column: string) => `date_bin('15 minutes', ${column}, timestamptz '2000-01-01 00:00:00+00')`;
  // Deltas grouped per (owner, quarter-hour) and written in key order, so each row is touched once per statement
  // and two statements lock rows in the same order. Joined to users: orders removed because their owner is being
  // deleted change nothing (the owner's rows go with them).
  const applyChanges = (changes: string) => `
      INSERT INTO order_sales_slots AS s (user_id, slot_start, sales_cents, visits)
      SELECT d.user_id, d.slot_start, d.sales, d.visits
      FROM (
        SELECT ch.user_id, ${slot('ch.occurred_at')} AS slot_start, sum(ch.sign * ch.total_cents::bigint) AS sales, sum(ch.sign)::int AS visits
        FROM (${changes}) ch GROUP BY 1, 2
      ) d JOIN users u ON u.id = d.user_id
      WHERE d.sales <> 0 OR d.visits <> 0
      ORDER BY d.user_id, d.slot_start
      ON CONFLICT (user_id, slot_start)
      DO UPDATE SET sales_cents = s.sales_cents + excluded.sales_cents, visits = s.visits + excluded.visits;`;
  const removeEmpty = `
      DELETE FROM order_sales_slots s USING (SELECT DISTINCT user_id, ${slot('occurred_at')} AS slot_start FROM old_rows) o
      WHERE s.user_id = o.user_id AND s.slot_start = o.slot_start AND s.visits <= 0;`;
  const inserted = 'SELECT user_id, occurred_at, total_cents, 1 AS sign FROM new_rows';
  const removed = 'SELECT user_id, occurred_at, total_cents, -1 AS sign FROM old_rows';
  // One branch per operation, each naming only the transition tables its trigger has (see migration 0016).
  await sql`
    CREATE FUNCTION order_sales_slots_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${sql.raw(applyChanges(inserted))}
      ELSIF TG_OP = 'DELETE' THEN
        ${sql.raw(applyChanges(removed))}
        ${sql.raw(removeEmpty)}
      ELSE
        ${sql.raw(applyChanges(`${inserted} UNION ALL ${removed}`))}
        ${sql.raw(removeEmpty)}
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER order_sales_slots_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_sales_slots_apply()`.execute(db);
  await sql`CREATE TRIGGER order_sales_slots_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_sales_slots_apply()`.execute(db);
  await sql`CREATE TRIGGER order_sales_slots_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_sales_slots_apply()`.execute(db);
  await sql`
    CREATE FUNCTION order_sales_slots_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM order_sales_slots;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER order_sales_slots_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION order_sales_slots_truncate()`.execute(db);

  // Orders already stored.
  await sql`
    INSERT INTO order_sales_slots (user_id, slot_start, sales_cents, visits)
    SELECT o.user_id, ${sql.raw(slot('o.occurred_at'))}, sum(o.total_cents::bigint), count(*)
    FROM orders o GROUP BY 1, 2`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['order_sales_slots_insert', 'order_sales_slots_update', 'order_sales_slots_delete', 'order_sales_slots_truncate']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.ref(trigger)} ON orders`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS order_sales_slots_apply()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS order_sales_slots_truncate()`.execute(db);
  await sql`DROP TABLE IF EXISTS order_sales_slots`.execute(db);
}
