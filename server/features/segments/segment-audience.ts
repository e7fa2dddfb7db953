import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { consentGiven, segmentCustomersQuery } from './segment-sql.ts';
import { getOwnSegment, storedDefinition } from './segments.service.ts';

export type AudienceChannel = 'email' | 'sms';
export type AudienceMember = { customerId: string; name: string; to: string };

/**
 * Who a campaign on `channel` may reach in a segment: the segment's customers who have the matching
 * contact AND have given (and not since withdrawn) consent for that channel. Always — whatever the
 * segment's own conditions say — so a campaign can never reach someone who did not agree to it.
 * Throws 404 for a segment that is not the owner's.
 *
 * As an array, for small audiences (a preview, a test). A send snapshots its audience with
 * `segmentAudienceSelect` instead, so 100,000 recipients never pass through the server's memory.
 */
export async function segmentAudience(db: Db, userId: string, segmentId: string, channel: AudienceChannel, now: Date = new Date()): Promise<AudienceMember[]> {
  return (await segmentAudienceSelect(db, userId, segmentId, channel, now)).execute();
}

export async function segmentAudienceCount(db: Db, userId: string, segmentId: string, channel: AudienceChannel, now: Date = new Date()): Promise<number> {
  const segment = await getOwnSegment(db, userId, segmentId);
  const row = await segmentCustomersQuery(db, userId, storedDefinition(segment), now)
    .where((eb) => eb.and([eb(channel === 'email' ? 'c.email' : 'c.phone', 'is not', null), consentGiven(eb, channel)]))
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/**
 * The same audience as a query (columns customerId, name, to), to be the source of an INSERT … SELECT:
 *   db.insertInto('send_recipients').columns([...]).expression(
 *     (await segmentAudienceSelect(db, userId, segmentId, 'email', now)).select(sql.lit(sendId).as('send_id')))
 * The database copies the rows; nothing is held in memory however large the segment.
 */
export async function segmentAudienceSelect(db: Db, userId: string, segmentId: string, channel: AudienceChannel, now: Date) {
  const segment = await getOwnSegment(db, userId, segmentId);
  const contact = channel === 'email' ? 'c.email' : 'c.phone';
  return segmentCustomersQuery(db, userId, storedDefinition(segment), now)
    .where((eb) => eb.and([eb(contact, 'is not', null), consentGiven(eb, channel)]))
    .select([
      'c.id as customerId',
      sql<string>`trim(concat_ws(' ', c.given_name, c.family_name))`.as('name'),
      sql<string>`${sql.ref(contact)}`.as('to'),
    ])
    .orderBy('c.id');
}
