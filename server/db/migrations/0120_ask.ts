import { sql, type Kysely } from 'kysely';

/**
 * Ask (spec §3 Conversation and Graph record): text-mode conversations with their messages, and graph-mode
 * records. Each answer keeps what was asked (the named question and its parameters), so a follow-up ("and
 * last month?") starts from it, and the chart as it was drawn then (the figures do not move under an old answer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ask_conversations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX ask_conversations_user_idx ON ask_conversations (user_id, updated_at DESC)`.execute(db);

  await db.schema
    .createTable('ask_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('conversation_id', 'uuid', (c) => c.notNull().references('ask_conversations.id').onDelete('cascade'))
    // What the owner asked and the answer in words (spec §3 messages: text, response, timestamp).
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    // The rest of the answer: the question and parameters run, graph_json, takeaway, offer, suggestions.
    .addColumn('answer', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX ask_messages_conversation_idx ON ask_messages (conversation_id, created_at)`.execute(db);

  await db.schema
    .createTable('ask_graphs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('prompt', 'text', (c) => c.notNull())
    // The graph a follow-up was asked from ("as a pie chart" on the chart before it).
    .addColumn('follows_id', 'uuid', (c) => c.references('ask_graphs.id').onDelete('set null'))
    .addColumn('graph_json', 'jsonb', (c) => c.notNull())
    .addColumn('answer', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX ask_graphs_user_idx ON ask_graphs (user_id, created_at DESC)`.execute(db);
}
