import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { CustomerSource, PosProvider } from './customers.table.ts';

/** One incoming customer. undefined/null = "not given": an update keeps what is stored. */
export type CustomerInput = {
  given_name?: string | null;
  family_name?: string | null;
  email?: string | null;
  phone?: string | null;
  birthday?: { month: number; day: number; year: number | null } | null;
  pos_provider?: PosProvider | null;
  pos_customer_id?: string | null;
  customer_since?: Date | null;
  /** true = given, false = refused or withdrawn, undefined = not stated */
  email_consent?: boolean;
  email_consent_at?: Date | null;
  sms_consent?: boolean;
  sms_consent_at?: Date | null;
  notes?: string | null;
  total_spent_cents?: number | null;
  visit_count?: number | null;
  first_visit_at?: Date | null;
  last_visit_at?: Date | null;
};

export type UpsertOptions = {
  userId: string;
  source: CustomerSource;
  /** How consent stated in these rows was given, e.g. 'csv import', 'square'. */
  consentSource: string;
  now: Date;
};

export type UpsertResult = {
  /** For each input row: 'created' or 'updated' (also when it merged into an earlier row of the same batch). */
  outcomes: Array<'created' | 'updated'>;
  /** For each input row: the customer id it landed on. */
  ids: string[];
};

type Existing = { id: string; email: string | null; phone: string | null; pos_provider: string | null; pos_customer_id: string | null };

const posKey = (row: { pos_provider?: string | null; pos_customer_id?: string | null }) =>
  row.pos_provider && row.pos_customer_id ? `${row.pos_provider}:${row.pos_customer_id}` : undefined;

