import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client.ts';
import type { Env } from '../../../env.ts';
import type { Logger } from '../../../lib/logger.ts';
import { hashPassword } from '../../../lib/crypto.ts';
import { createBuiltinProvider } from '../../../providers/ai/builtin/builtin-provider.ts';
import { createSegment, proposeSegment } from '../../segments/segments.service.ts';
import { upsertCustomers } from '../customer-upsert.ts';
import { recomputeFigures } from '../customers.service.ts';
import { insertOrders, type PlainOrder } from '../order-upsert.ts';
import { generateDemoCafe, rng, visitTotalCents } from './demo-data.ts';

export const DEMO_EMAIL = 'demo@mise.local';
const DEMO_NAME = 'Demo Café';
const DEMO_CONSENT_SOURCE = 'demo: signed up at the counter';

/** Segments the demo owner finds ready, written as an owner would ask for them (read by the built-in phrase parser). */
const DEMO_SEGMENTS = ['regulars who haven’t been in for a month', 'spent over $200 this year', 'birthdays in the next 14 days', 'new customers in the last 30 days'];

export type DemoResult = { email: string; password: string; customers: number; orders: number; segments: string[] };

/**
 * (Re)creates the demo account: deletes the old one with everything it owns, then signs up a verified owner and
 * fills the customer list through the same service code an import uses (upsert, orders, figures in SQL).
 */
export async function seedDemoAccount(deps: { db: Db; env: Env; logger: Logger; now: Date; password?: string; customers?: number }): Promise<DemoResult> {
  const { db, now } = deps;
  const password = deps.password || randomBytes(9).toString('base64url');
  await db.deleteFrom('users').where((eb) => eb(eb.fn('lower', ['email']), '=', DEMO_EMAIL)).execute();
  const user = await db
    .insertInto('users')
    .values({ name: DEMO_NAME, email: DEMO_EMAIL, password_hash: await hashPassword(password), verified_at: now, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();

  // A café of 2,000 regulars is past the Free plan's contacts: the demo runs on a year of Professional
  // from the built-in test billing, so every screen (adding a customer too) works as for a paying owner.
  const yearLater = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
  await db
    .insertInto('subscriptions')
    .values({ user_id: user.id, plan_id: 'professional', status: 'active', provider: 'builtin', provider_subscription_id: null, current_period_start: now, current_period_end: yearLater, created_at: now, updated_at: now })
    .execute();

  const cafe = generateDemoCafe(now, deps.customers);
  const random = rng(99);
  let orders = 0;
  for (let index = 0; index < cafe.length; index += 500) {
    const batch = cafe.slice(index, index + 500);
    const { ids } = await upsertCustomers(
      db,
      batch.map(({ visits: _visits, ticketCents: _ticket, ...customer }) => customer),
      { userId: user.id, source: 'demo', consentSource: DEMO_CONSENT_SOURCE, now },
    );
    const rows: PlainOrder[] = batch.flatMap((customer, i) => customer.visits.map((visit) => ({ customer_id: ids[i]!, occurred_at: visit, total_cents: visitTotalCents(customer, visit, random) })));
    for (let start = 0; start < rows.length; start += 5000) orders += await insertOrders(db, user.id, 'demo', rows.slice(start, start + 5000));
  }
  await recomputeFigures(db, user.id);

  const segments: string[] = [];
  // Not deps.ai on purpose: the demo's segments must be the same on every machine, model or not, and the built-in
  // parser is a pure function (no client, no network), so this builds no outside service.
  const ai = createBuiltinProvider();
  for (const query of DEMO_SEGMENTS) {
    try {
      const proposal = await proposeSegment(ai, query, now);
      await createSegment(db, user.id, { title: proposal.title, notes: 'Demo segment', definition: proposal.definition, query });
      segments.push(proposal.title);
    } catch (error) {
      deps.logger.warn({ err: error, query }, 'demo segment skipped');
    }
  }
  return { email: DEMO_EMAIL, password, customers: cafe.length, orders, segments };
}
