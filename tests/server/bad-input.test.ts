import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT_MESSAGE } from '../../server/lib/validate.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

// No 500 for any input (issue 17): text PostgreSQL cannot store is refused at the edge with a 400 naming the field,
// and malformed ids, queries and bodies are 4xx. Runs on PGlite and, with MISE_TEST_DB=postgres, on PostgreSQL
// (where a NUL used to come back as "invalid byte sequence for encoding UTF8", a 500).
describe('bad input never reaches the database as a 500', () => {
  let t: TestApp;
  let owner: TestAccount;
  let segmentId: string;
  const definition = { type: 'group', op: 'and', conditions: [{ type: 'visits', op: 'gte', value: 2 }] };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpVerified(t);
    const created = await call(t.app, 'POST', '/api/v1/segments', { segmentation_title: 'Regulars', definition }, owner.token);
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    segmentId = created.body.id ?? created.body.data?.id ?? created.body.segment?.id;
    expect(segmentId).toBeTruthy();
  });
  afterAll(() => t.close());

  const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(t.app, method, `/api/v1${path}`, body, owner.token, method === 'GET' ? headers : { Origin: 'http://localhost', ...headers });

  it("refuses a segment title holding NUL with a 400 naming the field (the issue's PATCH)", async () => {
    const res = await api('PATCH', `/segments/${segmentId}`, { segmentation_title: 'Regu\u0000lars' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ segmentation_title: UNSTORABLE_TEXT_MESSAGE });
    // Nothing was saved.
    expect((await api('GET', `/segments/${segmentId}`)).body).toMatchObject({ segmentation_title: 'Regulars' });
  });

  const unstorable = ['\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy'];
  const writes: { method: string; path: () => string; body: (text: string) => Record<string, unknown>; field: string }[] = [
    { method: 'POST', path: () => '/segments', body: (text) => ({ segmentation_title: text, definition }), field: 'segmentation_title' },
    { method: 'PATCH', path: () => `/segments/${segmentId}`, body: (text) => ({ segmentation_title: 'Ok', notes: text }), field: 'notes' },
    { method: 'POST', path: () => '/customers/manual/customer-manual', body: (text) => ({ given_name: text }), field: 'given_name' },
    { method: 'POST', path: () => '/auth/signin', body: (text) => ({ email: `a${text}@cafe.test`, password: 'correct-horse-9', userType: 'regular' }), field: 'email' },
  ];
  for (const write of writes) {
    it(`refuses unstorable text in ${write.method} ${write.path.toString().replace(/.*=> /, '')} ${write.field}`, async () => {
      for (const text of unstorable) {
        const res = await api(write.method, write.path(), write.body(text));
        expect(res.status, `${JSON.stringify(text)}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.fields?.[write.field]).toBe(UNSTORABLE_TEXT_MESSAGE);
      }
    });
  }

  it('refuses NUL in a key and deep inside nested values', async () => {
    const key = await api('POST', '/customers/manual/customer-manual', { given_name: 'Ana', ['no\u0000te']: 'x' });
    expect(key.status).toBe(400);
    const nested = await api('POST', '/segments/preview', { definition: { ...definition, conditions: [{ type: 'name', op: 'contains', value: 'a\u0000' }] } });
    expect(nested.status).toBeGreaterThanOrEqual(400);
    expect(nested.status).toBeLessThan(500);
  });

  it('answers malformed ids in paths with 4xx', async () => {
    for (const id of ['not-a-uuid', '%00', "1'%20OR%20'1'='1", '0', '00000000-0000-0000-0000-000000000000', 'x'.repeat(300), '%F0%9F%8D%95']) {
      for (const path of [`/segments/${id}`, `/customers/${id}`, `/media/${id}`]) {
        const res = await api('GET', path);
        expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
      }
      const patch = await api('PATCH', `/segments/${id}`, { segmentation_title: 'Fine' });
      expect(patch.status, id).toBeGreaterThanOrEqual(400);
      expect(patch.status, id).toBeLessThan(500);
    }
  });

  it('answers NUL and junk in query strings with 4xx or a normal answer, never 5xx', async () => {
    for (const query of ['search=%00', 'search=a%00b', 'sort=%00', 'page=%00', 'page=-1', 'page=99999999999', 'search=%ED%A0%80', 'search[]=1&search[]=2']) {
      const res = await api('GET', `/customers?${query}`);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
      if (res.status >= 400) expect(res.body.error).toBeTruthy();
    }
  });

  it('answers broken and wrongly typed JSON bodies with 400', async () => {
    const broken = await t.app.request('/api/v1/segments', {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json', Origin: 'http://localhost' },
      body: '{"segmentation_title": "x", ',
    });
    expect(broken.status).toBe(400);
    for (const body of [null, [], 'text', 42, { segmentation_title: 42, definition }, { segmentation_title: { $ne: 1 }, definition }]) {
      const res = await api('POST', '/segments', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    let deep: unknown = 'x';
    for (let i = 0; i < 2000; i++) deep = { a: deep };
    const nested = await api('POST', '/customers/manual/customer-manual', { given_name: 'Ana', notes: deep });
    expect(nested.status).toBeGreaterThanOrEqual(400);
    expect(nested.status).toBeLessThan(500);
  });

  it('names fields called like Object methods (found by the fuzz suite: "valueOf" answered 400 with an empty reason)', async () => {
    for (const field of ['valueOf', 'constructor', 'toString', '__proto__']) {
      const res = await api('POST', `/users/notifications/${owner.userId}`, JSON.parse(`{"${field}": [1, true]}`));
      expect(res.status, field).toBe(400);
      expect(res.body.error, field).toBeTruthy();
      expect(res.body.fields?.[field], field).toBeTruthy();
    }
  });
});