/** Later rows fill what earlier rows left empty or override it; "not stated" never erases. */
function mergeInto(target: CustomerInput, row: CustomerInput): CustomerInput {
  const merged: CustomerInput = { ...target };
  for (const [key, value] of Object.entries(row) as Array<[keyof CustomerInput, unknown]>) {
    if (value !== undefined && value !== null) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/** Folds rows of one batch that are the same person (same POS id, or same email/phone without a different POS id). */
function foldBatch(rows: CustomerInput[]) {
  const folded: CustomerInput[] = [];
  const slotOfRow: number[] = [];
  const firstOfSlot: boolean[] = [];
  const byPos = new Map<string, number>();
  const byEmail = new Map<string, number>();
  const byPhone = new Map<string, number>();
  const compatible = (slot: number | undefined, row: CustomerInput) => {
    if (slot === undefined) return undefined;
    const a = posKey(folded[slot]!);
    const b = posKey(row);
    return a && b && a !== b ? undefined : slot;
  };
  for (const row of rows) {
    const key = posKey(row);
    let slot = key ? byPos.get(key) : undefined;
    if (slot === undefined && row.email) slot = compatible(byEmail.get(row.email), row);
    if (slot === undefined && row.phone) slot = compatible(byPhone.get(row.phone), row);
    if (slot === undefined) {
      slot = folded.push(row) - 1;
      firstOfSlot.push(true);
    } else {
      folded[slot] = mergeInto(folded[slot]!, row);
      firstOfSlot.push(false);
    }
    slotOfRow.push(slot);
    const merged = folded[slot]!;
    const mergedKey = posKey(merged);
    if (mergedKey && !byPos.has(mergedKey)) byPos.set(mergedKey, slot);
    if (merged.email && !byEmail.has(merged.email)) byEmail.set(merged.email, slot);
    if (merged.phone && !byPhone.has(merged.phone)) byPhone.set(merged.phone, slot);
  }
  return { folded, slotOfRow, firstOfSlot };
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * Inserts or updates a batch of customers of one owner in one transaction, matching stored customers by POS id,
 * then email, then phone. An email or phone that already belongs to another customer is not copied over
 * (one customer per email and per phone). Concurrent imports for the same owner take turns (advisory lock).
 */
export async function upsertCustomers(db: Db, rows: CustomerInput[], options: UpsertOptions): Promise<UpsertResult> {
  if (rows.length === 0) return { outcomes: [], ids: [] };
  const { folded, slotOfRow, firstOfSlot } = foldBatch(rows);
  const slotIds: string[] = new Array<string>(folded.length);
  const slotCreated: boolean[] = new Array<boolean>(folded.length).fill(false);

  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`customers:${options.userId}`}))`.execute(trx);
    const emails = [...new Set(folded.map((row) => row.email).filter((value): value is string => Boolean(value)))];
    const phones = [...new Set(folded.map((row) => row.phone).filter((value): value is string => Boolean(value)))];
    const posRows = folded.filter((row) => row.pos_provider && row.pos_customer_id);
    // Three index lookups (email, phone, POS id) rather than one OR that would scan the owner's customers.
    const { rows: existing } = await sql<Existing>`
      SELECT id, email, phone, pos_provider, pos_customer_id FROM customers
      WHERE user_id = ${options.userId} AND deleted_at IS NULL AND email = ANY(${emails}::text[])
      UNION
      SELECT id, email, phone, pos_provider, pos_customer_id FROM customers
      WHERE user_id = ${options.userId} AND deleted_at IS NULL AND phone = ANY(${phones}::text[])
      UNION
      SELECT c.id, c.email, c.phone, c.pos_provider, c.pos_customer_id FROM customers c
      JOIN unnest(${posRows.map((row) => row.pos_provider)}::text[], ${posRows.map((row) => row.pos_customer_id)}::text[]) AS p(provider, pos_id)
        ON c.pos_provider = p.provider AND c.pos_customer_id = p.pos_id
      WHERE c.user_id = ${options.userId} AND c.pos_customer_id IS NOT NULL`.execute(trx);

    const byPos = new Map<string, Existing>();
    const byEmail = new Map<string, Existing>();
    const byPhone = new Map<string, Existing>();
    for (const row of existing) {
      const key = posKey(row);
      if (key) byPos.set(key, row);
      if (row.email) byEmail.set(row.email, row);
      if (row.phone) byPhone.set(row.phone, row);
    }
    // Emails and phones taken in this batch, by customer id, so two rows never claim the same one.
    const claimedEmail = new Map<string, string>([...byEmail].map(([email, row]) => [email, row.id]));
    const claimedPhone = new Map<string, string>([...byPhone].map(([phone, row]) => [phone, row.id]));

    const inserts: Array<CustomerInput & { id: string }> = [];
    const updates: Array<CustomerInput & { id: string }> = [];
    folded.forEach((row, slot) => {
      const key = posKey(row);
      const samePos = (match: Existing | undefined) => (match && key && posKey(match) && posKey(match) !== key ? undefined : match);
      const target = (key ? byPos.get(key) : undefined) ?? samePos(row.email ? byEmail.get(row.email) : undefined) ?? samePos(row.phone ? byPhone.get(row.phone) : undefined);
      const id = target?.id ?? randomUUID();
      const email = row.email && (claimedEmail.get(row.email) ?? id) === id ? row.email : null;
      const phone = row.phone && (claimedPhone.get(row.phone) ?? id) === id ? row.phone : null;
      if (email) claimedEmail.set(email, id);
      if (phone) claimedPhone.set(phone, id);
      slotIds[slot] = id;
      const record = { ...row, id, email, phone };
      if (target) updates.push(record);
      else {
        inserts.push(record);
        slotCreated[slot] = true;
      }
    });

    if (inserts.length > 0) await insertBatch(trx, inserts, options);
    if (updates.length > 0) await updateBatch(trx, updates, options);
  });

  return {
    ids: slotOfRow.map((slot) => slotIds[slot]!),
    outcomes: slotOfRow.map((slot, index) => (slotCreated[slot] && firstOfSlot[index] ? 'created' : 'updated')),
  };
}

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

async function insertBatch(db: Db, rows: Array<CustomerInput & { id: string }>, options: UpsertOptions) {
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

/** Consent: stated yes on a customer without it records when and how; stated no on one with it records the withdrawal. */
async function updateBatch(db: Db, rows: Array<CustomerInput & { id: string }>, options: UpsertOptions) {
  const { userId, consentSource, now } = options;
  const grant = (channel: 'email' | 'sms') => sql.raw(`u.${channel}_consent AND NOT c.${channel}_consent`);
  const withdraw = (channel: 'email' | 'sms') => sql.raw(`u.${channel}_consent = false AND c.${channel}_consent`);
  await sql`
    UPDATE customers c SET
      given_name = coalesce(u.given_name, c.given_name),
      family_name = coalesce(u.family_name, c.family_name),
      email = coalesce(u.email, c.email),
      phone = coalesce(u.phone, c.phone),
      birthday_month = CASE WHEN u.bmonth IS NULL THEN c.birthday_month ELSE u.bmonth END,
      birthday_day = CASE WHEN u.bmonth IS NULL THEN c.birthday_day ELSE u.bday END,
      birthday_year = CASE WHEN u.bmonth IS NULL THEN c.birthday_year ELSE u.byear END,
      pos_provider = coalesce(c.pos_provider, u.pos_provider),
      pos_customer_id = coalesce(c.pos_customer_id, u.pos_customer_id),
      customer_since = least(c.customer_since, coalesce(u.customer_since, c.customer_since)),
      email_consent = coalesce(u.email_consent, c.email_consent),
      email_consent_at = CASE WHEN ${grant('email')} THEN coalesce(u.email_consent_at, ${now}) ELSE c.email_consent_at END,
      email_consent_source = CASE WHEN ${grant('email')} THEN ${consentSource} ELSE c.email_consent_source END,
      email_consent_withdrawn_at = CASE WHEN ${grant('email')} THEN NULL WHEN ${withdraw('email')} THEN ${now} ELSE c.email_consent_withdrawn_at END,
      sms_consent = coalesce(u.sms_consent, c.sms_consent),
      sms_consent_at = CASE WHEN ${grant('sms')} THEN coalesce(u.sms_consent_at, ${now}) ELSE c.sms_consent_at END,
      sms_consent_source = CASE WHEN ${grant('sms')} THEN ${consentSource} ELSE c.sms_consent_source END,
      sms_consent_withdrawn_at = CASE WHEN ${grant('sms')} THEN NULL WHEN ${withdraw('sms')} THEN ${now} ELSE c.sms_consent_withdrawn_at END,
      notes = coalesce(u.notes, c.notes),
      total_spent_cents = coalesce(u.spent, c.total_spent_cents),
      visit_count = coalesce(u.visits, c.visit_count),
      first_visit_at = coalesce(u.first_visit, c.first_visit_at),
      last_visit_at = coalesce(u.last_visit, c.last_visit_at),
      updated_at = ${now}
    FROM ${unnestRows(rows)}
    WHERE c.id = u.id AND c.user_id = ${userId}`.execute(db);
}
