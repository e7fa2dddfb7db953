import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EmailContentSchema, TEMPLATE_CATEGORY_VALUES } from '../../src/contract/email.ts';
import { renderEmail } from '../../server/features/email/render/render-email.ts';
import { STARTER_TEMPLATES, starterTemplate, starterTemplatesIn } from '../../server/features/email/templates/starter-templates.ts';
import { BRAND } from './email-render.fixtures.ts';

/** Everything a recipient would read, without tags. */
const wordsOf = (template: (typeof STARTER_TEMPLATES)[number]) =>
  [
    template.subject,
    template.preheader,
    ...template.blocks.map((block) =>
      block.type === 'heading' ? block.text : block.type === 'text' ? block.html.replace(/<[^>]+>/g, ' ') : block.type === 'button' ? block.label : block.type === 'image' ? `${block.alt} ${block.caption}` : '',
    ),
  ].join(' \n ');

/** Only the words Mise wrote: bracketed placeholders and merge tags removed. */
const ownWords = (words: string) => words.replace(/\[[^\]]*\]/g, ' ').replace(/\{\{[^}]*\}\}/g, ' ').replace(/style="[^"]*"/g, ' ');

/** Scarcity is a claim too: only the owner can say a table or a dish will run out. */
const PRESSURE = /\b(?:limited|fill(?:s)? up fast|gone|hurry|last chance|sold out|selling fast)\b/i;
const INVENTED = /\$|€|£|\d|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|christmas|easter|thanksgiving|valentine|halloween|taco|pizza|burger|pasta|sushi|steak|wine|beer|coffee|brunch|cocktail|margarita|salad|soup|cake)s?\b/i;

describe('starter email templates', () => {
  it('ships at least 12 templates covering every category, with stable unique ids', () => {
    expect(STARTER_TEMPLATES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(STARTER_TEMPLATES.map((template) => template.category))).toEqual(new Set(TEMPLATE_CATEGORY_VALUES));
    expect(new Set(STARTER_TEMPLATES.map((template) => template.id)).size).toBe(STARTER_TEMPLATES.length);
    expect(starterTemplate('starter-feedback')?.category).toBe('feedback');
    expect(starterTemplatesIn('holiday').every((template) => template.category === 'holiday')).toBe(true);
  });

  describe.each(STARTER_TEMPLATES.map((template) => [template.id, template] as const))('%s', (_id, template) => {
    it('is valid content: brand header first, footer last, a button to act on', () => {
      const parsed = v.parse(EmailContentSchema, { subject: template.subject, preheader: template.preheader, blocks: template.blocks });
      expect(parsed.blocks).toEqual(template.blocks);
      expect(template.blocks[0]!.type).toBe('header_image');
      expect(template.blocks.at(-1)!.type).toBe('footer');
      expect(template.blocks.some((block) => block.type === 'button')).toBe(true);
    });

    it('invents no price, date, day, holiday or dish: those are [placeholders] for the owner', () => {
      const words = wordsOf(template);
      expect(ownWords(words)).not.toMatch(INVENTED);
      expect(ownWords(words)).not.toMatch(PRESSURE);
      expect(words).toMatch(/\[[^\]]+\]/);
      expect(words.split('[').length).toBe(words.split(']').length); // balanced brackets
    });

    it('reads well on a phone: short subject and headings, short paragraphs', () => {
      expect(template.subject.length).toBeLessThanOrEqual(60);
      expect(template.preheader.length).toBeLessThanOrEqual(90);
      for (const block of template.blocks) {
        if (block.type === 'heading') expect(block.text.length).toBeLessThanOrEqual(60);
        if (block.type === 'text') for (const paragraph of block.html.split(/<\/p>|<\/li>/)) expect(paragraph.replace(/<[^>]+>/g, '').length).toBeLessThanOrEqual(260);
      }
    });

    it('renders without MJML warnings; empty photo slots show in the preview only', async () => {
      const preview = await renderEmail(template, BRAND, { mode: 'preview' });
      expect(preview.warnings).toEqual([]);
      const sent = await renderEmail(template, BRAND, { mode: 'send' });
      expect(sent.html).not.toContain('border:2px dashed');
      const slots = template.blocks.filter((block) => block.type === 'image').length;
      for (const block of template.blocks) if (block.type === 'image') expect(preview.html).toContain(`>${block.alt.replace(/"/g, '&quot;')}</div>`);
      expect(preview.html.match(/border:2px dashed/g) ?? []).toHaveLength(slots);
    });
  });
});
