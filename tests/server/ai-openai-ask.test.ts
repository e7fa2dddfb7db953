import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ASK_UNANSWERABLE } from '../../src/contract/ask-graph.ts';
import { QUESTION_NAMES } from '../../src/contract/ask-questions.ts';
import { AiError } from '../../server/providers/ai/ai-types.ts';
import { ASK_SUGGESTIONS } from '../../server/providers/ai/ask/ask-suggestions.ts';
import { createChatClient } from '../../server/providers/ai/openai/chat-client.ts';
import { createOpenAiProvider } from '../../server/providers/ai/openai/openai-provider.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai.ts';

const NOW = new Date('2025-06-15T12:00:00Z');
const cannot = { unanswerable: true, message: ASK_UNANSWERABLE, suggestions: ASK_SUGGESTIONS };

describe('OpenAI-compatible Ask: the named questions as tools, calls validated', () => {
  let fake: FakeOpenAi;
  const provider = () => createOpenAiProvider(createChatClient({ baseUrl: fake.url, apiKey: 'sk-test', model: 'gpt-test', timeoutMs: 2000, maxRetries: 1, retryBaseMs: 5 }));
  const pick = (text: string, previous?: Parameters<ReturnType<typeof provider>['pickQuestion']>[0]['previous']) => provider().pickQuestion({ text, previous, now: NOW });

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'sk-test' });
  });
  beforeEach(() => fake.reset());
  afterAll(() => fake.close());

  it('offers every named question as a tool with JSON-schema parameters, plus a way to say it cannot answer', async () => {
    fake.script({ toolCalls: [{ name: 'sales_breakdown', arguments: { by: 'weekday', weekday: 'tuesday', period: { kind: 'this_month' } } }] });
    expect(await pick('How did Tuesdays do this month?')).toEqual({ question: 'sales_breakdown', params: { by: 'weekday', weekday: 'tuesday', period: { kind: 'this_month' } } });
    const body = fake.requests[0]!.body;
    expect(body.tool_choice).toBe('auto');
    expect(body.tools!.map((t) => t.function.name)).toEqual([...QUESTION_NAMES, 'cannot_answer']);
    const sales = body.tools!.find((t) => t.function.name === 'sales_breakdown')!.function.parameters!;
    expect(sales).toMatchObject({ type: 'object', additionalProperties: false, properties: { by: { enum: ['day', 'week', 'month', 'weekday', 'hour'] }, chart: { enum: ['bar', 'comparison', 'line', 'pie'] } } });
    expect(body.messages!.at(-1)).toEqual({ role: 'user', content: 'How did Tuesdays do this month?' });
    expect(body.messages![0]!.content).toContain('Today is 2025-06-15');
  });

  it('a follow-up carries the previous call as a tool exchange, and a chart asked for comes back apart from the parameters', async () => {
    fake.script({ toolCalls: [{ name: 'sales_breakdown', arguments: { measure: 'sales', by: 'weekday', period: { kind: 'this_month' }, chart: 'pie' } }] });
    const previous = { question: 'sales_breakdown', params: { measure: 'sales', by: 'weekday', period: { kind: 'this_month' } }, chart: 'bar' as const };
    expect(await pick('as a pie chart', previous)).toEqual({ question: 'sales_breakdown', params: { measure: 'sales', by: 'weekday', period: { kind: 'this_month' } }, chart: 'pie' });
    const messages = fake.requests[0]!.body.messages!;
    expect(messages[1]).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'previous', function: { name: 'sales_breakdown' } }] });
    expect(JSON.parse((messages[1]!.tool_calls as Array<{ function: { arguments: string } }>)[0]!.function.arguments)).toEqual({ ...previous.params, chart: 'bar' });
    expect(messages[2]).toMatchObject({ role: 'tool', tool_call_id: 'previous' });
  });

  it('campaign results are a tool too: "did the taco email work?" names the campaign by words from its title', async () => {
    fake.script({ toolCalls: [{ name: 'campaign_results', arguments: { campaign: 'taco', channel: 'email' } }] });
    expect(await pick('Did the taco email work?')).toEqual({ question: 'campaign_results', params: { campaign: 'taco', channel: 'email' } });
    const tool = fake.requests[0]!.body.tools!.find((t) => t.function.name === 'campaign_results')!.function;
    expect(tool.description).toContain('sales they brought back');
    expect(tool.parameters).toMatchObject({ type: 'object', additionalProperties: false, properties: { channel: { enum: ['email', 'sms'] }, campaign: { type: 'string' }, latest: { type: 'boolean' } } });
    // A channel outside the schema goes back to the model once with the reason.
    fake.reset();
    fake.script({ toolCalls: [{ name: 'campaign_results', arguments: { channel: 'fax' } }] }, { toolCalls: [{ name: 'campaign_results', arguments: { channel: 'sms' } }] });
    expect(await pick('how did my fax campaigns do?')).toEqual({ question: 'campaign_results', params: { channel: 'sms' } });
    expect(fake.requests[1]!.body.messages!.at(-1)!.content).toContain('Channel is email or sms');
  });

  it('cannot_answer, or a plain reply with no call, is "I can\'t answer that" with suggestions, never a chart', async () => {
    fake.script({ toolCalls: [{ name: 'cannot_answer', arguments: { reason: 'menu items are not in the data' } }] }, { content: 'I think your lattes sold well.' });
    expect(await pick('Which dish sells best?')).toEqual(cannot);
    expect(await pick('How many lattes?')).toEqual(cannot);
  });

  it('tells the model what was wrong with its call (unknown tool, bad parameters, bad JSON), once, then uses the corrected call', async () => {
    fake.script({ toolCalls: [{ name: 'run_sql', arguments: { sql: 'select * from orders' }, id: 'call_a' }] }, { toolCalls: [{ name: 'top_customers', arguments: { limit: 5 } }] });
    expect(await pick('top 5 customers')).toEqual({ question: 'top_customers', params: { limit: 5 } });
    const repair = fake.requests[1]!.body.messages!;
    expect(repair.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_a' });
    expect(repair.at(-1)!.content).toContain('there is no tool named run_sql');

    fake.reset();
    fake.script({ toolCalls: [{ name: 'top_customers', arguments: { limit: 500 } }] }, { toolCalls: [{ name: 'top_customers', arguments: '{"limit": 20' }] });
    const error = await pick('top 500 customers').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect((error as AiError).reason).toBe('bad_response');
    expect(fake.requests[1]!.body.messages!.at(-1)!.content).toContain('limit: limit is 1 to 20');
  });

  it('refuses parameters outside the schema and unknown chart types', async () => {
    fake.script(
      { toolCalls: [{ name: 'sales_breakdown', arguments: { by: 'day', sql: 'drop table orders' } }] },
      { toolCalls: [{ name: 'sales_breakdown', arguments: { by: 'day', chart: 'radar' } }] },
    );
    const error = await pick('sales by day').catch((e: unknown) => e);
    expect((error as AiError).reason).toBe('bad_response');
    expect(fake.requests[1]!.body.messages!.at(-1)!.content).toMatch(/sql/);
  });

  it('a server that keeps failing is an AiError the route can turn into the spec\'s error toast', async () => {
    fake.script({ status: 503 }, { status: 503 });
    const error = await pick('sales this month').catch((e: unknown) => e);
    expect((error as AiError).reason).toBe('unavailable');
  });
});
