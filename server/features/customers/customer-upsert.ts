import { uuidv7 } from '../../lib/uuid7.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { insertBatch, updateBatch } from './customer-upsert-sql.ts';
import type { CustomerInput, UpsertOptions } from './customer-input.ts';

export type { CustomerInput, UpsertOptions } from './customer-input.ts';

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
    // UNION ALL: a customer found twice just lands in the maps twice, cheaper than asking the database to dedupe.
    const { rows: existing } = await sql<Existing>`
      SELECT id, email, phone, pos_provider, pos_customer_id FROM customers
      WHERE user_id = ${options.userId} AND deleted_at IS NULL AND email = ANY(${emails}::text[])
      UNION ALL
      SELECT id, email, phone, pos_provider, pos_customer_id FROM customers
      WHERE user_id = ${options.userId} AND deleted_at IS NULL AND phone = ANY(${phones}::text[])
      UNION ALL
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
      const id = target?.id ?? uuidv7();
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

    if (inserts.length > 0 && options.beforeCreate) await options.beforeCreate(trx, inserts.length);
    if (inserts.length > 0) await insertBatch(trx, inserts, options);
    if (updates.length > 0) await updateBatch(trx, updates, options);
  });

  return {
    ids: slotOfRow.map((slot) => slotIds[slot]!),
    outcomes: slotOfRow.map((slot, index) => (slotCreated[slot] && firstOfSlot[index] ? 'created' : 'updated')),
  };
}
