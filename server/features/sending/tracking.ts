import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import { withdrawConsent } from '../customers/consent.ts';
import type { SendRow } from './sending.table.ts';
import type { TrackingKeys } from './tracking-keys.ts';

type TrackingDeps = Pick<Deps, 'db' | 'now' | 'logger'>;

export type TrackedRow = { send: SendRow; customerId: string; toAddress: string };

/** The ledger row a token names (unforgeable: a tampered token finds nothing). */
export async function rowOfToken(deps: TrackingDeps, keys: TrackingKeys, token: string): Promise<TrackedRow | null> {
  const ids = keys.read(token);
  if (!ids) return null;
  const row = await deps.db
    .selectFrom('send_recipients as r')
    .innerJoin('sends as s', 's.id', 'r.send_id')
    .selectAll('s')
    .select(['r.customer_id', 'r.to_address'])
    .where('r.send_id', '=', ids.sendId)
    .where('r.customer_id', '=', ids.customerId)
    .executeTakeFirst();
  if (!row) return null;
  const { customer_id, to_address, ...send } = row;
  return { send: send as SendRow, customerId: customer_id, toAddress: to_address };
}

/**
 * Mail services that fetch every image of every message whether or not a person reads it (Apple Mail Privacy
 * Protection, Yahoo): their opens are counted apart, so unique opens stay honest. Gmail's proxy fetches when
 * the message is opened, so its opens count.
 */
export function isPrefetchOpen(userAgent: string | undefined, ip: string): boolean {
  const agent = (userAgent ?? '').trim();
  if (agent === 'Mozilla/5.0' || /YahooMailProxy|Yahoo Mail Proxy/i.test(agent)) return true;
  // Apple owns 17.0.0.0/8; MPP fetches from there.
  return /^(::ffff:)?17\./.test(ip);
}

export async function recordOpen(deps: TrackingDeps, row: TrackedRow, proxy: boolean) {
  const at = deps.now();
  await deps.db.insertInto('send_events').values({ send_id: row.send.id, customer_id: row.customerId, kind: 'open', at, proxy }).execute();
  await deps.db
    .updateTable('send_recipients')
    .set(
      proxy
        ? { proxy_opens: sql`proxy_opens + 1` }
        : { opens: sql`opens + 1`, first_opened_at: sql`coalesce(first_opened_at, ${at})` },
    )
    .where('send_id', '=', row.send.id)
    .where('customer_id', '=', row.customerId)
    .execute();
}

export async function recordClick(deps: TrackingDeps, row: TrackedRow, target: string) {
  const at = deps.now();
  await deps.db.insertInto('send_events').values({ send_id: row.send.id, customer_id: row.customerId, kind: 'click', at, detail: target.slice(0, 2000) }).execute();
  // A click is also proof the message was opened (its pictures may have been blocked): it counts as the first open.
  await deps.db
    .updateTable('send_recipients')
    .set({
      clicks: sql`clicks + 1`,
      first_clicked_at: sql`coalesce(first_clicked_at, ${at})`,
      opens: sql`opens + CASE WHEN first_opened_at IS NULL THEN 1 ELSE 0 END`,
      first_opened_at: sql`coalesce(first_opened_at, ${at})`,
    })
    .where('send_id', '=', row.send.id)
    .where('customer_id', '=', row.customerId)
    .execute();
}

/**
 * Unsubscribe (the link, one-click from the mail app, or a mailto reply): consent withdrawn with how and when
 * in the customer's history, the address on the do-not-contact list, the ledger row marked. Idempotent.
 */
export async function unsubscribe(deps: TrackingDeps, row: TrackedRow, source: string) {
  const at = deps.now();
  const channel = row.send.channel;
  await withdrawConsent(deps.db, { userId: row.send.user_id, customerId: row.customerId, channel, source, proof: `Campaign “${row.send.title}”`, at });
  await deps.db
    .insertInto('suppressions')
    .values({ user_id: row.send.user_id, channel, address: row.toAddress, reason: 'unsubscribed', detail: source, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'channel', 'address']).doNothing())
    .execute();
  const marked = await deps.db
    .updateTable('send_recipients')
    .set({ unsubscribed_at: at })
    .where('send_id', '=', row.send.id)
    .where('customer_id', '=', row.customerId)
    .where('unsubscribed_at', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) > 0) {
    await deps.db.insertInto('send_events').values({ send_id: row.send.id, customer_id: row.customerId, kind: 'unsubscribe', at, detail: source }).execute();
  }
}
