import { sql, type Kysely } from 'kysely';

/**
 * The background job queue (server/jobs). Workers claim rows with FOR UPDATE SKIP LOCKED and hold a lease,
 * so a job runs once across several server processes and a crashed worker's job is picked up again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('backoff_seconds', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('singleton_key', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  // At most one waiting or running job per (name, singleton key); finished ones do not block a new one.
  await sql`CREATE UNIQUE INDEX jobs_singleton_key ON jobs (name, singleton_key) WHERE singleton_key IS NOT NULL AND status IN ('queued', 'active')`.execute(db);
  await sql`CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status IN ('queued', 'active')`.execute(db);
  await db.schema.createIndex('jobs_status_idx').on('jobs').columns(['status', 'completed_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
