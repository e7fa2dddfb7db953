import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { PosProvider } from './customers.table.ts';

export type OrderInput = {
  pos_order_id: string;
  /** the provider's customer id, or null for a walk-in */
  pos_customer_id: string | null;
  occurred_at: Date;
  total_cents: number;
  location_id: string | null;
};

/**
 * Inserts or updates one page of POS orders (unique per owner by provider order id), linked to the customers
 * imported with the same provider ids. Per-customer figures are recomputed afterwards (recomputeFigures).
 */
export async function upsertOrders(db: Db, userId: string, provider: PosProvider, orders: OrderInput[]): Promise<number> {
  // One statement may not touch the same row twice: the last copy of an order in a page wins.
  const unique = [...new Map(orders.map((order) => [order.pos_order_id, order])).values()];
  if (unique.length === 0) return 0;
  await sql`
    INSERT INTO orders (user_id, customer_id, occurred_at, total_cents, source, pos_provider, pos_order_id, location_id)
    SELECT ${userId}::uuid, c.id, u.occurred_at, u.total_cents, ${provider}::text, ${provider}::text, u.pos_order_id, u.location_id
    FROM unnest(
      ${unique.map((o) => o.pos_order_id)}::text[], ${unique.map((o) => o.pos_customer_id)}::text[],
      ${unique.map((o) => o.occurred_at.toISOString())}::timestamptz[], ${unique.map((o) => o.total_cents)}::int4[],
      ${unique.map((o) => o.location_id)}::text[]
    ) AS u(pos_order_id, pos_customer_id, occurred_at, total_cents, location_id)
    LEFT JOIN customers c ON c.user_id = ${userId} AND c.pos_provider = ${provider} AND c.pos_customer_id = u.pos_customer_id
    ON CONFLICT (user_id, pos_provider, pos_order_id) WHERE pos_order_id IS NOT NULL
    DO UPDATE SET customer_id = excluded.customer_id, occurred_at = excluded.occurred_at,
                  total_cents = excluded.total_cents, location_id = excluded.location_id`.execute(db);
  return unique.length;
}

export type PlainOrder = { customer_id: string | null; occurred_at: Date; total_cents: number };

/** Orders that come from no point of sale (the demo data set); one statement per call. */
export async function insertOrders(db: Db, userId: string, source: 'manual' | 'csv' | 'demo', orders: PlainOrder[]): Promise<number> {
  if (orders.length === 0) return 0;
  await sql`
    INSERT INTO orders (user_id, customer_id, occurred_at, total_cents, source)
    SELECT ${userId}::uuid, u.customer_id, u.occurred_at, u.total_cents, ${source}::text
    FROM unnest(${orders.map((o) => o.customer_id)}::uuid[], ${orders.map((o) => o.occurred_at.toISOString())}::timestamptz[], ${orders.map((o) => o.total_cents)}::int4[])
      AS u(customer_id, occurred_at, total_cents)`.execute(db);
  return orders.length;
}
