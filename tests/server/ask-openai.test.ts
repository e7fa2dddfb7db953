import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpVerified, type TestAccount } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai.ts';
import { ordersBack, seedCustomer } from './segments-fixtures.ts';

// Ask through a real OpenAI-compatible client (AI_BASE_URL) against the local fake: the model only picks a
// named question; the figures are ours, for this owner only.

let fake: FakeOpenAi;
let t: TestApp;
let owner: TestAccount;
let rival: TestAccount;
const api = (method: string, path: string, body?: unknown, account = owner) => call(t.app, method, `/api/v1${path}`, body, account.token, { Origin: 'http://localhost' });

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: 'sk-test' });
  t = await createTestApp({ AI_BASE_URL: fake.url, AI_API_KEY: 'sk-test', AI_MODEL: 'gpt-test', AI_MAX_RETRIES: '0', AI_TIMEOUT_MS: '2000' });
  [owner, rival] = await Promise.all([signUpVerified(t), signUpVerified(t, { name: 'Rex Rival' })]);
  const now = new Date();
  await seedCustomer(t.deps.db, owner.userId, { given_name: 'Alice', family_name: 'Adams', orders: ordersBack(now, 3, 4000, 0.01, 1) });
  await seedCustomer(t.deps.db, rival.userId, { given_name: 'Rex', family_name: 'Stranger', orders: ordersBack(now, 9, 90_000, 0.01, 1) });
});
beforeEach(() => fake.reset());
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('Ask with AI_PROVIDER=openai', () => {
  it('the model picks the question; the answer is our SQL over this owner only; a follow-up sends the call before', async () => {
    fake.script({ toolCalls: [{ name: 'top_customers', arguments: { by: 'spend' } }] }, { toolCalls: [{ name: 'top_customers', arguments: { by: 'visits' } }] });
    const first = await api('POST', '/ask/messages', { query: 'Who spends the most?' });
    expect(first.status).toBe(200);
    const [message] = first.body.conversation.messages;
    expect(message.graph_json.data).toEqual({ labels: ['Alice Adams'], values: [120] });
    expect(JSON.stringify(message)).not.toContain('Rex');

    const second = await api('POST', '/ask/messages', { query: 'and by visits?', conversation_id: first.body.conversation.id });
    expect(second.body.conversation.messages[1].graph_json.data.values).toEqual([3]);
    const sent = fake.requests[1]!.body.messages!;
    expect(sent[1]).toMatchObject({ role: 'assistant', tool_calls: [{ function: { name: 'top_customers' } }] });
  });

  it('a pick that fails its schema even after the repair round draws nothing: a 503 asking to change the words', async () => {
    fake.script({ toolCalls: [{ name: 'sales_breakdown', arguments: { by: 'fortnight' } }] }, { toolCalls: [{ name: 'sales_breakdown', arguments: { by: 'fortnight' } }] });
    const before = (await api('GET', '/ask/graphs')).body.graphs.length;
    const res = await api('POST', '/ask/graphs', { prompt: 'sales by fortnight' });
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('The assistant could not write this one. Try again, or change the words a little.');
    expect((await api('GET', '/ask/graphs')).body.graphs).toHaveLength(before);
  });

  it('the model not answering is a 503 the owner can retry, and nothing is stored', async () => {
    fake.fallback({ status: 500, body: { error: { message: 'down' } } });
    const before = (await api('GET', '/ask/graphs')).body.graphs.length;
    const res = await api('POST', '/ask/graphs', { prompt: 'Who are my top customers?' });
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('The assistant is not answering right now. Try again in a moment.');
    expect((await api('GET', '/ask/graphs')).body.graphs).toHaveLength(before);
  });
});
