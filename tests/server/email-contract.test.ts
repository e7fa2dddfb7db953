import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CompleteEmailDraftRequestSchema, CreateEmailDraftRequestSchema, UpdateEmailDraftContentRequestSchema } from '../../src/contract/email-drafts.ts';
import { CreateEmailTemplateRequestSchema, EMAIL_TEMPLATE_MESSAGES } from '../../src/contract/email-templates.ts';
import { EmailBlockSchema, EmailContentSchema, FIRST_NAME_TAG, isMergeTag, MERGE_TAG_PATTERN, UNSUBSCRIBE_URL_TAG } from '../../src/contract/email.ts';
import { AppError } from '../../server/lib/app-error.ts';
import { parseOr400 } from '../../server/lib/validate.ts';

/** The first bad field and its message as a route's validator would answer ('' when valid): "field: message". */
const problems = (schema: v.GenericSchema, value: unknown) => {
  try {
    parseOr400(schema, value);
    return '';
  } catch (error) {
    if (!(error instanceof AppError) || !error.fields) throw error;
    const [field, message] = Object.entries(error.fields)[0]!;
    return `${field}: ${message}`;
  }
};
const text = { id: 't1', type: 'text', html: '<p>Hi</p>' };

describe('email contract', () => {
  it('names the field and the limit in errors', () => {
    expect(problems(EmailContentSchema, { subject: 'x'.repeat(151), blocks: [text] })).toBe('subject: Subject must be at most 150 characters');
    expect(problems(EmailContentSchema, { subject: ' ', blocks: [text] })).toBe('subject: Subject is required');
    expect(problems(EmailContentSchema, { subject: 'S', blocks: [] })).toBe('blocks: Add at least one block');
    expect(problems(EmailContentSchema, { subject: 'S', blocks: [text, text] })).toBe('blocks: Block ids must be unique');
    expect(problems(EmailBlockSchema, { id: 'b', type: 'button', label: '', href: '' })).toBe('label: Button label is required');
    expect(problems(EmailBlockSchema, { id: 'b', type: 'video' })).toMatch(/^type: Block type must be one of: header_image, heading/);
    expect(problems(EmailBlockSchema, { id: 'has space', type: 'divider' })).toBe('id: Block id must be 1 to 40 letters, digits, - or _');
  });

  it('fills block defaults (alignment, level, caption, note)', () => {
    const parsed = v.parse(EmailContentSchema, { subject: ' Hi ', blocks: [{ id: 'h', type: 'heading', text: 'Hello' }, { id: 'f', type: 'footer' }] });
    expect(parsed).toEqual({ subject: 'Hi', preheader: '', blocks: [{ id: 'h', type: 'heading', text: 'Hello', level: 1, align: 'left' }, { id: 'f', type: 'footer', note: '' }] });
  });

  it('accepts only links a recipient can safely follow', () => {
    const href = (value: string) => v.safeParse(EmailBlockSchema, { id: 'b', type: 'button', label: 'Go', href: value });
    for (const ok of ['', 'https://lacocina.com/menu', 'mailto:hola@lacocina.com', 'tel:+1 512 555 0100', UNSUBSCRIBE_URL_TAG]) expect(href(ok).success).toBe(true);
    expect(href('lacocina.com/menu').output).toMatchObject({ href: 'https://lacocina.com/menu' });
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'ftp://x.example.com', 'https://localhost']) {
      expect(problems(EmailBlockSchema, { id: 'b', type: 'button', label: 'Go', href: bad })).toBe('href: Button link must start with https://, mailto: or tel:');
    }
    expect(problems(EmailBlockSchema, { id: 'b', type: 'button', label: 'Go', colour: 'red' })).toBe('colour: Button colour must be a hex colour like #FF3434');
  });

  it('exports the merge tags the sending engine fills', () => {
    expect(isMergeTag(UNSUBSCRIBE_URL_TAG)).toBe(true);
    expect(isMergeTag(FIRST_NAME_TAG)).toBe(true);
    expect([...'Hi {{first_name|there}}, bye {{unsubscribe_url}}'.matchAll(MERGE_TAG_PATTERN)].map((m) => [m[1], m[2]])).toEqual([
      ['first_name', 'there'],
      ['unsubscribe_url', undefined],
    ]);
  });

  it('asks for a prompt and at most six photos for a new draft', () => {
    expect(problems(CreateEmailDraftRequestSchema, { prompt: '  ' })).toBe('prompt: Tell us what the email is about');
    expect(problems(CreateEmailDraftRequestSchema, { prompt: 'Tacos', media_ids: Array.from({ length: 7 }, (_, i) => `m${i}`) })).toBe('media_ids: Pick at most 6 photos');
  });

  it('completes a draft with HTML content or blocks, never both or neither', () => {
    const base = { is_draft: 0, user_title: 'Taco Friday', version: 3 };
    expect(problems(CompleteEmailDraftRequestSchema, { ...base, content: '<p>x</p>' })).toBe('');
    expect(problems(CompleteEmailDraftRequestSchema, { ...base, blocks: [text] })).toBe('');
    expect(problems(CompleteEmailDraftRequestSchema, base)).toBe('content: Send the email as content (HTML) or as blocks, not both');
    expect(problems(CompleteEmailDraftRequestSchema, { ...base, is_draft: 1, content: 'x' })).toBe('is_draft: is_draft must be 0');
    expect(problems(CompleteEmailDraftRequestSchema, { is_draft: 0, user_title: 'T', content: 'x' })).toBe('version: version must be a number');
    expect(problems(UpdateEmailDraftContentRequestSchema, { version: 1 })).toBe('body: Nothing to update');
  });

  it("answers the spec's 'Please add title and category' for a template without them", () => {
    const blocks = [text];
    expect(problems(CreateEmailTemplateRequestSchema, { name: '', category: 'event', blocks })).toBe(`name: ${EMAIL_TEMPLATE_MESSAGES.needsTitleAndCategory}`);
    expect(problems(CreateEmailTemplateRequestSchema, { name: 'Taco night', category: '', blocks })).toBe(`category: ${EMAIL_TEMPLATE_MESSAGES.needsTitleAndCategory}`);
    expect(problems(CreateEmailTemplateRequestSchema, { name: 'Taco night', category: 'party', blocks })).toMatch(/^category: Category must be one of: promotion, event/);
    expect(problems(CreateEmailTemplateRequestSchema, { name: 'Taco night', category: 'event' })).toBe(`blocks: ${EMAIL_TEMPLATE_MESSAGES.needsContent}`);
  });
});
