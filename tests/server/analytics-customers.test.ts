import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../server/db/client.ts';
import { answerQuestion, isAnswer } from '../../server/features/analytics/analytics-registry.ts';
import { customerName, dollarsValue } from '../../server/features/analytics/analytics-format.ts';
import { resolvePeriod } from '../../server/features/analytics/analytics-periods.ts';
import { recomputeFigures } from '../../server/features/customers/customers.service.ts';
import { customersByAge } from '../../server/features/metrics/metrics.service.ts';
import { countEachSegment } from '../../server/features/segments/segment-sql.ts';
import { countSegment } from '../../server/features/segments/segments.service.ts';
import type { AskPeriod } from '../../src/contract/ask-questions.ts';
import { AGE_GROUPS } from '../../src/contract/metrics.ts';
import type { SegmentDefinition, SegmentNode } from '../../src/contract/segments.ts';
import { openTestDatabase } from './analytics-fixtures.ts';
import { DAY, seedCustomer } from './segments-fixtures.ts';

/**
 * The Ask questions over customers, read the fast way (issue 16), against the same figures computed the plain way
 * on the same rows: segment sizes (all segments in one pass) against one count per segment; customers by age
 * (a partial index of those with a birth year, plus the live count) against a GROUP BY over every customer;
 * new vs returning against DISTINCT customers over the period's orders; top customers of a period against the
 * period's orders grouped per customer (orders dated later today or later this month left out, as the span ends
 * now). Before and after writes of every kind.
 */

const NOW = new Date('2025-11-27T15:37:12.345Z');

let handle: DbHandle;
let mine: string;
let theirs: string;
let customers: string[] = [];

function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** Birthdays around today and the edges of the brackets, no year, an impossible year, 29 February. */
function birthday(i: number, next: () => number): [number, number, number?] | undefined {
  switch (i % 9) {
    case 0:
      return undefined;
    case 1:
      return [11, 27, 2007]; // 18 today
    case 2:
      return [11, 28, 2007]; // 18 tomorrow: still 17
    case 3:
      return [2, 29, 1960];
    case 4:
      return [1 + Math.floor(next() * 12), 1 + Math.floor(next() * 28)]; // no year
    case 5:
      return [6, 1, 1850]; // not a real age: unknown
    case 6:
      return [3, 3, 2030]; // in the future: unknown
    default:
      return [1 + Math.floor(next() * 12), 1 + Math.floor(next() * 28), 1940 + Math.floor(next() * 80)];
  }
}

async function seedOwner(userId: string, n: number, seed: number): Promise<string[]> {
  const next = random(seed);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const visits = i % 4 === 0 ? 0 : 1 + Math.floor(next() * 9);
    // Some guests came for the first time this month; orders run a couple of days past NOW too.
    const days = i % 10 === 3 ? 20 : 420;
    const orders = Array.from({ length: visits }, (): [Date, number] => [new Date(NOW.getTime() - next() * days * DAY + 2 * DAY), 300 + Math.floor(next() * 6000)]);
    ids.push(
      await seedCustomer(handle.db, userId, {
        given_name: `Guest${i}`,
        birthday: birthday(i, next),
        email: i % 3 === 0 ? null : `g${i}-${seed}@example.com`,
        email_consent: i % 2 === 0,
        deleted: i % 17 === 5,
        orders,
      }),
    );
  }
  return ids;
}

