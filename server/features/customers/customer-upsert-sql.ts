import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { CustomerInput, UpsertOptions } from './customer-input.ts';

// The two statements behind upsertCustomers: rows go in as one array parameter per column (unnest).

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** Column arrays for `unnest`: one parameter per column keeps a 2,000-row batch to a single fast statement. */
function columns(rows: Array<CustomerInput & { id: string }>) {
  return {
    id: rows.map((row) => row.id),
    given: rows.map((row) => row.given_name ?? null),
    family: rows.map((row) => row.family_name ?? null),
    email: rows.map((row) => row.email ?? null),
    phone: rows.map((row) => row.phone ?? null),
    month: rows.map((row) => row.birthday?.month ?? null),
    day: rows.map((row) => row.birthday?.day ?? null),
    year: rows.map((row) => row.birthday?.year ?? null),
    provider: rows.map((row) => (row.pos_customer_id ? (row.pos_provider ?? null) : null)),
    posId: rows.map((row) => (row.pos_provider ? (row.pos_customer_id ?? null) : null)),
    since: rows.map((row) => iso(row.customer_since)),
    emailConsent: rows.map((row) => row.email_consent ?? null),
    emailConsentAt: rows.map((row) => iso(row.email_consent_at)),
    smsConsent: rows.map((row) => row.sms_consent ?? null),
    smsConsentAt: rows.map((row) => iso(row.sms_consent_at)),
    notes: rows.map((row) => row.notes ?? null),
    spent: rows.map((row) => row.total_spent_cents ?? null),
    visits: rows.map((row) => row.visit_count ?? null),
    firstVisit: rows.map((row) => iso(row.first_visit_at)),
    lastVisit: rows.map((row) => iso(row.last_visit_at)),
  };
}

function unnestRows(rows: Array<CustomerInput & { id: string }>) {
  const c = columns(rows);
  return sql`unnest(
    ${c.id}::uuid[], ${c.given}::text[], ${c.family}::text[], ${c.email}::text[], ${c.phone}::text[],
    ${c.month}::int2[], ${c.day}::int2[], ${c.year}::int2[], ${c.provider}::text[], ${c.posId}::text[], ${c.since}::timestamptz[],
    ${c.emailConsent}::bool[], ${c.emailConsentAt}::timestamptz[], ${c.smsConsent}::bool[], ${c.smsConsentAt}::timestamptz[],
    ${c.notes}::text[], ${c.spent}::int8[], ${c.visits}::int4[], ${c.firstVisit}::timestamptz[], ${c.lastVisit}::timestamptz[]
  ) AS u(id, given_name, family_name, email, phone, bmonth, bday, byear, pos_provider, pos_customer_id, customer_since,
         email_consent, email_consent_at, sms_consent, sms_consent_at, notes, spent, visits, first_visit, last_visit)`;
}

export async function insertBatch(db: Db, rows: Array<CustomerInput & { id: string }>, options: UpsertOptions) {
  const { userId, source, consentSource, now } = options;
  await sql`
    INSERT INTO customers (id, user_id, given_name, family_name, email, phone, birthday_month, birthday_day, birthday_year, source,
      pos_provider, pos_customer_id, customer_since, email_consent, email_consent_at, email_consent_source,
      sms_consent, sms_consent_at, sms_consent_source, notes, total_spent_cents, visit_count, first_visit_at, last_visit_at, created_at, updated_at)
    SELECT u.id, ${userId}::uuid, u.given_name, u.family_name, u.email, u.phone, u.bmonth, u.bday, u.byear, ${source}::text,
      u.pos_provider, u.pos_customer_id, coalesce(u.customer_since, ${now}::timestamptz),
      coalesce(u.email_consent, false), CASE WHEN u.email_consent THEN coalesce(u.email_consent_at, ${now}::timestamptz) END,
      CASE WHEN u.email_consent THEN ${consentSource}::text END,
      coalesce(u.sms_consent, false), CASE WHEN u.sms_consent THEN coalesce(u.sms_consent_at, ${now}::timestamptz) END,
      CASE WHEN u.sms_consent THEN ${consentSource}::text END,
      u.notes, coalesce(u.spent, 0), coalesce(u.visits, 0), u.first_visit, u.last_visit, ${now}::timestamptz, ${now}::timestamptz
    FROM ${unnestRows(rows)}`.execute(db);
}

