import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs } from '../../server/jobs/jobs.ts';
import { runPosImport, POS_IMPORT_JOB } from '../../server/features/pos/pos-import.ts';
import { startFakeClover, type FakeClover } from '../fakes/clover.ts';
import { expectedFigures } from '../fakes/pos-data.ts';
import { startFakeSquare, type FakeSquare } from '../fakes/square.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { cloverEnv, connect, connectionOf, posJobs, squareEnv } from './pos-helpers.ts';

type Figures = { pos_customer_id: string; total_spent_cents: number; visit_count: number; last_visit_at: Date | null };

async function storedFigures(t: TestApp, userId: string): Promise<Map<string, Figures>> {
  const { rows } = await sql<Figures>`
    SELECT pos_customer_id, total_spent_cents::int AS total_spent_cents, visit_count, last_visit_at
    FROM customers WHERE user_id = ${userId} AND pos_customer_id IS NOT NULL`.execute(t.deps.db);
  return new Map(rows.map((row) => [row.pos_customer_id, row]));
}

function expectFiguresMatch(stored: Map<string, Figures>, orders: Parameters<typeof expectedFigures>[0]) {
  const expected = expectedFigures(orders);
  expect(expected.size).toBeGreaterThan(10);
  for (const [id, figures] of expected) {
    expect(stored.get(id), id).toMatchObject({ total_spent_cents: figures.total, visit_count: figures.visits, last_visit_at: new Date(figures.last) });
  }
}

const counts = async (t: TestApp, userId: string) => {
  const { rows } = await sql<{ customers: number; orders: number }>`
    SELECT (SELECT count(*)::int FROM customers WHERE user_id = ${userId}) AS customers,
           (SELECT count(*)::int FROM orders WHERE user_id = ${userId}) AS orders`.execute(t.deps.db);
  return rows[0]!;
};

