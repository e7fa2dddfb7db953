import { sql, type SelectQueryBuilder } from 'kysely';
import {
  CUSTOMERS_PAGE_SIZE,
  formatBirthday,
  parseBirthday,
  type ConsentChangeRequest,
  type Customer,
  type CustomerDetail,
  type CustomerListQuery,
  type CustomerListResponse,
  type CustomerSort,
} from '../../../src/contract/customers.ts';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { notFound, fieldError } from '../../lib/app-error.ts';
import { grantConsent, withdrawConsent } from './consent.ts';
import type { Customer as CustomerRow } from './customers.table.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many customers an owner has (not deleted). Plans may cap this (issue 6). */
export async function countCustomers(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('customers')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

function toCustomer(row: CustomerRow): Customer {
  const spent = Number(row.total_spent_cents);
  return {
    id: row.id,
    given_name: row.given_name,
    family_name: row.family_name,
    email_address: row.email,
    phone_number: row.phone,
    birthday: formatBirthday(row.birthday_month, row.birthday_day, row.birthday_year),
    created_at: row.customer_since.toISOString(),
    source: row.source,
    pos_provider: row.pos_provider,
    total_spent_cents: spent,
    total_visits: row.visit_count,
    average_order_cents: row.visit_count > 0 ? Math.round(spent / row.visit_count) : null,
    first_visit_at: row.first_visit_at?.toISOString() ?? null,
    last_visit_at: row.last_visit_at?.toISOString() ?? null,
    email_consent: row.email_consent,
    sms_consent: row.sms_consent,
  };
}

function applySort<O>(query: SelectQueryBuilder<Database, 'customers', O>, sort: CustomerSort): SelectQueryBuilder<Database, 'customers', O> {
  switch (sort) {
    case 'last_visit':
      return query.orderBy(sql`last_visit_at DESC NULLS LAST`).orderBy('id');
    case 'total_spent':
      return query.orderBy('total_spent_cents', 'desc').orderBy('id');
    case 'visits':
      return query.orderBy('visit_count', 'desc').orderBy('id');
    case 'created':
      return query.orderBy('customer_since', 'desc').orderBy('id');
    default:
      return query
        .orderBy(sql`lower(coalesce(given_name, family_name, email, phone)) NULLS LAST`)
        .orderBy(sql`lower(family_name) NULLS LAST`)
        .orderBy('id');
  }
}

/** Search matches any part of the name, the email, or the phone digits. */
export async function listCustomers(db: Db, userId: string, query: CustomerListQuery): Promise<CustomerListResponse> {
  let base = db.selectFrom('customers').where('user_id', '=', userId).where('deleted_at', 'is', null);
  const search = query.search.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const digits = search.replace(/\D/g, '');
    base = base.where((eb) =>
      eb.or([
        eb(sql`coalesce(given_name, '') || ' ' || coalesce(family_name, '')`, 'ilike', pattern),
        eb('email', 'ilike', pattern),
        ...(digits.length >= 3 ? [eb('phone', 'like', `%${digits}%`)] : []),
      ]),
    );
  }
  const offset = (query.page - 1) * CUSTOMERS_PAGE_SIZE;
  const count = base.select(sql<number>`count(*)::int`.as('n'));
  // The page and, on each of its rows, the total (an uncorrelated subquery, counted once): one statement instead of
  // two, as a segment's customers are read. Only a page past the end counts on its own.
  const rows = await applySort(base.selectAll().select(count.$asScalar().as('list_total')), query.sort)
    .limit(CUSTOMERS_PAGE_SIZE + 1)
    .offset(offset)
    .execute();
  const total = rows[0] ? Number(rows[0].list_total) : offset === 0 ? 0 : (await count.executeTakeFirstOrThrow()).n;
  const hasMore = rows.length > CUSTOMERS_PAGE_SIZE;
  return {
    results: { customers: rows.slice(0, CUSTOMERS_PAGE_SIZE).map(toCustomer), total },
    next: hasMore ? query.page + 1 : null,
    page: query.page,
  };
}

async function findCustomerRow(db: Db, userId: string, id: string): Promise<CustomerRow> {
  if (!UUID.test(id)) throw notFound('No such customer');
  const row = await db
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('No such customer');
  return row;
}

