import { sql, type Kysely } from 'kysely';

/**
 * Issue 15 (holdout per campaign): `sends.campaign_key` names the campaign a send belongs to, so that every send
 * of one campaign keeps the same guests back (the engine hashes the key with the customer) and the analytics
 * compare each campaign's reached guests with its own holdout.
 * - email: null, read as `send:<send id>` (each send of a draft is its own campaign, with its own report);
 * - text: `sms:<sms campaign id>` (a text sent again holds back the same guests);
 * - sequence: `sequence:<sequence id>` (every step, every tick: the guests kept back get none of it).
 * Existing sends are given their key here; null (an email send) means the send is its own campaign (`send:<id>`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sends ADD COLUMN campaign_key text`.execute(db);
  await sql`UPDATE sends SET campaign_key = 'sms:' || source_id WHERE source_kind = 'sms_campaign'`.execute(db);
  await sql`UPDATE sends s SET campaign_key = 'sequence:' || i.sequence_id::text FROM sequence_items i WHERE s.source_kind = 'sequence_item' AND s.step_key = i.id::text`.execute(db);
  await sql`CREATE INDEX sends_campaign_key_idx ON sends (user_id, campaign_key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS sends_campaign_key_idx`.execute(db);
  await sql`ALTER TABLE sends DROP COLUMN IF EXISTS campaign_key`.execute(db);
}