describe('Square import', () => {
  let square: FakeSquare;
  let t: TestApp;
  beforeAll(async () => {
    square = await startFakeSquare({ customers: 340, ordersPerCustomer: 3, locations: 2 });
    t = await createTestApp(squareEnv(square));
  });
  afterAll(async () => {
    await t.close();
    await square.close();
  });

  it("stops at the plan's contact limit with the plan's message on the card, instead of going past it", async () => {
    const owner = await signUpVerified(t);
    // 300 customers already: the 340 from Square do not fit in the Free plan's 500.
    await sql`insert into customers (user_id, given_name, source)
              select ${owner.userId}::uuid, 'Guest ' || n, 'manual' from generate_series(1, 300) as n`.execute(t.deps.db);
    expect((await connect(t, owner, 'square')).status).toBe(200);
    await posJobs(t).runDue();
    const row = await connectionOf(t, owner.userId);
    expect(row?.message).toMatch(/Free plan allows .*contacts.*Upgrade to Basic/);
    expect((await counts(t, owner.userId)).customers).toBeLessThanOrEqual(500);
  });

  it('imports every customer and COMPLETED order, with figures computed in SQL, and re-runs without duplicates', async () => {
    const owner = await signUpVerified(t);
    expect((await connect(t, owner, 'square')).status).toBe(200);
    await posJobs(t).runDue();
    const row = await connectionOf(t, owner.userId);
    expect(row).toMatchObject({ status: 'connected', progress: 100, import_state: null });
    // The imported rows get vacuumed and analyzed soon (segment table maintenance, one queued run).
    expect(await t.deps.db.selectFrom('jobs').select('status').where('name', '=', 'segments.analyze').execute()).toEqual([{ status: 'queued' }]);
    const completed = square.orders.filter((order) => order.state === 'COMPLETED');
    expect(await counts(t, owner.userId)).toEqual({ customers: 340, orders: completed.length });
    expectFiguresMatch(await storedFigures(t, owner.userId), square.orders);

    // Orders carrying the buyer only on a tender are linked too.
    const tenderOnly = square.orders.find((order) => order.customerOnTenderOnly && order.state === 'COMPLETED')!;
    const linked = await t.deps.db.selectFrom('orders').select('customer_id').where('pos_order_id', '=', tenderOnly.id).executeTakeFirstOrThrow();
    expect(linked.customer_id).not.toBeNull();

    // Customers arrive with phones in E.164, birthdays and Square's email preference as consent.
    const maya = square.customers[0]!;
    const stored = await t.deps.db.selectFrom('customers').selectAll().where('pos_customer_id', '=', maya.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ source: 'square', phone: maya.phone, email: maya.email, birthday_month: maya.birthday!.month, email_consent: true, email_consent_source: 'square' });

    // Windows of at most 90 days, each location separately, the sort field matching the filter.
    const searches = square.calls.filter((c) => c.path === '/v2/orders/search').map((c) => c.body as { location_ids: string[]; query: { filter: { date_time_filter: { closed_at: { start_at: string; end_at: string } } } } });
    for (const search of searches) {
      expect(search.location_ids).toHaveLength(1);
      const window = search.query.filter.date_time_filter.closed_at;
      expect(Date.parse(window.end_at) - Date.parse(window.start_at)).toBeLessThanOrEqual(90 * 86_400_000);
    }

    // A re-run picks up what is new and duplicates nothing.
    square.customers.push({ ...square.customers[1]!, id: 'CNEW01', email: 'new@pos.test', phone: null });
    square.orders.push({ id: 'ONEW01', customerId: 'CNEW01', customerOnTenderOnly: false, locationId: square.locations[0]!, state: 'COMPLETED', totalCents: 999, closedAt: Date.now() - 60_000 });
    const sync = await call(t.app, 'POST', '/api/v1/pos/sync', undefined, owner.token, { Origin: 'http://localhost' });
    expect(sync.status).toBe(200);
    await posJobs(t).runDue();
    expect(await counts(t, owner.userId)).toEqual({ customers: 341, orders: completed.length + 1 });
    expect((await storedFigures(t, owner.userId)).get('CNEW01')).toMatchObject({ total_spent_cents: 999, visit_count: 1 });
  });

  it('resumes from its checkpoint after a restart instead of starting over', async () => {
    const owner = await signUpVerified(t);
    await connect(t, owner, 'square');
    const first = posJobs(t);
    let customerPages = 0;
    square.setOnCall((path) => {
      // The server is stopped while the third page of customers is being served.
      if (path === '/v2/customers' && ++customerPages === 3) void first.stop();
    });
    first.start();
    // Until the stopped run has handed its job back: none active (another import job may wait, queued for later).
    await waitFor(async () => {
      const jobs = await t.deps.db.selectFrom('jobs').select(['status', 'locked_by']).where('name', '=', POS_IMPORT_JOB).where('status', 'in', ['queued', 'active']).execute();
      return customerPages >= 3 && jobs.some((job) => job.status === 'queued') && !jobs.some((job) => job.status === 'active');
    });
    square.setOnCall(undefined);
    const paused = await connectionOf(t, owner.userId);
    expect(paused!.status).toBe('importing');
    // The third page was in flight when the server stopped: it was abandoned, the checkpoint is after page two.
    expect(paused!.import_state).toMatchObject({ phase: 'customers', customersSeen: 200, customersTotal: square.customers.length });
    expect(paused!.progress).toBeGreaterThan(20);
    expect(paused!.progress).toBeLessThan(40);

    const callsBefore = square.calls.length;
    await posJobs(t).runDue(); // a new process
    const resumedCustomerCalls = square.calls.slice(callsBefore).filter((c) => c.path.startsWith('/v2/customers'));
    // Pages three and four only, starting from the saved cursor (a fresh start would read four pages).
    expect(resumedCustomerCalls).toHaveLength(2);
    expect(resumedCustomerCalls[0]!.path).toContain('cursor=');
    expect(await connectionOf(t, owner.userId)).toMatchObject({ status: 'connected', progress: 100 });
    expect((await counts(t, owner.userId)).customers).toBe(square.customers.length);
    expectFiguresMatch(await storedFigures(t, owner.userId), square.orders);
  });

  it('waits out 429 answers (Retry-After) and finishes', async () => {
    const owner = await signUpVerified(t);
    await connect(t, owner, 'square');
    square.rateLimitNext(2, 1);
    const started = Date.now();
    await posJobs(t).runDue();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(await connectionOf(t, owner.userId)).toMatchObject({ status: 'connected', progress: 100 });
  });

  it('refreshes a token that is about to lapse before using it, and after a 401', async () => {
    const owner = await signUpVerified(t);
    await connect(t, owner, 'square');
    const grant = square.grants.at(-1)!;
    const firstToken = grant.accessToken;
    // Our copy says the token lapses in 5 minutes: inside the refresh margin.
    await t.deps.db.updateTable('pos_connections').set({ access_expires_at: new Date(Date.now() + 5 * 60_000) }).where('user_id', '=', owner.userId).execute();
    const jobs = posJobs(t);
    let pages = 0;
    square.setOnCall((path) => {
      // Square ends the token early in the middle of the import: the next call answers 401.
      if (path === '/v2/locations' && ++pages === 1) square.expireAccessTokens();
    });
    await jobs.runDue();
    square.setOnCall(undefined);
    const refreshes = square.calls.filter((c) => c.path === '/oauth2/token' && (c.body as { grant_type: string }).grant_type === 'refresh_token');
    expect(refreshes.length).toBeGreaterThanOrEqual(2);
    expect(grant.accessToken).not.toBe(firstToken);
    const row = await connectionOf(t, owner.userId);
    expect(row).toMatchObject({ status: 'connected', progress: 100 });
    expect(row!.access_expires_at!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });
});