export async function getCustomerDetail(db: Db, userId: string, id: string): Promise<CustomerDetail> {
  const row = await findCustomerRow(db, userId, id);
  const [orders, count] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'occurred_at', 'total_cents', 'source', 'location_id'])
      .where('customer_id', '=', row.id)
      .where('user_id', '=', userId)
      .orderBy('occurred_at', 'desc')
      .limit(100)
      .execute(),
    db.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).where('customer_id', '=', row.id).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  const consent = (channel: 'email' | 'sms') => ({
    granted: row[`${channel}_consent`],
    at: row[`${channel}_consent_at`]?.toISOString() ?? null,
    source: row[`${channel}_consent_source`],
    withdrawn_at: row[`${channel}_consent_withdrawn_at`]?.toISOString() ?? null,
  });
  return {
    ...toCustomer(row),
    notes: row.notes,
    consent: { email: consent('email'), sms: consent('sms') },
    orders: orders.map((order) => ({ ...order, occurred_at: order.occurred_at.toISOString() })),
    orders_total: count.n,
  };
}

type Editable = {
  given_name?: string | null;
  family_name?: string | null;
  email_address?: string | null;
  phone_number?: string | null;
  birthday?: string | null;
  notes?: string | null;
};

/** Contract values → columns; '' and null clear a field, undefined leaves it. */
export function editableColumns(input: Editable, toPhone: (raw: string) => string | null) {
  const text = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);
  const columns: Record<string, unknown> = {
    given_name: text(input.given_name),
    family_name: text(input.family_name),
    email: text(input.email_address)?.toLowerCase() ?? (input.email_address === undefined ? undefined : null),
    phone: input.phone_number === undefined ? undefined : input.phone_number?.trim() ? toPhone(input.phone_number) : null,
    notes: text(input.notes),
  };
  if (input.birthday !== undefined) {
    const birthday = input.birthday?.trim() ? parseBirthday(input.birthday) : null;
    Object.assign(columns, { birthday_month: birthday?.month ?? null, birthday_day: birthday?.day ?? null, birthday_year: birthday?.year ?? null });
  }
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** A unique index said no: tell the owner which field clashes with another customer. */
export async function assertContactFree(db: Db, userId: string, columns: { email?: unknown; phone?: unknown }, exceptId?: string) {
  for (const [column, field, label] of [
    ['email', 'email_address', 'email'],
    ['phone', 'phone_number', 'phone number'],
  ] as const) {
    const value = columns[column];
    if (typeof value !== 'string') continue;
    let query = db.selectFrom('customers').select('id').where('user_id', '=', userId).where(column, '=', value).where('deleted_at', 'is', null);
    if (exceptId) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) {
      throw fieldError(field, `Another customer already has this ${label}`, 409, 'conflict');
    }
  }
}

export async function updateCustomer(db: Db, userId: string, id: string, columns: Record<string, unknown>, now: Date) {
  const row = await findCustomerRow(db, userId, id);
  await assertContactFree(db, userId, columns, row.id);
  if (Object.keys(columns).length > 0) {
    await db.updateTable('customers').set({ ...columns, updated_at: now }).where('id', '=', row.id).execute();
  }
}

/** Soft delete: the customer leaves every list and segment; orders stay for the owner's figures. */
export async function deleteCustomer(db: Db, userId: string, id: string, now: Date) {
  const row = await findCustomerRow(db, userId, id);
  await db.updateTable('customers').set({ deleted_at: now, updated_at: now }).where('id', '=', row.id).execute();
}

export async function changeConsent(db: Db, userId: string, id: string, change: Required<ConsentChangeRequest>, now: Date) {
  const row = await findCustomerRow(db, userId, id);
  const channel = change.channel;
  if (change.granted && channel === 'email' && !row.email) throw fieldError('channel', 'Email consent needs an email address');
  if (change.granted && channel === 'sms' && !row.phone) throw fieldError('channel', 'Text consent needs a phone number');
  const event = { userId, customerId: row.id, channel, source: change.source, at: now };
  // Both record the change, with how it was given or taken back, in the customer's consent history.
  if (change.granted) await grantConsent(db, event);
  else await withdrawConsent(db, event);
}

/**
 * Total spent, visits and first/last visit from the orders, in SQL. Customers without orders keep the figures
 * they came with (a CSV export's "Total spend"); only rows whose figures change are written.
 */
export async function recomputeFigures(db: Db, userId: string): Promise<number> {
  const result = await sql`
    UPDATE customers c SET total_spent_cents = f.total, visit_count = f.visits, first_visit_at = f.first_at, last_visit_at = f.last_at, updated_at = now()
    FROM (
      SELECT customer_id, sum(total_cents)::int8 AS total, count(*)::int AS visits, min(occurred_at) AS first_at, max(occurred_at) AS last_at
      FROM orders WHERE user_id = ${userId} AND customer_id IS NOT NULL GROUP BY customer_id
    ) f
    WHERE c.id = f.customer_id AND c.user_id = ${userId}
      AND (c.total_spent_cents, c.visit_count, c.first_visit_at, c.last_visit_at) IS DISTINCT FROM (f.total, f.visits, f.first_at, f.last_at)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