const SEGMENTS: Array<[string, SegmentNode[]]> = [
  ['Regulars', [{ type: 'visits', op: 'gte', value: 5 }]],
  ['Lapsed', [{ type: 'last_visit', op: 'more_than', days: 90 }]],
  ['Big spenders this year', [{ type: 'total_spent', op: 'gt', value: 5_000, period: { kind: 'this_year' } }]],
  ['Active', [{ type: 'visits', op: 'gte', value: 2, period: { kind: 'last_days', days: 60 } }]],
  ['Quiet this month', [{ type: 'visits', op: 'lte', value: 0, period: { kind: 'this_month' } }]],
  ['Light last 30 days', [{ type: 'total_spent', op: 'lt', value: 2_000, period: { kind: 'last_days', days: 30 } }]],
  ['Birthdays next week', [{ type: 'birthday', op: 'next_days', days: 7 }]],
  ['Email subscribers', [{ type: 'email_consent', value: true }]],
  ['New this month', [{ type: 'first_visit', op: 'within', period: { kind: 'this_month' } }]],
  ['Everyone', []],
  [
    'Either',
    [
      {
        type: 'group',
        op: 'or',
        conditions: [
          { type: 'average_order_value', op: 'gte', value: 3_000 },
          { type: 'group', op: 'and', conditions: [{ type: 'has_email', value: false }, { type: 'visits', op: 'between', value: 1, value2: 3, period: { kind: 'last_month' } }] },
        ],
      },
    ],
  ],
];
const definitions: SegmentDefinition[] = SEGMENTS.map(([, conditions]) => ({ type: 'group', op: 'and', conditions }));

beforeAll(async () => {
  handle = await openTestDatabase();
  const owner = async (name: string) =>
    (await handle.db.insertInto('users').values({ name, email: `${name}@customers.test`, verified_at: NOW }).returning('id').executeTakeFirstOrThrow()).id;
  mine = await owner('mine');
  theirs = await owner('theirs');
  customers = await seedOwner(mine, 60, 7);
  await seedOwner(theirs, 25, 11);
  for (const [title, conditions] of SEGMENTS) {
    await handle.db.insertInto('segments').values({ user_id: mine, title, definition: JSON.stringify({ type: 'group', op: 'and', conditions }) }).execute();
  }
});

afterAll(async () => {
  await handle.close();
});

/** The age brackets as /metrics/get-customers-by-age counted them before: every live customer, grouped. */
async function rawAges(userId: string, now: Date) {
  const year = now.getUTCFullYear();
  const monthDay = (now.getUTCMonth() + 1) * 100 + now.getUTCDate();
  const { rows } = await sql<{ age_group: string; count: number }>`
    SELECT CASE
      WHEN birthday_year IS NULL OR birthday_year < 1900 OR birthday_year > ${year} THEN 'Unknown'
      ELSE CASE
        WHEN age < 18 THEN 'Under 18' WHEN age < 25 THEN '18-24' WHEN age < 35 THEN '25-34' WHEN age < 45 THEN '35-44'
        WHEN age < 55 THEN '45-54' WHEN age < 65 THEN '55-64' ELSE '65+' END END AS age_group, count(*)::int AS count
    FROM (SELECT birthday_year, ${year} - birthday_year - CASE WHEN coalesce(birthday_month, 1) * 100 + coalesce(birthday_day, 1) > ${monthDay} THEN 1 ELSE 0 END AS age
          FROM customers WHERE user_id = ${userId} AND deleted_at IS NULL) c
    GROUP BY 1`.execute(handle.db);
  const counts = new Map(rows.map((r) => [r.age_group, Number(r.count)]));
  return AGE_GROUPS.map((group) => ({ age_group: group, count: counts.get(group) ?? 0 }));
}

/** New and returning guests of a period, from the period's orders themselves. */
async function rawNewVsReturning(userId: string, period: AskPeriod, timeZone: string) {
  const span = resolvePeriod(period, { now: NOW, timeZone });
  const { rows } = await sql<{ fresh: number; returning: number }>`
    SELECT (count(*) FILTER (WHERE c.first_visit_at >= ${span.start}))::int AS fresh, (count(*) FILTER (WHERE c.first_visit_at < ${span.start}))::int AS returning
    FROM customers c
    WHERE c.user_id = ${userId} AND c.deleted_at IS NULL
      AND EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND o.user_id = ${userId} AND o.occurred_at >= ${span.start} AND o.occurred_at < ${span.end})`.execute(handle.db);
  return [Number(rows[0]!.fresh), Number(rows[0]!.returning)];
}

