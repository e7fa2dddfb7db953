import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type QueryCreator, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { upperOf, type ComparisonOp, type Condition, type Period, type SegmentDefinition, type SegmentNode } from '../../../src/contract/segments.ts';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { daysAgo, periodRange, upcomingBirthdayRanges } from './segment-periods.ts';

/**
 * Compiles a validated segment definition into a Kysely WHERE over `customers as c`.
 * Every value is a bound parameter; only our own column names and operators appear in the SQL text.
 */

type Scope = Database & { c: Database['customers']; o: Database['orders'] };
type Eb = ExpressionBuilder<Scope, 'c'>;
/** A rolling window's matching customer ids, computed once per statement as a MATERIALIZED common table expression. */
type PeriodCte = { name: string; query: SelectQueryBuilder<Scope, 'o', { customer_id: string | null }> };
type Ctx = { userId: string; now: Date; periods: PeriodCte[] };

const TRUE = sql<SqlBool>`true`;
const OPS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

function compare(eb: Eb, left: Expression<unknown>, op: ComparisonOp, value: number, value2: number | undefined): Expression<SqlBool> {
  if (op === 'between') return eb.betweenSymmetric(left as never, value as never, (value2 ?? value) as never);
  return eb(left as never, OPS[op], value as never);
}

/** Whether a customer with no orders in the period (a sum or count of 0) matches the comparison. */
function zeroMatches(op: ComparisonOp, value: number, value2: number | undefined): boolean {
  switch (op) {
    case 'gt':
      return 0 > value;
    case 'gte':
      return 0 >= value;
    case 'lt':
      return 0 < value;
    case 'lte':
      return 0 <= value;
    case 'between':
      return Math.min(value, value2 ?? value) <= 0;
  }
}

/** Calendar months and years are read from the trigger-kept rollups: one row per customer, not every order. */
const ROLLUP_KIND: Partial<Record<Period['kind'], 'month' | 'year'>> = { this_month: 'month', last_month: 'month', this_year: 'year', last_year: 'year' };

/**
 * Spend or visits within a period. Customers with no orders in the period count as 0: when 0 matches the
 * comparison we exclude those who fail it instead of including those who pass. Calendar months and years come
 * from `order_rollups`; rolling windows (last N days, this week) from one grouped pass over the owner's orders
 * in the window (covering index on orders(user_id, occurred_at)), never a subquery per customer.
 *
 * A rolling window's set is a MATERIALIZED CTE: a statement that asks for a page and the count groups the orders
 * once, and PostgreSQL does not have each parallel worker group them again (measured at 100k customers / 1M
 * orders on 2 cores: "3+ visits in the last 30 days", first page 83 ms → 39 ms). A rollup stays an inline
 * subquery, so a page can probe it by primary key for the few customers it shows.
 */
function periodAggregate(eb: Eb, ctx: Ctx, kind: 'sum' | 'count', period: Period, op: ComparisonOp, value: number, value2: number | undefined) {
  const range = periodRange(period, ctx.now);
  const includeZero = zeroMatches(op, value, value2);
  const rollupKind = ROLLUP_KIND[period.kind];
  let sub;
  if (rollupKind) {
    const figure = sql.ref(kind === 'sum' ? 'r.spent_cents' : 'r.visits');
    const matches = compare(eb, figure, op, value, value2);
    sub = eb
      .selectFrom('order_rollups as r')
      .select('r.customer_id')
      .where('r.user_id', '=', ctx.userId)
      .where('r.period_kind', '=', rollupKind)
      .where('r.period_start', '=', range.start.toISOString().slice(0, 10))
      .where(includeZero ? eb.not(matches as never) : (matches as never));
  } else {
    sub = eb
      .selectFrom('orders as o')
      .select('o.customer_id')
      .where('o.user_id', '=', ctx.userId)
      .where('o.customer_id', 'is not', null)
      .where('o.occurred_at', '>=', range.start)
      .$if(range.end !== null, (q) => q.where('o.occurred_at', '<', range.end!))
      .groupBy('o.customer_id')
      .having((h) => {
        const figure = kind === 'sum' ? sql`sum(${h.ref('o.total_cents')})` : sql`count(*)`;
        const matches = compare(eb, figure, op, value, value2);
        return includeZero ? h.not(matches as never) : (matches as never);
      });
  }
  if (rollupKind) return includeZero ? eb('c.id', 'not in', sub as never) : eb('c.id', 'in', sub as never);
  const name = `period_${ctx.periods.length}`;
  ctx.periods.push({ name, query: sub as PeriodCte['query'] });
  const members = sql`(SELECT customer_id FROM ${sql.table(name)})`;
  return includeZero ? sql<SqlBool>`${eb.ref('c.id')} NOT IN ${members}` : sql<SqlBool>`${eb.ref('c.id')} IN ${members}`;
}

