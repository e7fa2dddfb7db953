import { sql } from 'kysely';
import type { CustomerMetrics, CustomersByAge, TopPerformer } from '../../../src/contract/metrics.ts';
import { AGE_GROUPS } from '../../../src/contract/metrics.ts';
import type { Db } from '../../db/client.ts';
import { customerFigureColumns, toCustomerFigures } from '../customers/customer-figures.ts';

const DAY_MS = 86_400_000;

/** Headline figures over the owner's live customers, in one pass. */
export async function customerMetrics(db: Db, userId: string, now: Date): Promise<CustomerMetrics> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const active = new Date(now.getTime() - 30 * DAY_MS);
  const lapsed = new Date(now.getTime() - 90 * DAY_MS);
  const row = await db
    .selectFrom('customers as c')
    .where('c.user_id', '=', userId)
    .where('c.deleted_at', 'is', null)
    .select([
      sql<number>`count(*)::int`.as('total_customers'),
      sql<number>`(count(*) filter (where c.customer_since >= ${monthStart}))::int`.as('new_this_month'),
      sql<number>`(count(*) filter (where c.visit_count >= 2))::int`.as('returning_customers'),
      sql<number>`(count(*) filter (where c.last_visit_at >= ${active}))::int`.as('active_last_30_days'),
      sql<number>`(count(*) filter (where c.last_visit_at < ${lapsed}))::int`.as('lapsed_customers'),
      sql<number>`coalesce(sum(c.total_spent_cents), 0)::float8`.as('total_revenue'),
      sql<number>`coalesce(round(avg(c.total_spent_cents) filter (where c.visit_count > 0)), 0)::float8`.as('average_spend'),
      sql<number>`coalesce(round(sum(c.total_spent_cents)::numeric / nullif(sum(c.visit_count), 0)), 0)::float8`.as('average_order_value'),
      sql<number>`(count(*) filter (where c.email_consent and c.email is not null and (c.email_consent_withdrawn_at is null or c.email_consent_withdrawn_at < c.email_consent_at)))::int`.as('email_subscribers'),
      sql<number>`(count(*) filter (where c.sms_consent and c.phone is not null and (c.sms_consent_withdrawn_at is null or c.sms_consent_withdrawn_at < c.sms_consent_at)))::int`.as('sms_subscribers'),
    ])
    .executeTakeFirstOrThrow();
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as CustomerMetrics;
}

/**
 * Customers by age bracket, from the birth year where the customer gave one (Square sends no year for
 * many); the birthday decides whether this year's birthday has passed yet.
 */
export async function customersByAge(db: Db, userId: string, now: Date): Promise<CustomersByAge['data']['data']> {
  const year = now.getUTCFullYear();
  const monthDay = (now.getUTCMonth() + 1) * 100 + now.getUTCDate();
  const age = sql<number>`(${year} - c.birthday_year - case when coalesce(c.birthday_month, 1) * 100 + coalesce(c.birthday_day, 1) > ${monthDay} then 1 else 0 end)`;
  const bracket = sql<string>`case
    when c.birthday_year is null or c.birthday_year < 1900 or c.birthday_year > ${year} then 'Unknown'
    when ${age} < 18 then 'Under 18'
    when ${age} < 25 then '18-24'
    when ${age} < 35 then '25-34'
    when ${age} < 45 then '35-44'
    when ${age} < 55 then '45-54'
    when ${age} < 65 then '55-64'
    else '65+' end`;
  // Only customers with a birth year can fall in a bracket: those are read from their own partial index
  // (customers_birth_year_idx, migration 0311, without the table); "Unknown" is every other live customer,
  // counted from the live-customers index (customers_live_idx). Most imported customers have no year.
  const { rows } = await sql<{ age_group: string; count: number }>`
    WITH known AS (
      SELECT ${bracket} AS age_group, count(*)::int AS count FROM customers c
      WHERE c.user_id = ${userId} AND c.deleted_at IS NULL AND c.birthday_year IS NOT NULL
      GROUP BY 1)
    SELECT age_group, count FROM known WHERE age_group <> 'Unknown'
    UNION ALL
    SELECT 'Unknown', ((SELECT count(*) FROM customers c WHERE c.user_id = ${userId} AND c.deleted_at IS NULL)
      - (SELECT coalesce(sum(k.count), 0) FROM known k WHERE k.age_group <> 'Unknown'))::int`.execute(db);
  const counts = new Map(rows.map((row) => [row.age_group, Number(row.count)]));
  return AGE_GROUPS.map((group) => ({ age_group: group, count: counts.get(group) ?? 0 }));
}

export async function topPerformers(db: Db, userId: string, limit: number): Promise<TopPerformer[]> {
  const rows = await db
    .selectFrom('customers as c')
    .where('c.user_id', '=', userId)
    .where('c.deleted_at', 'is', null)
    .where('c.total_spent_cents', '>', 0)
    .select([...customerFigureColumns, 'c.last_visit_at'])
    .orderBy('c.total_spent_cents', 'desc')
    .orderBy('c.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toCustomerFigures(row), last_visit_at: row.last_visit_at ? row.last_visit_at.toISOString() : null }));
}