/** The top customers of a period, from the period's orders grouped per customer: names and bar values. */
async function rawTopCustomers(userId: string, by: 'spend' | 'visits', limit: number, period: AskPeriod, timeZone: string) {
  const span = resolvePeriod(period, { now: NOW, timeZone });
  const order = by === 'spend' ? sql`spent DESC, visits DESC, c.id` : sql`visits DESC, spent DESC, c.id`;
  const { rows } = await sql<{ given_name: string | null; family_name: string | null; spent: string | number; visits: number }>`
    SELECT c.given_name, c.family_name, sum(o.total_cents) AS spent, count(*)::int AS visits
    FROM orders o JOIN customers c ON c.id = o.customer_id AND c.user_id = ${userId} AND c.deleted_at IS NULL
    WHERE o.user_id = ${userId} AND o.occurred_at >= ${span.start} AND o.occurred_at < ${span.end}
    GROUP BY c.id, c.given_name, c.family_name
    ORDER BY ${order}
    LIMIT ${limit}`.execute(handle.db);
  return { labels: rows.map((r) => customerName(r.given_name, r.family_name)), values: rows.map((r) => (by === 'spend' ? dollarsValue(Number(r.spent)) : Number(r.visits))) };
}

const PERIODS: Array<[AskPeriod, string]> = [
  [{ kind: 'this_month' }, 'UTC'],
  [{ kind: 'last_month' }, 'UTC'],
  [{ kind: 'this_year' }, 'UTC'],
  [{ kind: 'last_months', months: 3 }, 'UTC'],
  [{ kind: 'this_month' }, 'America/New_York'],
  [{ kind: 'last_days', days: 30 }, 'Asia/Kolkata'],
];

async function expectSameAsRaw() {
  // Segment sizes: one pass for all of them, as one statement per segment counts them.
  const one = await Promise.all(definitions.map((d) => countSegment(handle.db, mine, d, NOW)));
  expect(await countEachSegment(handle.db, mine, definitions, NOW)).toEqual(one);
  expect(one.some((n) => n > 0) && new Set(one).size > 3).toBe(true); // the fixture tells the segments apart
  const sizes = await answerQuestion(handle.db, mine, { question: 'segment_sizes', params: {} }, { now: NOW, timeZone: 'UTC' });
  if (!isAnswer(sizes)) throw new Error(sizes.message);
  // The twelve newest segments, biggest first.
  const expected = SEGMENTS.map(([title], i) => ({ title, size: one[i]! }))
    .reverse()
    .slice(0, 12)
    .sort((a, b) => b.size - a.size || a.title.localeCompare(b.title));
  expect(sizes.graph.data).toEqual({ labels: expected.map((s) => s.title), values: expected.map((s) => s.size) });

  // Customers by age, on days either side of the birthdays in the fixture.
  for (const now of [NOW, new Date('2025-11-28T00:00:00Z'), new Date('2025-02-28T12:00:00Z'), new Date('2024-02-29T12:00:00Z')]) {
    for (const userId of [mine, theirs]) expect(await customersByAge(handle.db, userId, now)).toEqual(await rawAges(userId, now));
  }
  const ages = await rawAges(mine, NOW);
  expect(ages.filter((g) => g.count > 0).length).toBeGreaterThan(3);
  const answer = await answerQuestion(handle.db, mine, { question: 'customers_by_age', params: {} }, { now: NOW, timeZone: 'UTC' });
  if (!isAnswer(answer)) throw new Error(answer.message);
  expect(answer.graph.data.values).toEqual(ages.filter((g) => g.age_group !== 'Unknown').map((g) => g.count));

  // New vs returning, from the rollups (whole UTC months) and from the orders (any other span).
  for (const [period, timeZone] of PERIODS) {
    const raw = await rawNewVsReturning(mine, period, timeZone);
    const got = await answerQuestion(handle.db, mine, { question: 'new_vs_returning', params: { period } }, { now: NOW, timeZone });
    if (!isAnswer(got)) throw new Error(got.message);
    expect({ period, timeZone, values: got.empty ? [0, 0] : got.graph.data.values }).toEqual({ period, timeZone, values: raw });
  }

  // Top customers of a period, from the rollups (whole UTC months, or up to now less the orders after now) and
  // from the orders (any other span).
  for (const [period, timeZone] of PERIODS) {
    for (const by of ['spend', 'visits'] as const) {
      for (const limit of [5, 20]) {
        const raw = await rawTopCustomers(mine, by, limit, period, timeZone);
        const got = await answerQuestion(handle.db, mine, { question: 'top_customers', params: { by, limit, period } }, { now: NOW, timeZone });
        if (!isAnswer(got)) throw new Error(got.message);
        const data = got.empty ? { labels: [], values: [] } : got.graph.data;
        expect({ period, timeZone, by, limit, ...data }).toEqual({ period, timeZone, by, limit, ...raw });
      }
    }
  }
}