function within(eb: Eb, column: 'c.last_visit_at' | 'c.first_visit_at' | 'c.customer_since', period: Period, now: Date) {
  const range = periodRange(period, now);
  const from = eb(column, '>=', range.start);
  return range.end ? eb.and([from, eb(column, '<', range.end)]) : from;
}

/** Consent counts only while given and not withdrawn since (a later re-consent wins). */
export function consentGiven(eb: Eb, channel: 'email' | 'sms') {
  const given = channel === 'email' ? 'c.email_consent' : 'c.sms_consent';
  const at = channel === 'email' ? 'c.email_consent_at' : 'c.sms_consent_at';
  const withdrawn = channel === 'email' ? 'c.email_consent_withdrawn_at' : 'c.sms_consent_withdrawn_at';
  return eb.and([
    eb(given, '=', true),
    eb.or([eb(withdrawn, 'is', null), eb.and([eb(at, 'is not', null), eb(withdrawn, '<', eb.ref(at))])]),
  ]);
}

function compileCondition(eb: Eb, condition: Condition, ctx: Ctx): Expression<SqlBool> {
  switch (condition.type) {
    case 'total_spent':
      return condition.period
        ? periodAggregate(eb, ctx, 'sum', condition.period, condition.op, condition.value, upperOf(condition))
        : compare(eb, eb.ref('c.total_spent_cents'), condition.op, condition.value, upperOf(condition));
    case 'visits':
      return condition.period
        ? periodAggregate(eb, ctx, 'count', condition.period, condition.op, condition.value, upperOf(condition))
        : compare(eb, eb.ref('c.visit_count'), condition.op, condition.value, upperOf(condition));
    case 'average_order_value': {
      // No column: spend over visits, unknown (never matches) for someone who never visited.
      const aov = sql`(${eb.ref('c.total_spent_cents')}::numeric / nullif(${eb.ref('c.visit_count')}, 0))`;
      return compare(eb, aov, condition.op, condition.value, upperOf(condition));
    }
    case 'last_visit':
      return condition.op === 'within'
        ? within(eb, 'c.last_visit_at', condition.period, ctx.now)
        : eb('c.last_visit_at', '<', daysAgo(ctx.now, condition.days));
    case 'first_visit':
      return condition.op === 'within'
        ? within(eb, 'c.first_visit_at', condition.period, ctx.now)
        : eb('c.first_visit_at', '<', daysAgo(ctx.now, condition.days));
    case 'created':
      return condition.op === 'within'
        ? within(eb, 'c.customer_since', condition.period, ctx.now)
        : eb('c.customer_since', '<', daysAgo(ctx.now, condition.days));
    case 'birthday':
      if (condition.op === 'month') return eb('c.birthday_month', '=', condition.month);
      return eb.or(
        upcomingBirthdayRanges(ctx.now, condition.days).map((r) =>
          eb.and([eb('c.birthday_month', '=', r.month), eb.between('c.birthday_day', r.from, r.to)]),
        ),
      );
    case 'has_email':
      return condition.value ? eb('c.email', 'is not', null) : eb('c.email', 'is', null);
    case 'has_phone':
      return condition.value ? eb('c.phone', 'is not', null) : eb('c.phone', 'is', null);
    case 'email_consent':
    case 'sms_consent': {
      const given = consentGiven(eb, condition.type === 'email_consent' ? 'email' : 'sms');
      return condition.value ? given : eb.not(given);
    }
    case 'source':
      return eb('c.source', 'in', condition.values);
  }
}