const UPDATED_COLUMNS = [
  'given_name', 'family_name', 'email', 'phone', 'birthday_month', 'birthday_day', 'birthday_year', 'pos_provider', 'pos_customer_id',
  'customer_since', 'email_consent', 'email_consent_at', 'email_consent_source', 'email_consent_withdrawn_at', 'sms_consent', 'sms_consent_at',
  'sms_consent_source', 'sms_consent_withdrawn_at', 'notes', 'total_spent_cents', 'visit_count', 'first_visit_at', 'last_visit_at',
] as const;

/**
 * The new values are worked out first (n), and only customers whose values change are written: re-importing
 * the same export rewrites nothing. Consent: stated yes on a customer without it records when and how; stated
 * no on one with it records the withdrawal.
 */
export async function updateBatch(db: Db, rows: Array<CustomerInput & { id: string }>, options: UpsertOptions) {
  const { userId, consentSource, now } = options;
  const grant = (channel: 'email' | 'sms') => sql.raw(`u.${channel}_consent AND NOT c.${channel}_consent`);
  const withdraw = (channel: 'email' | 'sms') => sql.raw(`u.${channel}_consent = false AND c.${channel}_consent`);
  const list = (prefix: string) => sql.raw(UPDATED_COLUMNS.map((column) => `${prefix}.${column}`).join(', '));
  const assignments = sql.raw(UPDATED_COLUMNS.map((column) => `${column} = n.${column}`).join(', '));
  await sql`
    UPDATE customers t SET ${assignments}, updated_at = ${now}
    FROM (
      SELECT c.id,
        coalesce(u.given_name, c.given_name) AS given_name,
        coalesce(u.family_name, c.family_name) AS family_name,
        coalesce(u.email, c.email) AS email,
        coalesce(u.phone, c.phone) AS phone,
        CASE WHEN u.bmonth IS NULL THEN c.birthday_month ELSE u.bmonth END AS birthday_month,
        CASE WHEN u.bmonth IS NULL THEN c.birthday_day ELSE u.bday END AS birthday_day,
        CASE WHEN u.bmonth IS NULL THEN c.birthday_year ELSE u.byear END AS birthday_year,
        coalesce(c.pos_provider, u.pos_provider) AS pos_provider,
        coalesce(c.pos_customer_id, u.pos_customer_id) AS pos_customer_id,
        least(c.customer_since, coalesce(u.customer_since, c.customer_since)) AS customer_since,
        coalesce(u.email_consent, c.email_consent) AS email_consent,
        CASE WHEN ${grant('email')} THEN coalesce(u.email_consent_at, ${now}) ELSE c.email_consent_at END AS email_consent_at,
        CASE WHEN ${grant('email')} THEN ${consentSource} ELSE c.email_consent_source END AS email_consent_source,
        CASE WHEN ${grant('email')} THEN NULL WHEN ${withdraw('email')} THEN ${now} ELSE c.email_consent_withdrawn_at END AS email_consent_withdrawn_at,
        coalesce(u.sms_consent, c.sms_consent) AS sms_consent,
        CASE WHEN ${grant('sms')} THEN coalesce(u.sms_consent_at, ${now}) ELSE c.sms_consent_at END AS sms_consent_at,
        CASE WHEN ${grant('sms')} THEN ${consentSource} ELSE c.sms_consent_source END AS sms_consent_source,
        CASE WHEN ${grant('sms')} THEN NULL WHEN ${withdraw('sms')} THEN ${now} ELSE c.sms_consent_withdrawn_at END AS sms_consent_withdrawn_at,
        coalesce(u.notes, c.notes) AS notes,
        coalesce(u.spent, c.total_spent_cents) AS total_spent_cents,
        coalesce(u.visits, c.visit_count) AS visit_count,
        coalesce(u.first_visit, c.first_visit_at) AS first_visit_at,
        coalesce(u.last_visit, c.last_visit_at) AS last_visit_at
      FROM ${unnestRows(rows)}
      JOIN customers c ON c.id = u.id AND c.user_id = ${userId}
    ) n
    WHERE t.id = n.id AND (${list('t')}) IS DISTINCT FROM (${list('n')})`.execute(db);
}
