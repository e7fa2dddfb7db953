import { openDatabase, type DbHandle } from '../../server/db/client.ts';
import type { Db } from '../../server/db/client.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { openThrowawayPostgres } from '../helpers/throwaway-database.ts';
import { seedCustomer } from './segments-fixtures.ts';

/**
 * A small café's data with answers worked out by hand (see analytics.test.ts). The clock is Sunday
 * 15 June 2025, noon UTC. All times below are UTC.
 *
 * Owner "cafe":
 *   Alice Adams  born 17 Jun 1990 (34)   orders 13 May 11:00 $40 · 3 Jun 10:00 $20 · 10 Jun 10:30 $30 · 14 Jun 12:15 $50
 *   Bob Brown    birthday 15 Jun, no year orders 15 May 10:00 $15 · 2 Jun 09:00 $10 · 14 Jun 12:45 $25
 *   Cara Cruz    born 1 Jul 2001 (23)     order 11 Jun 19:10 $45 (a new guest this month)
 *   Dan Diaz     born 20 Jan 1960 (65)    6 orders of $12, Mondays 6 Jan to 10 Feb 2025 at noon (a lapsed regular)
 *   Eve Evans    no birthday              5 orders of $8, Mondays 4 Mar to 1 Apr 2024 at noon (lapsed over a year)
 *   Fay Fox      born 1 Dec 1995 (29)     never ordered
 *   Ghost        deleted                  order 1 Dec 2024 $100 (a sale, but never listed)
 *   walk-ins (no customer)                1 May 02:00 $7 (30 Apr 22:00 in New York) · 3 Jun 13:00 $5
 *   segments: "Regulars" (5+ visits), "Big spenders" (spent $50+)
 *   campaigns: email "Fish taco Friday" started 1 Jun 10:00 to Alice, Bob, Cara, Dan kept back (holdout)
 *              text "Half-price fries" (campaign sms:fries) started 10 May 17:00: Alice, Bob delivered, Dan failed
 *              email "Winter soup" started 5 Jan 10:00 to Dan · email "Summer menu" scheduled for 20 Jun 15:00
 * Owner "rival": bigger figures everywhere on the same days, a birthday today, a lapsed regular, a segment, a campaign.
 * Owner "empty": nothing at all. Owner "solo": one customer, one order (10 Jun 10:00, $12.50).
 */

export const NOW = new Date('2025-06-15T12:00:00Z');
const at = (iso: string) => new Date(`${iso}Z`);
const mondays = (first: string, n: number, cents: number): Array<[Date, number]> =>
  Array.from({ length: n }, (_, i) => [new Date(at(first).getTime() + i * 7 * 86_400_000), cents]);

export type Owners = { cafe: string; rival: string; empty: string; solo: string };

export async function openTestDatabase(): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  const handle = process.env.MISE_TEST_DB === 'postgres' && url ? await openThrowawayPostgres(url, 'mise_analytics') : await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  return handle;
}