describe('Clover import', () => {
  let clover: FakeClover;
  let t: TestApp;
  let owner: TestAccount;
  beforeAll(async () => {
    clover = await startFakeClover({ customers: 230, ordersPerCustomer: 3 });
    t = await createTestApp(cloverEnv(clover));
    owner = await signUpVerified(t);
  });
  afterAll(async () => {
    await t.close();
    await clover.close();
  });

  it('pages customers, reads PAID orders in ≤ 90-day windows grouped by customer, with single-use refresh tokens', async () => {
    expect((await connect(t, owner, 'clover')).status).toBe(200);
    clover.rateLimitNext(1, 1);
    // Lapse the token: the import must refresh it (and the used refresh token stops working).
    await t.deps.db.updateTable('pos_connections').set({ access_expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', owner.userId).execute();
    await posJobs(t).runDue();
    expect(await connectionOf(t, owner.userId)).toMatchObject({ status: 'connected', progress: 100 });
    const paid = clover.orders.filter((order) => order.state === 'COMPLETED');
    expect(await counts(t, owner.userId)).toEqual({ customers: 230, orders: paid.length });
    expectFiguresMatch(await storedFigures(t, owner.userId), clover.orders);
    expect(clover.grants.filter((grant) => grant.refreshUsed)).toHaveLength(1);
    const orderCalls = clover.calls.filter((c) => c.path.includes('/orders'));
    expect(orderCalls.length).toBeGreaterThanOrEqual(9);
    for (const c of orderCalls) expect(new URL(c.path, 'http://x').searchParams.get('expand')).toBe('customers');
    const customer = await t.deps.db.selectFrom('customers').selectAll().where('pos_customer_id', '=', clover.customers[0]!.id).executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ source: 'clover', phone: clover.customers[0]!.phone, email_consent: true, sms_consent: true });
  });

  it('a failing import is retried by the queue and marked as stopped after the last attempt', async () => {
    const row = (await connectionOf(t, owner.userId))!;
    await t.deps.db.updateTable('pos_connections').set({ status: 'importing', import_state: null }).where('id', '=', row.id).execute();
    await clover.close(); // the provider is unreachable
    const jobs = createJobs({ db: t.deps.db, logger: t.deps.logger, now: t.deps.now });
    jobs.work<{ connectionId: string }>(POS_IMPORT_JOB, (job) => runPosImport(t.deps, { ...job, attempt: 6 }));
    await t.deps.db.insertInto('jobs').values({ name: POS_IMPORT_JOB, payload: JSON.stringify({ connectionId: row.id }), max_attempts: 1, run_at: new Date() }).execute();
    await jobs.runDue();
    const failed = await connectionOf(t, owner.userId);
    expect(failed!.status).toBe('error');
    expect(failed!.message).toMatch(/^The import stopped: Could not reach/);
    const status = await call(t.app, 'GET', '/api/v1/pos/connection', undefined, owner.token);
    expect(status.body.providers.clover.state).toBe('error');
  }, 60_000);
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('condition not reached in time');
}

describe('hourly token refresh', () => {
  it('renews tokens that lapse within a day, and leaves fresh ones alone', async () => {
    const { refreshExpiringTokens } = await import('../../server/features/pos/pos-refresh.ts');
    const clover = await startFakeClover({ customers: 3, ordersPerCustomer: 1 });
    const t = await createTestApp(cloverEnv(clover));
    try {
      const owner = await signUpVerified(t);
      await connect(t, owner, 'clover');
      const before = (await connectionOf(t, owner.userId))!;
      // The fake's tokens last an hour: due.
      expect(await refreshExpiringTokens(t.deps)).toEqual({ refreshed: 1, failed: 0 });
      const after = (await connectionOf(t, owner.userId))!;
      expect(after.access_token_sealed).not.toBe(before.access_token_sealed);
      expect(clover.grants.filter((grant) => grant.refreshUsed)).toHaveLength(1);
      await t.deps.db.updateTable('pos_connections').set({ access_expires_at: new Date(Date.now() + 7 * 86_400_000), refresh_expires_at: null }).where('id', '=', after.id).execute();
      expect(await refreshExpiringTokens(t.deps)).toEqual({ refreshed: 0, failed: 0 });
    } finally {
      await t.close();
      await clover.close();
    }
  });
});
