import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASK_UNANSWERABLE } from '../../src/contract/ask-graph.ts';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { ordersBack, seedCustomer } from './segments-fixtures.ts';

// The Ask API over the owner's own data (issue 16). The questions' figures are worked by hand in
// analytics.test.ts; here: the calls, follow-ups, history, bad input, and that nothing crosses owners.

let t: TestApp;
let owner: TestAccount;
let rival: TestAccount;
let empty: TestAccount;

const api = (method: string, path: string, body?: unknown, account = owner, headers: Record<string, string> = {}) =>
  call(t.app, method, `/api/v1${path}`, body, account.token, { Origin: 'http://localhost', ...headers });

beforeAll(async () => {
  t = await createTestApp();
  [owner, rival, empty] = await Promise.all([signUpVerified(t, { name: 'Rosa Owner' }), signUpVerified(t, { name: 'Rex Rival' }), signUpVerified(t, { name: 'Nell New' })]);
  const now = new Date();
  await seedCustomer(t.deps.db, owner.userId, { given_name: 'Alice', family_name: 'Adams', orders: ordersBack(now, 3, 4000, 0.01, 1) });
  await seedCustomer(t.deps.db, owner.userId, { given_name: 'Bob', family_name: 'Brown', orders: ordersBack(now, 2, 1000, 0.01, 1) });
  // The rival's figures dwarf ours: any leak would show in every answer below.
  const rex = await seedCustomer(t.deps.db, rival.userId, { given_name: 'Rex', family_name: 'Stranger', orders: ordersBack(now, 20, 90_000, 0.01, 1) });
  // The rival's taco email, sent yesterday to Rex: only the rival's Ask may speak of it.
  const started = new Date(now.getTime() - 86_400_000);
  const send = await t.deps.db
    .insertInto('sends')
    .values({ user_id: rival.userId, channel: 'email', source_kind: 'email_draft', source_id: crypto.randomUUID(), segment_id: null, title: 'Taco Tuesday', status: 'sent', scheduled_at: started, started_at: started, completed_at: started, base_url: 'http://mise.test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.deps.db.insertInto('send_recipients').values({ send_id: send.id, customer_id: rex, to_address: 'rex@example.com', status: 'sent', sent_at: started }).execute();
});
afterAll(() => t?.close());

describe('POST /ask/messages (text mode)', () => {
  it('answers in words with the chart behind them, in a new conversation titled by the question', async () => {
    const res = await api('POST', '/ask/messages', { query: '  Who are my top customers?  ' });
    expect(res.status).toBe(200);
    const { conversation } = res.body;
    expect(conversation.title).toBe('Who are my top customers?');
    expect(conversation.messages).toHaveLength(1);
    const [message] = conversation.messages;
    expect(message.text).toBe('Who are my top customers?');
    expect(message.graph_json.graph_type).toBe('bar');
    expect(message.graph_json.data).toEqual({ labels: ['Alice Adams', 'Bob Brown'], values: [120, 20] });
    expect(message.response).toContain('Alice Adams');
    expect(message.response).not.toContain('Rex');
    expect(message.takeaway).toEqual(expect.any(String));
    expect(message.suggestions).toEqual([]);
  });

  it('a follow-up starts from the question before it ("by visits")', async () => {
    const first = (await api('POST', '/ask/messages', { query: 'Who are my top customers?' })).body.conversation;
    const res = await api('POST', '/ask/messages', { query: 'and by visits?', conversation_id: first.id });
    expect(res.status).toBe(200);
    expect(res.body.conversation.id).toBe(first.id);
    const [, second] = res.body.conversation.messages;
    expect(second.graph_json.title).toMatch(/by visits/);
    expect(second.graph_json.data.values).toEqual([3, 2]);
  });

  it('says it cannot answer rather than drawing a wrong chart, with questions it can answer', async () => {
    const res = await api('POST', '/ask/messages', { query: 'What was the weather like on Friday?' });
    expect(res.status).toBe(200);
    const [message] = res.body.conversation.messages;
    expect(message.response).toBe(ASK_UNANSWERABLE);
    expect(message.graph_json).toBeNull();
    expect(message.suggestions.length).toBeGreaterThan(0);
  });

  it('"did the taco email work?" speaks only of my campaigns: another owner\'s taco email is not mine', async () => {
    const mine = (await api('POST', '/ask/messages', { query: 'Did the taco email work?' })).body.conversation.messages[0];
    expect(mine.response).toBe('No email with “taco” in its name has gone out yet.');
    expect(mine.graph_json.graph_type).toBe('none');
    expect(JSON.stringify(mine)).not.toMatch(/Taco Tuesday|Rex/);
    const theirs = (await api('POST', '/ask/messages', { query: 'Did the taco email work?' }, rival)).body.conversation.messages[0];
    expect(theirs.graph_json).toMatchObject({ graph_type: 'bar', data: { labels: ['Taco Tuesday'] } });
    expect(theirs.takeaway).toMatch(/^“Taco Tuesday” \(email\): 1 guest of the 1 it reached came back within 14 days and spent \$/);
  });

  it('an owner with no data gets "nothing yet", never another owner\'s figures', async () => {
    const res = await api('POST', '/ask/messages', { query: 'Who are my top customers?' }, empty);
    const [message] = res.body.conversation.messages;
    expect(message.graph_json.graph_type).toBe('none');
    expect(message.graph_json.data).toEqual({ labels: [], values: [] });
    expect(JSON.stringify(message)).not.toMatch(/Rex|Alice/);
  });

  it('names the bad field with a 400', async () => {
    const missing = await api('POST', '/ask/messages', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields.query).toBe('Question is required');
    expect((await api('POST', '/ask/messages', { query: '   ' })).body.fields.query).toBe('Question is required');
    expect((await api('POST', '/ask/messages', { query: 'x'.repeat(501) })).body.fields.query).toBe('Question is at most 500 characters');
    const badId = await api('POST', '/ask/messages', { query: 'Sales this month', conversation_id: 'nope' });
    expect(badId.status).toBe(400);
    expect(badId.body.fields.conversation_id).toBe('Conversation must be an id');
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'POST', '/api/v1/ask/messages', { query: 'Sales this month' }, undefined, { Origin: 'http://localhost' })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/ask/conversations')).status).toBe(401);
  });

  it('a question queued offline and sent twice with its key is answered once', async () => {
    const id = crypto.randomUUID();
    const key = crypto.randomUUID();
    const body = { query: 'Who are my top customers?', new_conversation_id: id };
    const first = await api('POST', '/ask/messages', body, owner, { 'Idempotency-Key': key });
    const again = await api('POST', '/ask/messages', body, owner, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(first.body.conversation.id).toBe(id);
    expect((await api('GET', `/ask/conversations/${id}`)).body.messages).toHaveLength(1);
  });
});

describe('conversations: history, rename, delete, and another owner\'s ids', () => {
  it('lists only my conversations, newest first, with their messages', async () => {
    const mine = (await api('POST', '/ask/messages', { query: 'How did sales go this month?' })).body.conversation;
    await api('POST', '/ask/messages', { query: 'Who are my top customers?' }, rival);
    const list = (await api('GET', '/ask/conversations')).body.conversations;
    expect(list[0].id).toBe(mine.id);
    expect(list[0].messages).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain('Stranger');
    expect((await api('GET', '/ask/conversations', undefined, empty)).body.conversations).toHaveLength(1);
  });

  it("another owner's conversation is 404 for every call, and its id cannot be taken over", async () => {
    const theirs = (await api('POST', '/ask/messages', { query: 'Who are my top customers?' }, rival)).body.conversation;
    expect((await api('GET', `/ask/conversations/${theirs.id}`)).status).toBe(404);
    expect((await api('POST', '/ask/messages', { query: 'and by visits?', conversation_id: theirs.id })).status).toBe(404);
    expect((await api('POST', `/ask/conversations/${theirs.id}/title`, { title: 'Mine now' })).status).toBe(404);
    expect((await api('DELETE', `/ask/conversations/${theirs.id}`)).status).toBe(404);
    const taken = await api('POST', '/ask/messages', { query: 'Sales this month', new_conversation_id: theirs.id });
    expect(taken.status).toBe(409);
    expect(taken.body.fields.new_conversation_id).toBeDefined();
    expect((await api('GET', `/ask/conversations/${theirs.id}`, undefined, rival)).body.messages).toHaveLength(1);
    expect((await api('GET', '/ask/conversations/not-an-id')).status).toBe(404);
    expect((await api('GET', `/ask/conversations/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('renames (title required) and deletes my conversation', async () => {
    const mine = (await api('POST', '/ask/messages', { query: 'Who are my top customers?' })).body.conversation;
    expect((await api('POST', `/ask/conversations/${mine.id}/title`, { title: ' ' })).body.fields.title).toBe('Title is required');
    const renamed = await api('POST', `/ask/conversations/${mine.id}/title`, { title: 'Best guests' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe('Best guests');
    expect((await api('DELETE', `/ask/conversations/${mine.id}`)).status).toBe(200);
    expect((await api('GET', `/ask/conversations/${mine.id}`)).status).toBe(404);
  });
});

describe('POST /ask/graphs (graph mode)', () => {
  it('returns id, prompt, timestamp and graph_json with its takeaway', async () => {
    const res = await api('POST', '/ask/graphs', { prompt: 'Who are my top customers?' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(String), prompt: 'Who are my top customers?', timestamp: expect.any(String), follows_id: null });
    expect(res.body.graph_json).toMatchObject({ graph_type: 'bar', data: { labels: ['Alice Adams', 'Bob Brown'], values: [120, 20] } });
    expect(res.body.takeaway).toEqual(expect.any(String));
    expect((await api('GET', `/ask/graphs/${res.body.id}`)).body).toEqual(res.body);
  });

  it('a follow-up redraws the graph it follows ("as a pie chart")', async () => {
    const first = (await api('POST', '/ask/graphs', { prompt: 'Who are my top customers by visits?' })).body;
    const pie = await api('POST', '/ask/graphs', { prompt: 'as a pie chart', follows_id: first.id });
    expect(pie.status).toBe(201);
    expect(pie.body.follows_id).toBe(first.id);
    expect(pie.body.graph_json.graph_type).toBe('pie');
    expect(pie.body.graph_json.data).toEqual(first.graph_json.data);
  });

  it('words it cannot chart make a `none` graph that says so', async () => {
    const res = await api('POST', '/ask/graphs', { prompt: 'Which dish sells best?' });
    expect(res.status).toBe(201);
    expect(res.body.graph_json.graph_type).toBe('none');
    expect(res.body.takeaway).toBe(ASK_UNANSWERABLE);
    expect(res.body.suggestions.length).toBeGreaterThan(0);
  });

  it('bad input names the field; another owner\'s graph is 404 everywhere', async () => {
    expect((await api('POST', '/ask/graphs', {})).body.fields.prompt).toBe('Prompt is required');
    expect((await api('POST', '/ask/graphs', { prompt: 'Sales', follows_id: 'x' })).body.fields.follows_id).toBe('Follow-up graph must be an id');
    const theirs = (await api('POST', '/ask/graphs', { prompt: 'Who are my top customers?' }, rival)).body;
    expect((await api('GET', `/ask/graphs/${theirs.id}`)).status).toBe(404);
    expect((await api('DELETE', `/ask/graphs/${theirs.id}`)).status).toBe(404);
    expect((await api('POST', '/ask/graphs', { prompt: 'as a pie chart', follows_id: theirs.id })).status).toBe(404);
    expect((await api('POST', '/ask/graphs', { prompt: 'Sales', new_graph_id: theirs.id })).status).toBe(409);
    const mine = (await api('GET', '/ask/graphs')).body.graphs;
    expect(mine.map((g: { id: string }) => g.id)).not.toContain(theirs.id);
  });

  it('a graph sent again under its own id is not answered twice; delete removes it', async () => {
    const id = crypto.randomUUID();
    const first = await api('POST', '/ask/graphs', { prompt: 'Who are my top customers?', new_graph_id: id });
    const again = await api('POST', '/ask/graphs', { prompt: 'Who are my top customers?', new_graph_id: id });
    expect(again.body).toEqual(first.body);
    const ids = (await api('GET', '/ask/graphs')).body.graphs.map((g: { id: string }) => g.id);
    expect(ids.filter((x: string) => x === id)).toHaveLength(1);
    expect((await api('DELETE', `/ask/graphs/${id}`)).status).toBe(200);
    expect((await api('GET', `/ask/graphs/${id}`)).status).toBe(404);
  });
});

describe('GET /ask/starters', () => {
  it('offers only cards this owner\'s data can answer', async () => {
    const mine = (await api('GET', '/ask/starters')).body.prompts.map((p: { prompt: string }) => p.prompt);
    expect(mine).toContain('Who are my top customers?');
    expect(mine).not.toContain('How big are my segments?');
    expect((await api('GET', '/ask/starters', undefined, empty)).body.prompts).toEqual([]);
  });
});
