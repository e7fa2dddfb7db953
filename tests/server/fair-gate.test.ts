import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFairGate, inArrivalOrder } from '../../server/db/fair-gate.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 17: under load nobody starves. Database connections go to the request that arrived first (first come, first
// served), not to whichever statement asked last; a request that has held them too long queues behind later ones.
describe('the fair gate in front of the database connections', () => {
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  /**
   * Three requests on a gate of one slot: the first takes the slot and works `work` ms, while the second and third
   * arrive and wait; then the first gives the slot back (the second gets it) and asks again for its next statement.
   */
  async function threeRequests(budgetMs: number | undefined, work: number) {
    const gate = budgetMs === undefined ? createFairGate(1) : createFairGate(1, budgetMs);
    const served: string[] = [];
    const statement = async (name: string) => {
      const release = await gate.acquire();
      served.push(name);
      await settle();
      release();
    };
    const first = inArrivalOrder(async () => {
      const release = await gate.acquire();
      served.push('first, statement 1');
      await new Promise((resolve) => setTimeout(resolve, work));
      release();
      await statement('first, statement 2');
    });
    await settle();
    const second = inArrivalOrder(() => statement('second, statement 1'));
    const third = inArrivalOrder(() => statement('third, statement 1'));
    await Promise.all([first, second, third]);
    return served;
  }

  it("serves an earlier request's next statement before a later request's first", async () => {
    // Statement by statement, the first request's second statement would wait behind the third's.
    expect(await threeRequests(undefined, 1)).toEqual(['first, statement 1', 'second, statement 1', 'first, statement 2', 'third, statement 1']);
  });

  it('sends a request that used up its time to the back of the line', async () => {
    expect(await threeRequests(0, 5)).toEqual(['first, statement 1', 'second, statement 1', 'third, statement 1', 'first, statement 2']);
  });

  it('hands out as many slots as it has, and a slot given back twice counts once', async () => {
    const gate = createFairGate(2);
    const a = await gate.acquire();
    const b = await gate.acquire();
    let third = false;
    const waiting = gate.acquire().then((release) => {
      third = true;
      return release;
    });
    await settle();
    expect(third).toBe(false);
    a();
    a();
    (await waiting)();
    expect(third).toBe(true);
    expect(gate.inUse).toBe(1);
    b();
    expect(gate.inUse).toBe(0);
  });
});

describe('requests on the database, first come first served', () => {
  let t: TestApp;
  let owner: TestAccount;
  let segmentId: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpVerified(t);
    const definition = { type: 'group', op: 'and', conditions: [{ type: 'created', op: 'within', period: { kind: 'last_days', days: 30 } }] };
    const segment = await call(t.app, 'POST', '/api/v1/segments', { segmentation_title: 'New this month', definition }, owner.token, { 'Idempotency-Key': randomUUID() });
    segmentId = segment.body.id;
  });
  afterAll(async () => t?.close());

  it('answers every request of a crowd, and a write that arrived first before the reads that came after it', async () => {
    const finished: string[] = [];
    const write = call(t.app, 'POST', '/api/v1/customers/manual/customer-manual', { given_name: 'Rosa' }, owner.token, { 'Idempotency-Key': randomUUID() }).then((res) => {
      finished.push('write');
      return res;
    });
    const reads = Array.from({ length: 30 }, (_, i) =>
      call(t.app, 'GET', i % 2 ? '/api/v1/customers/get_customers?page=1' : `/api/v1/segments/${segmentId}/customers`, undefined, owner.token).then((res) => {
        finished.push('read');
        return res;
      }),
    );
    const [written, ...answers] = await Promise.all([write, ...reads]);
    expect(written.status).toBe(201);
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    // On PGlite's one connection: the write has about a dozen statements (idempotency key, transaction, the customer's
    // page); queued statement by statement behind the 30 reads' it finished last. Now it is served as the first arrival
    // it is. (PostgreSQL's ten connections serve the reads side by side with it, so there it may still finish late.)
    if (process.env.MISE_TEST_DB !== 'postgres') expect(finished.indexOf('write')).toBeLessThan(15);
    // Transactions and plain statements still see each other's work whole.
    const listed = await call(t.app, 'GET', '/api/v1/customers/get_customers?page=1', undefined, owner.token);
    expect(listed.body.results.customers.map((c: { given_name: string }) => c.given_name)).toEqual(['Rosa']);
  });

  it('keeps working when many statements outside any request ask at once', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => sql<{ n: number }>`SELECT ${i}::int AS n`.execute(t.deps.db)));
    expect(answers.map((a) => a.rows[0]!.n)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });
});