describe('Ask questions over customers equal the plain computation', () => {
  it('on the seeded data', async () => {
    expect((await rawNewVsReturning(mine, { kind: 'this_month' }, 'UTC'))[0]).toBeGreaterThan(0);
    // Orders dated after NOW but within its month and year: the running periods must leave them out.
    const later = await handle.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', mine)
      .where('occurred_at', '>', NOW)
      .where('customer_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(later.n)).toBeGreaterThan(0);
    await expectSameAsRaw();
  });

  it('after orders are added, moved, changed and removed, and customers are added, changed and deleted', async () => {
    const db = handle.db;
    // A first-ever visit this month, and more visits for others.
    const newcomer = await seedCustomer(db, mine, { given_name: 'New', birthday: [11, 27, 2000], email_consent: true, orders: [[new Date(NOW.getTime() - 3 * DAY), 2500]] });
    await db
      .insertInto('orders')
      .values(customers.slice(0, 12).map((id, i) => ({ user_id: mine, customer_id: id, occurred_at: new Date(NOW.getTime() - (i + 1) * 3_600_000), total_cents: 900 + i, source: 'square' as const })))
      .execute();
    // Move some orders into last month, change amounts, remove a few.
    const some = await db.selectFrom('orders').select('id').where('user_id', '=', mine).where('customer_id', 'is not', null).orderBy('id').limit(30).execute();
    await db.updateTable('orders').set({ occurred_at: new Date('2025-10-15T10:00:00Z') }).where('id', 'in', some.slice(0, 10).map((o) => o.id)).execute();
    await db.updateTable('orders').set({ total_cents: 12_000 }).where('id', 'in', some.slice(10, 20).map((o) => o.id)).execute();
    await db.deleteFrom('orders').where('id', 'in', some.slice(20, 30).map((o) => o.id)).execute();
    // Birthdays given, changed and taken away; customers deleted and restored.
    await db.updateTable('customers').set({ birthday_year: 1999, birthday_month: 11, birthday_day: 29 }).where('id', 'in', customers.slice(0, 5)).execute();
    await db.updateTable('customers').set({ birthday_year: null }).where('id', 'in', customers.slice(5, 10)).execute();
    await db.updateTable('customers').set({ deleted_at: NOW }).where('id', 'in', customers.slice(10, 16)).execute();
    await db.updateTable('customers').set({ deleted_at: null }).where('id', '=', customers[5]!).execute(); // deleted in the seed, restored
    await db.updateTable('customers').set({ email_consent: true, email_consent_at: new Date(NOW.getTime() - DAY) }).where('id', 'in', customers.slice(20, 30)).execute();
    await recomputeFigures(db, mine);
    // Later today: a big order for a guest who also came earlier this month, and a guest whose only visit of the
    // month (and year) is still to come. Neither counts for this month or this year yet.
    await db.insertInto('orders').values({ user_id: mine, customer_id: customers[40]!, occurred_at: new Date(NOW.getTime() + 3 * 3_600_000), total_cents: 90_000, source: 'square' }).execute();
    await seedCustomer(db, mine, { given_name: 'Later', orders: [[new Date(NOW.getTime() + 2 * 3_600_000), 80_000]] });
    // Another owner's writes change nothing of mine.
    await db.insertInto('orders').values({ user_id: theirs, customer_id: null, occurred_at: new Date(NOW.getTime() - DAY), total_cents: 99_999, source: 'csv' }).execute();
    expect(newcomer).toBeTruthy();
    await expectSameAsRaw();
  });
});
