import { sql, type Kysely } from 'kysely';

/**
 * Birthday, first visit and last visit are empty for most rows of a CSV import (and for every customer until a
 * first order), and every segment condition on them compares values, which implies NOT NULL: so their indexes
 * leave the empty rows out. Imports then maintain three fewer index entries per customer, and the planner still
 * uses these indexes for every condition it used them for. (No sort reads them: the customer list sorts by
 * "last visit, newest first, never-visited last", which this ascending index could not serve either way.)
 */
const PARTIAL: Array<[name: string, columns: string, column: string]> = [
  ['customers_birthday_idx', 'user_id, birthday_month, birthday_day', 'birthday_month'],
  ['customers_first_visit_idx', 'user_id, first_visit_at', 'first_visit_at'],
  ['customers_last_visit_idx', 'user_id, last_visit_at', 'last_visit_at'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns, column] of PARTIAL) {
    await sql`DROP INDEX ${sql.ref(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.ref(name)} ON customers (${sql.raw(columns)}) WHERE ${sql.ref(column)} IS NOT NULL`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of PARTIAL) {
    await sql`DROP INDEX ${sql.ref(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.ref(name)} ON customers (${sql.raw(columns)})`.execute(db);
  }
}
