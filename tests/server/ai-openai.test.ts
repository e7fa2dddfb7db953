import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEGMENT_GENERATION_ERROR } from '../../src/contract/segments.ts';
import { AiError } from '../../server/providers/ai/ai-types.ts';
import { aiProviderKind, createAiProvider } from '../../server/providers/ai/ai.ts';
import { createChatClient } from '../../server/providers/ai/openai/chat-client.ts';
import { createOpenAiProvider } from '../../server/providers/ai/openai/openai-provider.ts';
import { parseEnv } from '../../server/env.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai.ts';
import { signUpVerified } from '../helpers/accounts.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedCustomer } from './segments-fixtures.ts';

const Reply = v.object({ answer: v.number() });
const regulars = { type: 'group', op: 'and', conditions: [{ type: 'visits', op: 'gte', value: 5 }] };
const NOW = new Date('2025-06-15T12:00:00Z');

describe('OpenAI-compatible chat client against a local fake', () => {
  let fake: FakeOpenAi;
  const client = (overrides: Partial<Parameters<typeof createChatClient>[0]> = {}) =>
    createChatClient({ baseUrl: fake.url, apiKey: 'sk-test', model: 'gpt-test', timeoutMs: 2000, maxRetries: 2, retryBaseMs: 5, ...overrides });
  const ask = (c = client()) => c.chatJson({ messages: [{ role: 'user', content: 'Reply in JSON' }], schema: Reply });

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'sk-test' });
  });
  beforeEach(() => fake.reset());
  afterAll(() => fake.close());

  it('asks for a JSON object with the model, key and temperature 0, and validates the answer', async () => {
    fake.script({ content: { answer: 42 } });
    expect(await ask()).toEqual({ answer: 42 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer sk-test',
      body: { model: 'gpt-test', response_format: { type: 'json_object' }, temperature: 0 },
    });
  });

  it('asks for json_schema output when a schema is given', async () => {
    fake.script({ content: { answer: 1 } });
    await client().chatJson({ messages: [{ role: 'user', content: 'x' }], schema: Reply, jsonSchema: { name: 'reply', schema: { type: 'object' } } });
    expect(fake.requests[0]!.body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'reply', schema: { type: 'object' }, strict: true } });
  });

  it('retries after a 429 (honouring Retry-After) and then succeeds', async () => {
    fake.script({ status: 429, headers: { 'Retry-After': '0' }, body: { error: { message: 'Rate limit reached' } } }, { content: { answer: 7 } });
    expect(await ask()).toEqual({ answer: 7 });
    expect(fake.requests).toHaveLength(2);
  });

  it('retries 5xx with backoff and gives up after maxRetries', async () => {
    fake.script({ status: 500 }, { status: 502 }, { status: 503 }, { content: { answer: 1 } });
    const error = await ask().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect((error as AiError).reason).toBe('unavailable');
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry a 401 (a wrong key will not fix itself)', async () => {
    const error = await ask(client({ apiKey: 'wrong' })).catch((e: unknown) => e);
    expect((error as AiError).reason).toBe('unavailable');
    expect(fake.requests).toHaveLength(1);
  });

  it('gives the model one chance to repair malformed JSON', async () => {
    fake.script({ content: '{"answer": 4' }, { content: { answer: 4 } });
    expect(await ask()).toEqual({ answer: 4 });
    const repair = fake.requests[1]!.body.messages!;
    expect(repair.at(-2)).toEqual({ role: 'assistant', content: '{"answer": 4' });
    expect(repair.at(-1)!.content).toContain('not valid JSON');
  });

  it('tells the model which field was wrong, and fails after a second bad answer', async () => {
    fake.script({ content: { answer: 'four' } }, { content: { wrong: true } });
    const error = await ask().catch((e: unknown) => e);
    expect((error as AiError).reason).toBe('bad_response');
    expect(fake.requests[1]!.body.messages!.at(-1)!.content).toContain('answer:');
  });

  it('accepts JSON wrapped in code fences, as some local models send', async () => {
    fake.script({ content: '```json\n{"answer": 9}\n```' });
    expect(await ask()).toEqual({ answer: 9 });
  });

  it('times out a slow answer and retries it', async () => {
    fake.script({ content: { answer: 1 }, delayMs: 800 }, { content: { answer: 2 } });
    expect(await ask(client({ timeoutMs: 200 }))).toEqual({ answer: 2 });
    fake.script({ content: { answer: 1 }, delayMs: 800 });
    const error = await ask(client({ timeoutMs: 200, maxRetries: 0 })).catch((e: unknown) => e);
    expect((error as AiError).reason).toBe('timeout');
  });

  it('rejects a body that is not a chat completion', async () => {
    fake.script({ raw: '{"hello":"world"}' });
    expect(((await ask().catch((e: unknown) => e)) as AiError).reason).toBe('bad_response');
  });

  it('proposes a segment: today is in the prompt, the definition is validated, "not understood" is null', async () => {
    const provider = createOpenAiProvider(client());
    fake.script({ content: { understood: true, title: 'Regulars', definition: regulars } });
    expect(await provider.proposeSegment('regulars', NOW)).toEqual({ title: 'Regulars', definition: regulars });
    expect(fake.requests[0]!.body.messages![0]!.content).toContain('Today is 2025-06-15');
    expect(fake.requests[0]!.body.messages![1]).toEqual({ role: 'user', content: 'regulars' });

    fake.script({ content: { understood: false, reason: 'menu items are not known' } });
    expect(await provider.proposeSegment('likes pizza', NOW)).toBeNull();

    const tooDeep = { type: 'group', op: 'and', conditions: [{ type: 'group', op: 'or', conditions: [{ type: 'group', op: 'and', conditions: [regulars] }] }] };
    fake.script({ content: { understood: true, title: 'x', definition: tooDeep } }, { content: { understood: true, title: 'x', definition: { type: 'group', op: 'and', conditions: [{ type: 'sql', value: 'drop table' }] } } });
    expect(((await provider.proposeSegment('x', NOW).catch((e: unknown) => e)) as AiError).reason).toBe('bad_response');
  });

  it('chooses the provider from the environment', () => {
    expect(aiProviderKind(parseEnv({}))).toBe('builtin');
    expect(aiProviderKind(parseEnv({ AI_BASE_URL: 'http://127.0.0.1:1/v1' }))).toBe('openai');
    expect(aiProviderKind(parseEnv({ AI_BASE_URL: 'http://127.0.0.1:1/v1', AI_PROVIDER: 'builtin' }))).toBe('builtin');
    expect(createAiProvider(parseEnv({ AI_PROVIDER: 'openai', AI_API_KEY: 'k' })).kind).toBe('openai');
    expect(() => parseEnv({ AI_PROVIDER: 'skynet' })).toThrow(/AI_PROVIDER/);
  });
});

