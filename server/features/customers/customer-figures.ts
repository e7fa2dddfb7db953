import { sql } from 'kysely';

/**
 * The customer columns every "who spent what" list shows (segment tables, top performers), read from
 * `customers as c`, and the spec's row shape built from them (§3 "In segment views").
 */
export const customerFigureColumns = [
  'c.id',
  'c.given_name',
  'c.family_name',
  'c.email',
  'c.phone',
  'c.visit_count',
  sql<number>`c.total_spent_cents::float8`.as('total_spent'),
  sql<number | null>`round(c.total_spent_cents::numeric / nullif(c.visit_count, 0))::float8`.as('aov'),
] as const;

export type CustomerFigureRow = {
  id: string;
  given_name: string | null;
  family_name: string | null;
  email: string | null;
  phone: string | null;
  visit_count: number;
  total_spent: number;
  aov: number | null;
};

export const toCustomerFigures = (row: CustomerFigureRow) => ({
  id: row.id,
  name: [row.given_name, row.family_name].filter(Boolean).join(' '),
  email: row.email,
  phone: row.phone,
  'Total spent': Number(row.total_spent),
  total_visits: row.visit_count,
  'Average order value': row.aov === null ? null : Number(row.aov),
});
