import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiError, type WriteEmailInput, type WrittenEmail } from '../../server/providers/ai/ai-types.ts';
import { unsupportedFacts } from '../../server/providers/ai/email-facts.ts';
import { createChatClient } from '../../server/providers/ai/openai/chat-client.ts';
import { createOpenAiProvider } from '../../server/providers/ai/openai/openai-provider.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai.ts';

const INPUT: WriteEmailInput = {
  prompt: 'Friday fish tacos, 2 for $12, this week only. Book at https://lacocina.example.com/book',
  brand: { name: 'La Cocina', website: 'https://lacocina.example.com', location: '12 Main St, Austin', description: 'Family-run since 1998', voice: ['warm', 'local'] },
  images: [
    { id: 'photo-tacos', description: 'Fish tacos with lime', created_at: '2025-06-01T10:00:00Z', kind: 'image' },
    { id: 'clip', description: 'Grill at work', created_at: '2025-06-02T10:00:00Z', kind: 'video' },
  ],
  seed: 1,
};

const GOOD = {
  title: 'Fish taco Friday',
  subject: 'Fish tacos, 2 for $12 this Friday',
  preheader: 'This week only at La Cocina',
  heading: 'Fish tacos, 2 for $12',
  paragraphs: ['Our fish tacos are back on **Friday**, 2 for $12.', 'This week only, so bring a friend.'],
  details: ['**When:** Friday', '**Deal:** 2 for $12'],
  image_ids: ['photo-tacos'],
  button_label: 'Book a table',
  button_url: 'https://lacocina.example.com/book',
  sign_off: 'See you soon,',
};