function compileNode(eb: Eb, node: SegmentNode, ctx: Ctx): Expression<SqlBool> {
  if (node.type !== 'group') return compileCondition(eb, node, ctx);
  if (node.conditions.length === 0) return TRUE;
  const parts = node.conditions.map((child) => compileNode(eb, child, ctx));
  return node.op === 'and' ? eb.and(parts) : eb.or(parts);
}

type Compiled = { condition: Expression<SqlBool>; periods: PeriodCte[] };

function compileSegment(userId: string, definition: SegmentDefinition, now: Date): Compiled {
  const ctx: Ctx = { userId, now, periods: [] };
  return { condition: compileNode(expressionBuilder<Scope, 'c'>(), definition, ctx), periods: ctx.periods };
}

/** `db` with the period CTEs the condition reads; MATERIALIZED so each is computed once per statement. */
function withPeriods(db: Db, periods: PeriodCte[]): QueryCreator<Database> {
  let creator: QueryCreator<Database> = db;
  for (const period of periods) {
    creator = creator.with((cte) => cte(period.name).materialized(), () => period.query) as unknown as QueryCreator<Database>;
  }
  return creator;
}

const members = (from: Pick<QueryCreator<Database>, 'selectFrom'>, userId: string, condition: Expression<SqlBool>) =>
  from.selectFrom('customers as c').where('c.user_id', '=', userId).where('c.deleted_at', 'is', null).where(condition);

/** The owner's live customers matching the definition; callers add columns, order and limits. */
export function segmentCustomersQuery(db: Db, userId: string, definition: SegmentDefinition, now: Date) {
  const { condition, periods } = compileSegment(userId, definition, now);
  return members(withPeriods(db, periods), userId, condition);
}

/**
 * The segment's customers with, on every row, how many there are in all (`segment_total`): one statement, so
 * the orders behind a period condition are read once for both. Callers add columns, order and limits.
 */
export function segmentCustomersWithTotal(db: Db, userId: string, definition: SegmentDefinition, now: Date) {
  const { condition, periods } = compileSegment(userId, definition, now);
  return members(withPeriods(db, periods), userId, condition).select((eb) =>
    // The count is a scalar subquery over its own `customers as c`, reading the same CTEs.
    members(eb as unknown as Pick<QueryCreator<Database>, 'selectFrom'>, userId, condition)
      .select(sql<number>`count(*)::int`.as('n'))
      .$asScalar()
      .as('segment_total'),
  );
}

/**
 * How many live customers each definition matches, in one statement: one pass over the owner's customers with a
 * `count(*) FILTER (WHERE …)` per definition, each the very condition `segmentCustomersQuery` compiles (its
 * period sets computed once each). Counting six segments one statement each read the customers six times.
 */
export async function countEachSegment(db: Db, userId: string, definitions: SegmentDefinition[], now: Date): Promise<number[]> {
  if (definitions.length === 0) return [];
  const ctx: Ctx = { userId, now, periods: [] };
  const eb = expressionBuilder<Scope, 'c'>();
  const conditions = definitions.map((definition) => compileNode(eb, definition, ctx));
  const row = await members(withPeriods(db, ctx.periods), userId, TRUE)
    .select(conditions.map((condition, i) => sql<number>`(count(*) FILTER (WHERE ${condition}))::int`.as(`n${i}`)))
    .executeTakeFirstOrThrow();
  const counts = row as Record<string, number>;
  return conditions.map((_, i) => Number(counts[`n${i}`]));
}
