import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEGMENT_DELETED, SEGMENT_GENERATION_ERROR } from '../../src/contract/segments.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { fieldList } from '../helpers/field-errors.ts';
import { addOrder, DAY, ordersBack, seedCustomer } from './segments-fixtures.ts';

// A browser sends Origin on a DELETE; Hono's csrf check wants it when there is no JSON body.
const SAME_ORIGIN = { Origin: 'http://localhost' };

describe('segments API', () => {
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;
  const now = new Date();

  beforeAll(async () => {
    t = await createTestApp();
    [owner, other] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    // 45 regulars (6+ visits, spend rising with i), 3 lapsed ones, 2 newcomers; one deleted regular.
    for (let i = 0; i < 45; i++) {
      await seedCustomer(t.deps.db, owner.userId, {
        given_name: `Regular${String(i).padStart(2, '0')}`,
        family_name: 'Diner',
        email: `regular${i}@x.test`,
        email_consent: i % 2 === 0,
        orders: ordersBack(now, 6, 1000 + i * 100, 2, 4),
      });
    }
    for (let i = 0; i < 3; i++) {
      await seedCustomer(t.deps.db, owner.userId, { given_name: `Lapsed${i}`, phone: `+1415555020${i}`, sms_consent: true, orders: ordersBack(now, 8, 3000 - i * 100, 60 + i, 5) });
    }
    for (let i = 0; i < 2; i++) await seedCustomer(t.deps.db, owner.userId, { given_name: `New${i}`, orders: [[new Date(now.getTime() - DAY), 1500]] });
    await seedCustomer(t.deps.db, owner.userId, { given_name: 'Gone', orders: ordersBack(now, 9, 99_900, 1, 1), deleted: true });
    await seedCustomer(t.deps.db, other.userId, { given_name: 'Stranger', orders: ordersBack(now, 9, 99_900, 1, 1) });
  });
  afterAll(() => t.close());

  const api = (method: string, path: string, body?: unknown, token = owner.token) =>
    call(t.app, method, `/api/v1/segments${path}`, body, token, method === 'DELETE' ? SAME_ORIGIN : {});

  it('needs a session', async () => {
    expect((await call(t.app, 'GET', '/api/v1/segments')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/segments/get_customer_segments')).status).toBe(401);
  });

  it('previews a query: the definition, its conditions in words, the live count and five customers', async () => {
    const res = await api('POST', '/preview', { user_query: "regulars who haven't been in for a month", email: other.email, access_key: 'ignored' });
    expect(res.status).toBe(200);
    expect(res.body.conditions).toEqual(['At least 5 visits in total', 'Last visit more than 30 days ago']);
    expect(res.body.count).toBe(3);
    expect(res.body.sample.map((c: { name: string }) => c.name)).toEqual(['Lapsed0', 'Lapsed1', 'Lapsed2']);
    expect(res.body.sample[0]).toEqual({
      id: expect.any(String),
      name: 'Lapsed0',
      email: null,
      phone: '+14155550200',
      'Total spent': 24_000,
      total_visits: 8,
      'Average order value': 3_000,
    });
  });

  it('previews an adjusted definition, and the count follows the change', async () => {
    const first = await api('POST', '/preview', { user_query: 'regulars' });
    expect(first.body.count).toBe(48);
    expect(first.body.sample).toHaveLength(5);
    const adjusted = { ...first.body.definition, conditions: [{ type: 'visits', op: 'gte', value: 7 }] };
    const second = await api('POST', '/preview', { definition: adjusted });
    expect(second.body).toMatchObject({ count: 3, conditions: ['At least 7 visits in total'] });
  });

  it("answers the spec's message for a query it cannot read, and 400 naming the field for an empty one", async () => {
    expect(await api('POST', '/preview', { user_query: 'people who like jazz' })).toMatchObject({ status: 400, body: { error: SEGMENT_GENERATION_ERROR } });
    expect(await api('POST', '/generate', { user_query: 'asdf qwerty' })).toMatchObject({ status: 400, body: { error: SEGMENT_GENERATION_ERROR } });
    const empty = await api('POST', '/generate', { user_query: '   ' });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields)).toContain('user_query');
    expect((await api('POST', '/preview', {})).status).toBe(400);
  });

  it('refuses bad definitions with 400 naming the field', async () => {
    // Each refused field with its message, as 'field: message; …' (the answer's `fields`).
    const bad = async (definition: unknown) => fieldList((await api('POST', '', { segmentation_title: 'Bad', definition })).body);
    expect(await bad({ type: 'group', op: 'and', conditions: [{ type: 'total_spent', op: 'gt', value: -1 }] })).toMatch(/^definition\.conditions\.0\.value: /);
    expect(await bad({ type: 'group', op: 'xor', conditions: [] })).toMatch(/^definition\.op: /);
    expect(await bad({ type: 'group', op: 'and', conditions: [{ type: 'birthday', op: 'month', month: 13 }] })).toMatch(/definition\.conditions\.0\.month: Month is 1 to 12/);
    expect(await bad({ type: 'group', op: 'and', conditions: [{ type: 'sql', value: '1=1; drop table customers' }] })).toMatch(/definition\.conditions\.0\.type: /);
    expect(await bad({ type: 'group', op: 'and', conditions: [{ type: 'has_email', value: true, extra: 1 }] })).toMatch(/definition\.conditions\.0\.extra: /);
    const tooDeep = { type: 'group', op: 'and', conditions: [{ type: 'group', op: 'or', conditions: [{ type: 'group', op: 'and', conditions: [{ type: 'group', op: 'and', conditions: [] }] }] }] };
    expect(await bad(tooDeep)).toMatch(/definition\.conditions\.0\.conditions\.0\.conditions\.0\.type: .*3 deep/);
    expect(fieldList((await api('POST', '', { definition: { type: 'group', op: 'and', conditions: [] } })).body)).toMatch(/^segmentation_title: /);
  });

  let regularsId: string;

  it('creates from a query (id, segmentation_title, notes) and lists it on both sides', async () => {
    const res = await api('POST', '/generate', { user_query: 'regulars', email: other.email, access_key: 'x' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), segmentation_title: 'Regulars', notes: 'At least 5 visits in total' });
    regularsId = res.body.id;
    expect((await api('GET', '')).body.results).toContainEqual(res.body);
    expect((await api('GET', '/get_customer_segments')).body.data).toContainEqual({ id: regularsId, customer_segment_name: 'Regulars' });
    // The email in the body named the other owner; the segment is still the caller's.
    expect((await api('GET', '', undefined, other.token)).body.results).toEqual([]);
  });

  it('creates from an explicit definition the owner adjusted, and reads it back with its conditions', async () => {
    const definition = { type: 'group', op: 'and', conditions: [{ type: 'last_visit', op: 'more_than', days: 45 }] };
    const res = await api('POST', '', { segmentation_title: 'Drifting away', definition, user_query: 'lapsed' });
    expect(res.status).toBe(201);
    const detail = await api('GET', `/${res.body.id}`);
    expect(detail.body).toMatchObject({
      segmentation_title: 'Drifting away',
      notes: 'Last visit more than 45 days ago',
      user_query: 'lapsed',
      definition,
      conditions: ['Last visit more than 45 days ago'],
    });
  });

  it('pages through a segment from page 1 with next, biggest spenders first', async () => {
    const page1 = await api('GET', `/${regularsId}/customers?page=1`);
    expect(page1.status).toBe(200);
    expect(page1.body.results.count).toBe(48);
    expect(page1.body.results.customers).toHaveLength(20);
    expect(page1.body.next).toBe(2);
    expect(page1.body.results.customers[0]).toMatchObject({ name: 'Regular44 Diner', 'Total spent': 6 * 5400, total_visits: 6, 'Average order value': 5400 });
    const page3 = await api('GET', `/${regularsId}/customers?page=3`);
    expect(page3.body.results.customers).toHaveLength(8);
    expect(page3.body.next).toBeNull();
    const seen = new Set<string>();
    for (let page = 1; page <= 3; page++) {
      for (const customer of (await api('GET', `/${regularsId}/customers?page=${page}`)).body.results.customers) seen.add(customer.id);
    }
    expect(seen.size).toBe(48);
    expect((await api('GET', `/${regularsId}/customers`)).body.next).toBe(2);
    expect(fieldList((await api('GET', `/${regularsId}/customers?page=0`)).body)).toMatch(/^page: /);
    expect((await api('GET', `/${regularsId}/customers?page=abc`)).status).toBe(400);
  });

  it('stays current as orders arrive', async () => {
    const res = await api('POST', '', { segmentation_title: 'Came in today', definition: { type: 'group', op: 'and', conditions: [{ type: 'last_visit', op: 'within', period: { kind: 'last_days', days: 1 } }] } });
    expect((await api('GET', `/${res.body.id}/customers`)).body.results.count).toBe(0);
    const newcomer = await t.deps.db.selectFrom('customers').select('id').where('given_name', '=', 'New0').executeTakeFirstOrThrow();
    await addOrder(t.deps.db, owner.userId, newcomer.id, new Date(), 800);
    expect((await api('GET', `/${res.body.id}/customers`)).body.results.customers.map((c: { name: string }) => c.name)).toEqual(['New0']);
  });

  it('counts every segment of the owner live, for the list (and only theirs)', async () => {
    expect((await call(t.app, 'GET', '/api/v1/segments/counts')).status).toBe(401);
    const res = await api('GET', '/counts');
    expect(res.status).toBe(200);
    const listed = (await api('GET', '')).body.results.map((segment: { id: string }) => segment.id);
    expect(Object.keys(res.body.counts).sort()).toEqual([...listed].sort());
    expect(res.body.counts[regularsId]).toBe(48);
    // Live: another newcomer today joins "Came in today" at once.
    const today = listed.find((id: string) => id !== regularsId && res.body.counts[id] === 1);
    expect(today).toBeDefined();
    const newcomer = await t.deps.db.selectFrom('customers').select('id').where('given_name', '=', 'New1').executeTakeFirstOrThrow();
    await addOrder(t.deps.db, owner.userId, newcomer.id, new Date(), 900);
    expect((await api('GET', '/counts')).body.counts[today]).toBe(2);
    // Another owner sees their own (none), never these.
    expect((await api('GET', '/counts', undefined, other.token)).body).toEqual({ counts: {} });
  });

  it('updates the title', async () => {
    const res = await api('PATCH', `/${regularsId}`, { segmentation_title: '  Our regulars ', email: 'x', access_key: 'y' });
    expect(res).toMatchObject({ status: 200, body: { id: regularsId, segmentation_title: 'Our regulars' } });
    expect((await api('GET', '/get_customer_segments')).body.data).toContainEqual({ id: regularsId, customer_segment_name: 'Our regulars' });
    expect(fieldList((await api('PATCH', `/${regularsId}`, { segmentation_title: '' })).body)).toMatch(/^segmentation_title: /);
  });

  it("answers 404 for another owner's segment, whatever the call", async () => {
    const theirs = (path: string, method = 'GET', body?: unknown) => api(method, path, body, other.token);
    expect((await theirs(`/${regularsId}`)).status).toBe(404);
    expect((await theirs(`/${regularsId}/customers?page=1`)).status).toBe(404);
    expect((await theirs(`/${regularsId}`, 'PATCH', { segmentation_title: 'Mine now' })).status).toBe(404);
    expect((await theirs(`/${regularsId}`, 'DELETE')).status).toBe(404);
    expect((await api('GET', `/${regularsId}`)).body.segmentation_title).toBe('Our regulars');
    expect((await api('GET', '/not-a-uuid')).status).toBe(404);
    expect((await api('GET', '/00000000-0000-4000-8000-000000000000/customers')).status).toBe(404);
  });

  it("never shows another owner's or deleted customers", async () => {
    const everyone = await api('POST', '/preview', { definition: { type: 'group', op: 'and', conditions: [] } });
    expect(everyone.body.count).toBe(50);
    const theirs = await api('POST', '/preview', { definition: { type: 'group', op: 'and', conditions: [] } }, other.token);
    expect(theirs.body.sample.map((c: { name: string }) => c.name)).toEqual(['Stranger']);
  });

  it('deletes with the spec message, then the segment is gone', async () => {
    const res = await api('DELETE', `/${regularsId}`);
    expect(res).toMatchObject({ status: 200, body: { message: SEGMENT_DELETED } });
    expect((await api('GET', `/${regularsId}`)).status).toBe(404);
    expect((await api('GET', '')).body.results.map((s: { id: string }) => s.id)).not.toContain(regularsId);
  });
});