describe('openai provider: writeEmail against the local fake', () => {
  let fake: FakeOpenAi;
  const provider = () => createOpenAiProvider(createChatClient({ baseUrl: fake.url, apiKey: 'sk-test', model: 'gpt-test', timeoutMs: 2000, maxRetries: 1, retryBaseMs: 5 }));
  const lastUserMessage = (index = 0) => JSON.parse(fake.requests[index]!.body.messages!.find((message) => message.role === 'user')!.content) as Record<string, unknown>;
  const repairNote = (index: number) => fake.requests[index]!.body.messages!.at(-1)!.content;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'sk-test' });
  });
  beforeEach(() => fake.reset());
  afterAll(() => fake.close());

  it('sends the prompt, the brand and only photos (not videos), and assembles the reply into email blocks', async () => {
    fake.script({ content: GOOD });
    const email = await provider().writeEmail(INPUT);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).toMatchObject({ model: 'gpt-test', response_format: { type: 'json_object' }, temperature: 0.7 });
    expect(fake.requests[0]!.body.messages![0]!.content).toContain('Never invent facts');
    expect(lastUserMessage()).toEqual({
      request: INPUT.prompt,
      restaurant: { name: 'La Cocina', location: '12 Main St, Austin', website: 'https://lacocina.example.com', description: 'Family-run since 1998', brand_voice: ['warm', 'local'] },
      photos: [{ id: 'photo-tacos', description: 'Fish tacos with lime', added: '2025-06-01' }],
    });
    expect(email).toEqual<WrittenEmail>({
      title: 'Fish taco Friday',
      subject: 'Fish tacos, 2 for $12 this Friday',
      preheader: 'This week only at La Cocina',
      blocks: [
        { id: 'header', type: 'header_image' },
        { id: 'heading', type: 'heading', text: 'Fish tacos, 2 for $12', level: 1, align: 'left' },
        { id: 'photo-1', type: 'image', media_id: 'photo-tacos', alt: 'Fish tacos with lime', caption: '' },
        { id: 'intro', type: 'text', html: '<p>Hi {{first_name|there}},</p><p>Our fish tacos are back on <strong>Friday</strong>, 2 for $12.</p><p>This week only, so bring a friend.</p>', align: 'left' },
        { id: 'details', type: 'text', html: '<ul><li><strong>When:</strong> Friday</li><li><strong>Deal:</strong> 2 for $12</li></ul>', align: 'left' },
        { id: 'cta', type: 'button', label: 'Book a table', href: 'https://lacocina.example.com/book' },
        { id: 'sign-off', type: 'text', html: '<p>See you soon,<br>The La Cocina team</p>', align: 'left' },
        { id: 'footer', type: 'footer', note: '' },
      ],
    });
  });

  it('repairs malformed JSON once', async () => {
    fake.script({ content: '{"title": "Fish taco' }, { content: GOOD });
    await expect(provider().writeEmail(INPUT)).resolves.toMatchObject({ subject: GOOD.subject });
    expect(repairNote(1)).toContain('not valid JSON');
  });

  it('sends back a reply that invents a price, a time or a day, naming what to remove', async () => {
    fake.script({ content: { ...GOOD, paragraphs: ['Tacos for $9 from 5pm on Saturday.'] } }, { content: GOOD });
    await expect(provider().writeEmail(INPUT)).resolves.toMatchObject({ title: 'Fish taco Friday' });
    expect(repairNote(1)).toMatch(/remove: 9, 5, saturday/);
  });

  it('fails with bad_response when the model invents twice (nothing made up reaches a draft)', async () => {
    const invented = { content: { ...GOOD, subject: 'Christmas special, 20% off' } };
    fake.script(invented, invented);
    const error = await provider().writeEmail(INPUT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect((error as AiError).reason).toBe('bad_response');
    expect(fake.requests).toHaveLength(2);
  });

  it('only accepts photo ids it offered and links the owner gave', async () => {
    fake.script({ content: { ...GOOD, image_ids: ['clip'], button_url: 'https://evil.example.com' } }, { content: GOOD });
    await provider().writeEmail(INPUT);
    expect(repairNote(1)).toContain('image_ids.0: must be one of the photo ids given');
    expect(repairNote(1)).toContain('button_url: must be empty or a link from the request');
  });

  it('escapes whatever markup the model writes', async () => {
    fake.script({ content: { ...GOOD, heading: '<img src=x onerror=alert()>', paragraphs: ['<script>alert()</script> **Friday**'] } });
    const email = await provider().writeEmail(INPUT);
    const intro = email.blocks.find((block) => block.id === 'intro');
    expect(intro).toMatchObject({ html: '<p>Hi {{first_name|there}},</p><p>&lt;script&gt;alert()&lt;/script&gt; <strong>Friday</strong></p>' });
    expect(email.blocks.find((block) => block.type === 'heading')).toMatchObject({ text: '<img src=x onerror=alert()>' }); // plain text: the renderer escapes it
  });

  it('asks for a different angle when regenerating, a little warmer', async () => {
    fake.script({ content: { ...GOOD, subject: 'Taco Friday is here' } });
    const previous: WrittenEmail = { title: 'x', subject: GOOD.subject, preheader: '', blocks: [{ id: 'heading', type: 'heading', text: GOOD.heading, level: 1, align: 'left' }] };
    await provider().writeEmail({ ...INPUT, seed: 2, avoid: previous });
    expect(fake.requests[0]!.body.temperature).toBe(0.9);
    expect(lastUserMessage()).toMatchObject({ previous_draft: { subject: GOOD.subject, heading: GOOD.heading } });
  });

  it('leaves the button out when the model gives none, and uses the website when it gives no link', async () => {
    fake.script({ content: { ...GOOD, button_label: '' } }, { content: { ...GOOD, button_url: '' } });
    expect((await provider().writeEmail(INPUT)).blocks.some((block) => block.type === 'button')).toBe(false);
    expect((await provider().writeEmail(INPUT)).blocks.find((block) => block.type === 'button')).toMatchObject({ href: '' });
  });
});

describe('unsupportedFacts', () => {
  it('lists numbers, days, months, holidays and relative dates the sources do not give', () => {
    const sources = ['Friday fish tacos, 2 for $12, Sept 5th', 'La Cocina', '12 Main St'];
    expect(unsupportedFacts('Fish tacos, 2 for $12 this Friday, September 5th at 12 Main St', sources)).toEqual([]);
    expect(unsupportedFacts('Fish tacos for $9 on Saturday in May, tonight, for Christmas, 2 for $12.50', sources)).toEqual(['9', '12.50', 'saturday', 'may', 'tonight', 'christmas']);
  });

  it('does not mistake "you may" for a month, and ignores merge tags', () => {
    expect(unsupportedFacts('You may bring a friend, {{first_name|there}}', ['x'])).toEqual([]);
    expect(unsupportedFacts('Open May 3', ['x'])).toEqual(['3', 'may']);
  });
});
