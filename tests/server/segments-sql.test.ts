import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Condition, SegmentDefinition, SegmentNode } from '../../src/contract/segments.ts';
import { segmentCustomersQuery, segmentCustomersWithTotal } from '../../server/features/segments/segment-sql.ts';
import { countSegment, segmentCustomersPage } from '../../server/features/segments/segments.service.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addOrder, DAY, ordersBack, seedCustomer } from './segments-fixtures.ts';

// Sunday 15 June 2025, noon UTC. Every condition is evaluated against this clock.
const NOW = new Date('2025-06-15T12:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const at = (iso: string) => new Date(iso);
const all = (...conditions: SegmentNode[]): SegmentDefinition => ({ type: 'group', op: 'and', conditions });
const any = (...conditions: SegmentNode[]): SegmentDefinition => ({ type: 'group', op: 'or', conditions });

describe('segment definitions compiled to SQL', () => {
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, other] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const db = t.deps.db;
    const seed = (given_name: string, rest: Parameters<typeof seedCustomer>[2]) => seedCustomer(db, owner.userId, { given_name, ...rest });
    // A regular who has drifted away: 6 visits of $50, the last 40 days ago; spent $100 this year.
    await seed('Alice', { email: 'alice@x.test', email_consent: true, birthday: [3, 10, 1990], orders: ordersBack(NOW, 6, 5000, 40, 30), customer_since: at('2024-01-05T00:00:00Z') });
    // One recent small visit; texts allowed; email without consent.
    await seed('Bob', { email: 'bob@x.test', phone: '+14155550101', sms_consent: true, birthday: [6, 20], orders: [[ago(5), 2000]], customer_since: ago(5), source: 'square' });
    // Signed up via CSV three days ago, never visited.
    await seed('Carol', { phone: '+14155550102', birthday: [12, 30], source: 'csv', customer_since: ago(3) });
    // A VIP whose email consent was withdrawn; birthday on 29 February.
    await seed('Eve', { email: 'eve@x.test', email_consent: true, email_consent_at: ago(300), email_consent_withdrawn_at: ago(10), birthday: [2, 29, 1988], orders: ordersBack(NOW, 25, 4000, 2, 3), source: 'clover', customer_since: at('2023-03-01T00:00:00Z') });
    // Born 1 January; one big order last year.
    await seed('Frank', { birthday: [1, 1, 2001], orders: [[at('2024-11-20T18:00:00Z'), 30000]], source: 'csv', customer_since: at('2024-11-20T18:00:00Z') });
    // Deleted: matches everything money-wise but must never appear.
    await seed('Ghost', { email: 'ghost@x.test', email_consent: true, orders: ordersBack(NOW, 30, 10000, 1, 1), deleted: true });
    // Another owner's big spender.
    await seedCustomer(db, other.userId, { given_name: 'Stranger', email: 's@x.test', email_consent: true, orders: ordersBack(NOW, 30, 10000, 1, 1) });
  });
  afterAll(() => t.close());

  async function names(definition: SegmentDefinition, now = NOW, userId = owner.userId): Promise<string[]> {
    const rows = await segmentCustomersQuery(t.deps.db, userId, definition, now).select('c.given_name').orderBy('c.given_name').execute();
    return rows.map((row) => row.given_name ?? '');
  }
  const one = (condition: Condition) => names(all(condition));

  it('an empty definition is every live customer of this owner only', async () => {
    expect(await names(all())).toEqual(['Alice', 'Bob', 'Carol', 'Eve', 'Frank']);
    expect(await names(all(), NOW, other.userId)).toEqual(['Stranger']);
    expect(await countSegment(t.deps.db, owner.userId, all(), NOW)).toBe(5);
  });

  it('total spent: lifetime comparisons in cents, and between in either order', async () => {
    expect(await one({ type: 'total_spent', op: 'gt', value: 29_000 })).toEqual(['Alice', 'Eve', 'Frank']);
    expect(await one({ type: 'total_spent', op: 'gte', value: 30_000 })).toEqual(['Alice', 'Eve', 'Frank']);
    expect(await one({ type: 'total_spent', op: 'lt', value: 2_000 })).toEqual(['Carol']);
    expect(await one({ type: 'total_spent', op: 'lte', value: 2_000 })).toEqual(['Bob', 'Carol']);
    expect(await one({ type: 'total_spent', op: 'between', value: 50_000, value2: 20_000 })).toEqual(['Alice', 'Frank']);
  });

  it('total spent and visits within a period come from the orders themselves (zero counts as zero)', async () => {
    // This year (2025): Alice has orders 40, 70, 100, 130, 160 days ago = $250; Eve 25 × $40; Bob $20.
    expect(await one({ type: 'total_spent', op: 'gt', value: 15_000, period: { kind: 'this_year' } })).toEqual(['Alice', 'Eve']);
    expect(await one({ type: 'total_spent', op: 'lt', value: 5_000, period: { kind: 'this_year' } })).toEqual(['Bob', 'Carol', 'Frank']);
    expect(await one({ type: 'total_spent', op: 'gte', value: 30_000, period: { kind: 'last_year' } })).toEqual(['Frank']);
    expect(await one({ type: 'visits', op: 'gte', value: 1, period: { kind: 'last_days', days: 30 } })).toEqual(['Bob', 'Eve']);
    expect(await one({ type: 'visits', op: 'lte', value: 0, period: { kind: 'last_days', days: 30 } })).toEqual(['Alice', 'Carol', 'Frank']);
    expect(await one({ type: 'visits', op: 'between', value: 2, value2: 4, period: { kind: 'this_year' } })).toEqual([]);
    expect(await one({ type: 'visits', op: 'gte', value: 4, period: { kind: 'this_year' } })).toEqual(['Alice', 'Eve']);
  });

  it('visits and average order value over lifetime figures; no visits means no average', async () => {
    expect(await one({ type: 'visits', op: 'gte', value: 5 })).toEqual(['Alice', 'Eve']);
    expect(await one({ type: 'visits', op: 'lte', value: 0 })).toEqual(['Carol']);
    expect(await one({ type: 'average_order_value', op: 'gte', value: 5_000 })).toEqual(['Alice', 'Frank']);
    expect(await one({ type: 'average_order_value', op: 'lt', value: 4_500 })).toEqual(['Bob', 'Eve']);
  });

  it('last and first visit, and customer since', async () => {
    expect(await one({ type: 'last_visit', op: 'more_than', days: 30 })).toEqual(['Alice', 'Frank']);
    expect(await one({ type: 'last_visit', op: 'within', period: { kind: 'last_days', days: 7 } })).toEqual(['Bob', 'Eve']);
    expect(await one({ type: 'last_visit', op: 'within', period: { kind: 'last_month' } })).toEqual(['Alice']);
    expect(await one({ type: 'first_visit', op: 'within', period: { kind: 'this_month' } })).toEqual(['Bob']);
    expect(await one({ type: 'first_visit', op: 'more_than', days: 365 })).toEqual([]);
    expect(await one({ type: 'created', op: 'within', period: { kind: 'this_week' } })).toEqual(['Bob', 'Carol']);
    expect(await one({ type: 'created', op: 'within', period: { kind: 'last_days', days: 4 } })).toEqual(['Carol']);
    expect(await one({ type: 'created', op: 'within', period: { kind: 'last_days', days: 7 } })).toEqual(['Bob', 'Carol']);
    expect(await one({ type: 'created', op: 'more_than', days: 365 })).toEqual(['Alice', 'Eve']);
  });

  it('birthdays by month and in the next N days', async () => {
    expect(await one({ type: 'birthday', op: 'month', month: 3 })).toEqual(['Alice']);
    expect(await one({ type: 'birthday', op: 'next_days', days: 7 })).toEqual(['Bob']);
    expect(await one({ type: 'birthday', op: 'next_days', days: 5 })).toEqual([]);
    expect(await one({ type: 'birthday', op: 'next_days', days: 1 }), 'today only').toEqual([]);
  });

  it('birthday windows wrap the new year and honour 29 February', async () => {
    const dec28 = at('2025-12-28T09:00:00Z');
    expect(await names(all({ type: 'birthday', op: 'next_days', days: 7 }), dec28)).toEqual(['Carol', 'Frank']);
    // 2025 is not a leap year: Eve (29 Feb) celebrates on the 28th.
    expect(await names(all({ type: 'birthday', op: 'next_days', days: 1 }), at('2025-02-28T10:00:00Z'))).toEqual(['Eve']);
    expect(await names(all({ type: 'birthday', op: 'next_days', days: 1 }), at('2024-02-28T10:00:00Z'))).toEqual([]);
    expect(await names(all({ type: 'birthday', op: 'next_days', days: 1 }), at('2024-02-29T10:00:00Z'))).toEqual(['Eve']);
  });

  it('contact details, consent (withdrawn means no) and source', async () => {
    expect(await one({ type: 'has_email', value: true })).toEqual(['Alice', 'Bob', 'Eve']);
    expect(await one({ type: 'has_phone', value: false })).toEqual(['Alice', 'Eve', 'Frank']);
    expect(await one({ type: 'email_consent', value: true })).toEqual(['Alice']);
    expect(await one({ type: 'email_consent', value: false })).toEqual(['Bob', 'Carol', 'Eve', 'Frank']);
    expect(await one({ type: 'sms_consent', value: true })).toEqual(['Bob']);
    expect(await one({ type: 'source', values: ['csv', 'clover'] })).toEqual(['Carol', 'Eve', 'Frank']);
  });

  it('AND/OR groups nest', async () => {
    const vip = any({ type: 'total_spent', op: 'gte', value: 50_000 }, { type: 'visits', op: 'gte', value: 20 });
    expect(await names(vip)).toEqual(['Eve']);
    const lapsedRegularOrNew = any(
      { type: 'group', op: 'and', conditions: [{ type: 'visits', op: 'gte', value: 5 }, { type: 'last_visit', op: 'more_than', days: 30 }] },
      { type: 'group', op: 'and', conditions: [{ type: 'created', op: 'within', period: { kind: 'last_days', days: 7 } }, { type: 'group', op: 'or', conditions: [{ type: 'source', values: ['csv'] }, { type: 'has_email', value: true }] }] },
    );
    expect(await names(lapsedRegularOrNew)).toEqual(['Alice', 'Bob', 'Carol']);
  });

  it('stays current: a new order moves a customer into the segment', async () => {
    const definition = all({ type: 'visits', op: 'gte', value: 1, period: { kind: 'last_days', days: 30 } }, { type: 'source', values: ['csv'] });
    expect(await names(definition)).toEqual([]);
    const carol = await t.deps.db.selectFrom('customers').select('id').where('given_name', '=', 'Carol').executeTakeFirstOrThrow();
    await addOrder(t.deps.db, owner.userId, carol.id, ago(1), 1500);
    expect(await names(definition)).toEqual(['Carol']);
  });

  it('a page and its count come from one statement that groups each rolling window once', async () => {
    // Came in this month, or spent under $50 over the last year (none at all counts as under) with a phone.
    const definition = any(
      { type: 'visits', op: 'gte', value: 1, period: { kind: 'last_days', days: 30 } },
      all({ type: 'total_spent', op: 'lt', value: 5_000, period: { kind: 'last_days', days: 365 } }, { type: 'has_phone', value: true }),
    );
    expect(await names(definition)).toEqual(['Bob', 'Carol', 'Eve']);
    const compiled = segmentCustomersWithTotal(t.deps.db, owner.userId, definition, NOW).select('c.id').compile();
    expect(compiled.sql.match(/as materialized/gi)).toHaveLength(2);
    const first = await segmentCustomersPage(t.deps.db, owner.userId, definition, NOW, 1, 1);
    expect(first).toMatchObject({ count: 3, next: 2 });
    expect(first.customers.map((customer) => customer.name)).toEqual(['Eve']);
    // Past the last page there is no row to carry the total: it is still counted.
    expect(await segmentCustomersPage(t.deps.db, owner.userId, definition, NOW, 5, 1)).toEqual({ customers: [], count: 3, next: null });
  });

  it('binds values as parameters: hostile strings in values never become SQL', async () => {
    const compiled = segmentCustomersQuery(t.deps.db, owner.userId, all({ type: 'source', values: ['csv'] }, { type: 'total_spent', op: 'gt', value: 100 }), NOW)
      .select('c.id')
      .compile();
    expect(compiled.sql).not.toContain('csv');
    expect(compiled.sql).not.toContain('100');
    expect(compiled.parameters).toEqual(expect.arrayContaining(['csv', 100, owner.userId]));
  });
});