describe('segments API with the openai provider', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({ AI_BASE_URL: fake.url, AI_MAX_RETRIES: '1', AI_TIMEOUT_MS: '2000' });
    const owner = await signUpVerified(t);
    token = owner.token;
    for (let i = 0; i < 3; i++) {
      await seedCustomer(t.deps.db, owner.userId, { given_name: `Regular ${i}`, orders: Array.from({ length: 6 }, (_, d) => [new Date(Date.now() - (d + 1) * 86_400_000), 1000]) });
    }
    await seedCustomer(t.deps.db, owner.userId, { given_name: 'Newcomer', orders: [[new Date(), 1000]] });
  });
  beforeEach(() => fake.reset());
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('the model proposes, our SQL counts', async () => {
    fake.script({ content: { understood: true, title: 'Regulars', definition: regulars } });
    const res = await call(t.app, 'POST', '/api/v1/segments/preview', { user_query: 'my regulars' }, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ segmentation_title: 'Regulars', definition: regulars, conditions: ['At least 5 visits in total'], count: 3 });
    expect(res.body.sample).toHaveLength(3);
  });

  it("answers the spec's refine message when the model cannot express the query", async () => {
    fake.script({ content: { understood: false } });
    const res = await call(t.app, 'POST', '/api/v1/segments/generate', { user_query: 'people who like jazz' }, token);
    expect(res).toMatchObject({ status: 400, body: { error: SEGMENT_GENERATION_ERROR } });
  });

  it('never runs a definition the model got wrong twice', async () => {
    const bad = { understood: true, title: 'x', definition: { type: 'group', op: 'and', conditions: [{ type: 'total_spent', op: 'gt', value: -5 }] } };
    fake.script({ content: bad }, { content: bad });
    const res = await call(t.app, 'POST', '/api/v1/segments/generate', { user_query: 'spent a lot' }, token);
    expect(res).toMatchObject({ status: 400, body: { error: SEGMENT_GENERATION_ERROR } });
    expect(fake.requests).toHaveLength(2);
    const list = await call(t.app, 'GET', '/api/v1/segments', undefined, token);
    expect(list.body.results).toEqual([]);
  });

  it('says the assistant is unavailable (503) when the endpoint keeps failing', async () => {
    fake.script({ status: 500, headers: { 'Retry-After': '0' } }, { status: 500, headers: { 'Retry-After': '0' } });
    const res = await call(t.app, 'POST', '/api/v1/segments/preview', { user_query: 'regulars' }, token);
    expect(res.status).toBe(503);
    expect(fake.requests).toHaveLength(2);
  });
});
