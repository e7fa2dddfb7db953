import { sql } from 'kysely';
import type { Db } from '../../server/db/client.ts';
import type { CustomerSource } from '../../server/features/customers/customers.table.ts';

/** Customers and orders written straight to the tables, so segment tests do not depend on the import code. */

export const DAY = 86_400_000;

export type CustomerSeed = {
  given_name?: string | null;
  family_name?: string | null;
  email?: string | null;
  phone?: string | null;
  birthday?: [month: number, day: number, year?: number];
  source?: CustomerSource;
  customer_since?: Date;
  email_consent?: boolean;
  email_consent_at?: Date | null;
  email_consent_withdrawn_at?: Date | null;
  sms_consent?: boolean;
  sms_consent_at?: Date | null;
  sms_consent_withdrawn_at?: Date | null;
  deleted?: boolean;
  /** Orders as [when, cents]; the per-customer figures are derived from them as the import does. */
  orders?: Array<[Date, number]>;
};

export async function seedCustomer(db: Db, userId: string, seed: CustomerSeed): Promise<string> {
  const orders = seed.orders ?? [];
  const times = orders.map(([at]) => at.getTime());
  const row = await db
    .insertInto('customers')
    .values({
      user_id: userId,
      given_name: seed.given_name ?? null,
      family_name: seed.family_name ?? null,
      email: seed.email ?? null,
      phone: seed.phone ?? null,
      birthday_month: seed.birthday?.[0] ?? null,
      birthday_day: seed.birthday?.[1] ?? null,
      birthday_year: seed.birthday?.[2] ?? null,
      source: seed.source ?? 'manual',
      customer_since: seed.customer_since ?? (times.length ? new Date(Math.min(...times)) : new Date()),
      email_consent: seed.email_consent ?? false,
      email_consent_at: seed.email_consent_at ?? (seed.email_consent ? new Date(Date.now() - 400 * DAY) : null),
      email_consent_withdrawn_at: seed.email_consent_withdrawn_at ?? null,
      sms_consent: seed.sms_consent ?? false,
      sms_consent_at: seed.sms_consent_at ?? (seed.sms_consent ? new Date(Date.now() - 400 * DAY) : null),
      sms_consent_withdrawn_at: seed.sms_consent_withdrawn_at ?? null,
      total_spent_cents: orders.reduce((sum, [, cents]) => sum + cents, 0),
      visit_count: orders.length,
      first_visit_at: times.length ? new Date(Math.min(...times)) : null,
      last_visit_at: times.length ? new Date(Math.max(...times)) : null,
      deleted_at: seed.deleted ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (orders.length) {
    await db
      .insertInto('orders')
      .values(orders.map(([at, cents]) => ({ user_id: userId, customer_id: row.id, occurred_at: at, total_cents: cents, source: seed.source ?? 'manual' })))
      .execute();
  }
  return row.id;
}

/** Adds one order and keeps the derived figures current, as a POS sync would. */
export async function addOrder(db: Db, userId: string, customerId: string, at: Date, cents: number) {
  await db.insertInto('orders').values({ user_id: userId, customer_id: customerId, occurred_at: at, total_cents: cents, source: 'square' }).execute();
  await db
    .updateTable('customers')
    .set({
      total_spent_cents: sql`total_spent_cents + ${cents}`,
      visit_count: sql`visit_count + 1`,
      first_visit_at: sql`least(first_visit_at, ${at})`,
      last_visit_at: sql`greatest(last_visit_at, ${at})`,
    })
    .where('id', '=', customerId)
    .execute();
}

/** `n` orders of `cents`, spaced `everyDays` apart, the latest `lastDaysAgo` days before `now`. */
export function ordersBack(now: Date, n: number, cents: number, lastDaysAgo: number, everyDays = 7): Array<[Date, number]> {
  return Array.from({ length: n }, (_, i) => [new Date(now.getTime() - (lastDaysAgo + i * everyDays) * DAY), cents]);
}