async function owner(db: Db, name: string): Promise<string> {
  const row = await db.insertInto('users').values({ name, email: `${name.toLowerCase()}@analytics.test`, verified_at: NOW }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const walkIn = (db: Db, userId: string, iso: string, cents: number) =>
  db.insertInto('orders').values({ user_id: userId, customer_id: null, occurred_at: at(iso), total_cents: cents, source: 'square' }).execute();

/** A campaign send as the sending engine leaves it: started (or only scheduled), one ledger row per customer. */
export async function seedSend(
  db: Db,
  userId: string,
  send: { channel: 'email' | 'sms'; title: string; started?: string; scheduled?: string; campaignKey?: string },
  rows: Array<[string, 'sent' | 'delivered' | 'failed' | 'holdout']>,
) {
  const started = send.started ? at(send.started) : null;
  const row = await db
    .insertInto('sends')
    .values({
      user_id: userId,
      channel: send.channel,
      source_kind: send.channel === 'email' ? 'email_draft' : 'sms_campaign',
      source_id: crypto.randomUUID(),
      campaign_key: send.campaignKey ?? null,
      segment_id: null,
      title: send.title,
      status: started ? 'sent' : 'scheduled',
      scheduled_at: started ?? at(send.scheduled!),
      started_at: started,
      completed_at: started,
      base_url: 'http://mise.test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [customerId, status] of rows) {
    await db
      .insertInto('send_recipients')
      .values({ send_id: row.id, customer_id: customerId, to_address: `${customerId}@example.com`, status, sent_at: status === 'holdout' ? null : started })
      .execute();
  }
}

export async function seedOwners(db: Db): Promise<Owners> {
  const cafe = await owner(db, 'Cafe');
  const rival = await owner(db, 'Rival');
  const empty = await owner(db, 'Empty');
  const solo = await owner(db, 'Solo');

  const c = (given: string, family: string, rest: Parameters<typeof seedCustomer>[2]) => seedCustomer(db, cafe, { given_name: given, family_name: family, ...rest });
  const alice = await c('Alice', 'Adams', {
    birthday: [6, 17, 1990],
    orders: [[at('2025-05-13T11:00:00'), 4000], [at('2025-06-03T10:00:00'), 2000], [at('2025-06-10T10:30:00'), 3000], [at('2025-06-14T12:15:00'), 5000]],
  });
  const bob = await c('Bob', 'Brown', { birthday: [6, 15], orders: [[at('2025-05-15T10:00:00'), 1500], [at('2025-06-02T09:00:00'), 1000], [at('2025-06-14T12:45:00'), 2500]] });
  const cara = await c('Cara', 'Cruz', { birthday: [7, 1, 2001], orders: [[at('2025-06-11T19:10:00'), 4500]] });
  const dan = await c('Dan', 'Diaz', { birthday: [1, 20, 1960], orders: mondays('2025-01-06T12:00:00', 6, 1200) });
  await c('Eve', 'Evans', { orders: mondays('2024-03-04T12:00:00', 5, 800) });
  await c('Fay', 'Fox', { birthday: [12, 1, 1995], customer_since: at('2025-02-01T00:00:00') });
  await c('Ghost', 'Gone', { orders: [[at('2024-12-01T12:00:00'), 10000]], deleted: true });
  await walkIn(db, cafe, '2025-05-01T02:00:00', 700);
  await walkIn(db, cafe, '2025-06-03T13:00:00', 500);
  await db
    .insertInto('segments')
    .values([
      { user_id: cafe, title: 'Regulars', definition: JSON.stringify({ type: 'group', op: 'and', conditions: [{ type: 'visits', op: 'gte', value: 5 }] }), created_at: at('2025-06-01T00:00:00') },
      { user_id: cafe, title: 'Big spenders', definition: JSON.stringify({ type: 'group', op: 'and', conditions: [{ type: 'total_spent', op: 'gte', value: 5000 }] }), created_at: at('2025-06-02T00:00:00') },
    ])
    .execute();

  await seedSend(db, cafe, { channel: 'email', title: 'Fish taco Friday', started: '2025-06-01T10:00:00' }, [[alice, 'sent'], [bob, 'sent'], [cara, 'sent'], [dan, 'holdout']]);
  await seedSend(db, cafe, { channel: 'sms', title: 'Half-price fries', started: '2025-05-10T17:00:00', campaignKey: 'sms:fries' }, [[alice, 'delivered'], [bob, 'delivered'], [dan, 'failed']]);
  await seedSend(db, cafe, { channel: 'email', title: 'Winter soup', started: '2025-01-05T10:00:00' }, [[dan, 'sent']]);
  await seedSend(db, cafe, { channel: 'email', title: 'Summer menu', scheduled: '2025-06-20T15:00:00' }, []);

  // The rival's figures are far bigger, so any leak would change every total above.
  const r = (given: string, rest: Parameters<typeof seedCustomer>[2]) => seedCustomer(db, rival, { given_name: given, family_name: 'Stranger', ...rest });
  const rex = await r('Rex', { birthday: [6, 15, 1985], orders: Array.from({ length: 30 }, (_, i): [Date, number] => [new Date(at('2025-05-20T12:00:00').getTime() + i * 86_400_000), 90_000]) });
  await r('Rita', { birthday: [6, 16, 1970], orders: mondays('2024-09-02T12:00:00', 12, 50_000) });
  await walkIn(db, rival, '2025-06-14T12:00:00', 99_900);
  await db.insertInto('segments').values({ user_id: rival, title: 'Rival VIPs', definition: JSON.stringify({ type: 'group', op: 'and', conditions: [] }) }).execute();
  await seedSend(db, rival, { channel: 'email', title: 'Rival taco blast', started: '2025-06-01T10:00:00' }, [[rex, 'sent']]);

  await seedCustomer(db, solo, { given_name: 'Solo', family_name: 'Sam', birthday: [6, 20, 1980], orders: [[at('2025-06-10T10:00:00'), 1250]] });
  return { cafe, rival, empty, solo };
}
