import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AiError, TextBrand, TextTurn, WriteTextInput } from '../../server/providers/ai/ai-types.ts';
import { createChatClient } from '../../server/providers/ai/openai/chat-client.ts';
import { createOpenAiProvider } from '../../server/providers/ai/openai/openai-provider.ts';
import { withOptOutLine } from '../../server/providers/ai/openai/text-writer.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai.ts';

const BRAND: TextBrand = { name: 'Casa Rosa', voice: ['warm', 'friendly'], description: 'Family taqueria', location: 'Austin, TX', website: 'https://casarosa.com' };
const owner = (text: string): TextTurn => ({ role: 'owner', text });
const input = (messages: TextTurn[]): WriteTextInput => ({ messages, style: 'playful', category: 'happy_hour', brand: BRAND, seed: 1 });
const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as AiError);

describe('openai text chat against the local fake', () => {
  let fake: FakeOpenAi;
  let ai: ReturnType<typeof createOpenAiProvider>;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'sk-test' });
    ai = createOpenAiProvider(createChatClient({ baseUrl: fake.url, apiKey: 'sk-test', model: 'gpt-test', timeoutMs: 2000, maxRetries: 1, retryBaseMs: 5 }));
  });
  beforeEach(() => fake.reset());
  afterAll(() => fake.close());

  it('asks the question the model asks, with the brand, style, kind of text and rules in the prompt', async () => {
    fake.script({ content: { kind: 'question', question: 'Which days and hours?' } });
    expect(await ai.writeText(input([owner('Happy hour: $5 margaritas')]))).toEqual({ kind: 'question', question: 'Which days and hours?' });
    const [system, user] = fake.requests[0]!.body.messages!;
    expect(system!.role).toBe('system');
    for (const words of ['Casa Rosa', 'warm, friendly', 'Playful', 'Happy Hour Special', 'ONE short question', 'Never ask two questions in a row', 'Reply STOP to opt out', 'Never invent']) {
      expect(system!.content).toContain(words);
    }
    expect(user).toEqual({ role: 'user', content: 'Happy hour: $5 margaritas' });
    expect(fake.requests[0]!.body.response_format).toEqual({ type: 'json_object' });
  });

  it('passes the conversation with its earlier answers and returns the draft', async () => {
    fake.script({ content: { kind: 'draft', text: 'Casa Rosa: Happy hour! $5 margaritas weekdays 4-6pm. Come hungry! Reply STOP to opt out' } });
    const turns = [owner('Happy hour: $5 margaritas'), { role: 'assistant', kind: 'question', text: 'Which days and hours?' } as TextTurn, owner('weekdays 4-6pm')];
    expect(await ai.writeText(input(turns))).toEqual({ kind: 'draft', text: 'Casa Rosa: Happy hour! $5 margaritas weekdays 4-6pm. Come hungry! Reply STOP to opt out' });
    expect(fake.requests[0]!.body.messages!.slice(1)).toEqual([
      { role: 'user', content: 'Happy hour: $5 margaritas' },
      { role: 'assistant', content: '{"kind":"question","question":"Which days and hours?"}' },
      { role: 'user', content: 'weekdays 4-6pm' },
    ]);
  });

  it('never asks twice in a row: a second question gets "write the draft now"', async () => {
    fake.script(
      { content: { kind: 'question', question: 'And the price?' } },
      { content: { kind: 'draft', text: 'Casa Rosa: Happy hour weekdays 4-6pm! Reply STOP to opt out' } },
    );
    const turns = [owner('Happy hour'), { role: 'assistant', kind: 'question', text: 'Which days and hours?' } as TextTurn, owner('weekdays 4-6pm')];
    expect(await ai.writeText(input(turns))).toEqual({ kind: 'draft', text: 'Casa Rosa: Happy hour weekdays 4-6pm! Reply STOP to opt out' });
    expect(fake.requests[1]!.body.messages!.at(-1)!.content).toContain('Write the draft now');

    fake.script({ content: { kind: 'question', question: 'Price?' } }, { content: { kind: 'question', question: 'Price??' } });
    expect((await failure(ai.writeText(input(turns))))?.reason).toBe('bad_response');
  });

  it('ends every draft with the exact opt-out line and plain characters', async () => {
    fake.script({ content: { kind: 'draft', text: 'Casa Rosa: It’s happy hour — $5 margaritas today! Text STOP to unsubscribe.' } });
    expect(await ai.writeText(input([owner('Happy hour today: $5 margaritas')]))).toEqual({
      kind: 'draft',
      text: "Casa Rosa: It's happy hour - $5 margaritas today! Reply STOP to opt out",
    });
    expect(withOptOutLine('Hi there')).toBe('Hi there Reply STOP to opt out');
    expect(withOptOutLine('Hi. Reply STOP to opt out')).toBe('Hi. Reply STOP to opt out');
  });

  it('sends back a draft that invents a price or a day, and accepts the honest rewrite', async () => {
    fake.script(
      { content: { kind: 'draft', text: 'Casa Rosa: Happy hour Friday: $5 margaritas and free chips! Reply STOP to opt out' } },
      { content: { kind: 'draft', text: 'Casa Rosa: Happy hour: $5 margaritas! Reply STOP to opt out' } },
    );
    expect(await ai.writeText(input([owner('Happy hour: $5 margaritas')]))).toEqual({ kind: 'draft', text: 'Casa Rosa: Happy hour: $5 margaritas! Reply STOP to opt out' });
    const correction = fake.requests[1]!.body.messages!.at(-1)!.content;
    expect(correction).toContain('"friday"');
    expect(correction).toContain('"free"');
    expect(correction).not.toContain('"5"');
  });

  it('refuses a model that keeps inventing', async () => {
    const invented = { content: { kind: 'draft', text: 'Casa Rosa: 50% off everything! Reply STOP to opt out' } };
    fake.script(invented, invented);
    expect((await failure(ai.writeText(input([owner('Happy hour: $5 margaritas 4-6pm')]))))?.reason).toBe('bad_response');
  });

  it('repairs a reply that does not match the schema (one round)', async () => {
    fake.script({ content: { kind: 'draft' } }, { content: { kind: 'draft', text: 'Casa Rosa: Happy hour 4-6pm: $5 margaritas! Reply STOP to opt out' } });
    expect((await ai.writeText(input([owner('Happy hour 4-6pm: $5 margaritas')]))).kind).toBe('draft');
    expect(fake.requests).toHaveLength(2);
  });

  it('regenerates: asks for a different draft than the last one, warmer, and never returns a question', async () => {
    const turns = [owner('Happy hour 4-6pm: $5 margaritas'), { role: 'assistant', kind: 'draft', text: 'Casa Rosa: Happy hour 4-6pm: $5 margaritas! Reply STOP to opt out' } as TextTurn];
    fake.script(
      { content: { kind: 'question', question: 'Which day?' } },
      { content: { kind: 'draft', text: 'Casa Rosa: Psst! $5 margaritas from 4-6pm. Come hungry! Reply STOP to opt out' } },
    );
    expect(await ai.regenerateText(input(turns))).toEqual({ text: 'Casa Rosa: Psst! $5 margaritas from 4-6pm. Come hungry! Reply STOP to opt out' });
    const first = fake.requests[0]!.body;
    expect(first.messages!.at(-1)!.content).toContain('must not repeat this one: "Casa Rosa: Happy hour 4-6pm: $5 margaritas! Reply STOP to opt out"');
    expect(first.temperature).toBeGreaterThan(0.5);
    expect(fake.requests[1]!.body.messages!.at(-1)!.content).toContain('Write the draft now');
  });

  it('says the assistant is unavailable when the endpoint keeps failing', async () => {
    fake.script({ status: 500, headers: { 'Retry-After': '0' } }, { status: 500, headers: { 'Retry-After': '0' } });
    expect((await failure(ai.writeText(input([owner('Happy hour 4-6pm: $5 margaritas')]))))?.reason).toBe('unavailable');
  });
});
