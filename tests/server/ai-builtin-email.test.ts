import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EmailContentSchema, type EmailBlock, type TemplateCategory } from '../../src/contract/email.ts';
import type { AiBrandFacts, EmailImageCandidate, WrittenEmail } from '../../server/providers/ai/ai-types.ts';
import { createBuiltinProvider } from '../../server/providers/ai/builtin/builtin-provider.ts';
import { occasionOf } from '../../server/providers/ai/builtin/email/occasion.ts';
import { parsePromptFacts } from '../../server/providers/ai/builtin/email/prompt-facts.ts';

const ai = createBuiltinProvider();

const BRANDS: AiBrandFacts[] = [
  { name: 'La Cocina', website: 'https://lacocina.example.com', location: '12 Main St, Austin', description: 'Family-run kitchen on Main Street', voice: ['warm', 'family', 'local'] },
  { name: 'Bolt Burger Bar', website: '', location: '', description: '', voice: ['playful', 'bold', 'loud'] },
  { name: '', website: 'https://maison.example.com', location: '1 Rue Haute', description: '', voice: ['elegant', 'refined'] },
];
const PHOTOS: EmailImageCandidate[] = [
  { id: 'photo-a', description: 'Plates on the pass', created_at: '2025-06-01T00:00:00Z', kind: 'image' },
  { id: 'photo-b', description: 'The dining room at night', created_at: '2025-05-01T00:00:00Z', kind: 'image' },
  { id: 'clip-c', description: 'Kitchen at work', created_at: '2025-06-02T00:00:00Z', kind: 'video' },
];

// [prompt, the occasion it should be written for]
const PROMPTS: [string, TemplateCategory][] = [
  ['Friday fish tacos, 2 for $12, this week only', 'promotion'],
  ['Live jazz this Saturday from 8pm, no cover', 'event'],
  ['Write an email about our new spring menu launching next Monday', 'new_menu'],
  ["Valentine's Day set menu, $45 per person, book by Feb 10th", 'holiday'],
  ['Happy hour 4-6pm Monday to Friday: $5 margaritas and half price nachos', 'promotion'],
  ['We reopen on March 3rd after the renovation', 'reopening'],
  ['Ask customers for feedback after their visit, link https://g.page/r/lacocina/review', 'feedback'],
  ['Double points for loyalty members all weekend', 'loyalty'],
  ['Monthly newsletter: new pastry chef, "Lemon tart" on the menu, patio opens in May', 'newsletter'],
  ['Kids eat free every Tuesday', 'promotion'],
  ['20% off all pizzas tonight only, order online', 'promotion'],
  ['Birthday club: free dessert in your birthday month', 'loyalty'],
  ['Thanksgiving pies, pre-order by Nov 20, pick up Wednesday', 'holiday'],
  ['Trivia night every Wednesday at 7pm, prizes for the winning team', 'event'],
  ['Brunch is back on Sundays from 10am to 2pm', 'promotion'],
  ['Closed Monday for a private event', 'newsletter'],
  ['Buy one get one free burgers until Sunday', 'promotion'],
  ['New dish: "Smoked brisket bao", $14', 'new_menu'],
  ["Mother's Day brunch, Sunday May 11, $39 per person, kids $15", 'holiday'],
  ['Wine tasting with the winemaker on June 14th at 6:30pm, $55, limited to 20 seats', 'event'],
  ['Taco Tuesday: $2 tacos all day', 'promotion'],
  ['Christmas opening hours: closed Dec 25 and 26, open Dec 24 until 3pm', 'holiday'],
  ['Thank you to our regulars: 10% off your next visit with code THANKS10', 'loyalty'],
  ['Summer menu is here, featuring "Peach burrata" and "Grilled corn ribs"', 'new_menu'],
  ['Pop-up with chef Ana Ruiz next Thursday, 5 courses for $80', 'event'],
  ['We are back open after the winter break, see you Wednesday', 'reopening'],
  ['How was your dinner? We would love a review', 'feedback'],
  ['Fresh oysters, $1 each, 4-6pm weekdays', 'promotion'],
  ['Our newsletter for April: new patio, longer hours, and a new chef', 'newsletter'],
  ['Halloween party Oct 31, costume contest, free shot for best costume', 'holiday'],
  ['Lunch special: soup and sandwich for $11.50, weekdays 11am to 2pm', 'promotion'],
  ['Introducing our new cocktail list', 'new_menu'],
  ['Happy New Year! Thanks for a great year, see you in January', 'holiday'],
  ['Cinco de Mayo: margaritas $6 all day', 'holiday'],
  ['Gift cards: buy $50, get a $10 bonus card', 'promotion'],
  ['tacos', 'promotion'],
  ["Father's Day BBQ platter for 4, $65, order by Friday for pickup", 'holiday'],
];

/** Every word a recipient reads, tags stripped and entities decoded. */
function wordsOf(email: WrittenEmail): string {
  const blockWords = (block: EmailBlock) =>
    block.type === 'heading' ? block.text : block.type === 'text' ? block.html : block.type === 'button' ? block.label : block.type === 'image' ? `${block.alt} ${block.caption}` : '';
  return [email.title, email.subject, email.preheader, ...email.blocks.map(blockWords)]
    .join('\n')
    .replace(/<br>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\{\{[^}]*\}\}/g, ' ');
}

const lower = (text: string) => text.toLowerCase().replace(/[‘’]/g, "'");
const all = (text: string, pattern: RegExp) => [...lower(text).matchAll(pattern)].map((match) => match[0]);

// Independent of the writer's own vocabulary: what counts as a fact it could invent.
const NUMBERS = /\d+(?:[.:]\d+)?/g;
const DAYS = /\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b/g;
const MONTHS = /\b(?:january|february|march|april|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b|\bmay\s+\d|\bin may\b/g;
const RELATIVE = /\b(?:today|tonight|tomorrow|weekends?|weekdays?|this week|next week|this month|all day|all week)\b/g;
const HOLIDAYS = /\b(?:christmas|xmas|thanksgiving|valentine'?s?|mother'?s day|father'?s day|halloween|easter|new year|cinco de mayo|hanukkah|diwali)\b/g;
const FOOD = /\b(?:tacos?|pizzas?|burgers?|fish|oysters?|brunch|lunch|wine|beer|cocktails?|margaritas?|coffee|desserts?|cakes?|pies?|soup|salad|sandwich(?:es)?|steak|sushi|nachos|pasta|bbq|platter|bao|brisket|corn|burrata|tart|peach|shots?|chef)\b/g;
const OFFER_WORDS = /\b(?:free|discount|half price|half-price|bogo|% off|\d+% ?off|bonus)\b/g;
const SCARCITY = /\b(?:only|limited|last chance|hurry|sold out|while (?:it|stocks|supplies) lasts?)\b/g;

function inventedFacts(email: WrittenEmail, prompt: string, brand: AiBrandFacts, photos: EmailImageCandidate[]): string[] {
  const said = wordsOf(email);
  const given = lower([prompt, brand.name, brand.location, brand.website, brand.description, ...photos.map((photo) => photo.description)].join('\n'));
  const invented: string[] = [];
  for (const pattern of [NUMBERS, DAYS, MONTHS, RELATIVE, HOLIDAYS, FOOD, OFFER_WORDS]) {
    for (const term of all(said, pattern)) if (!given.includes(term.replace(/s$/, ''))) invented.push(term);
  }
  if (all(said, SCARCITY).length > 0 && !/\b(?:only|limited|last|while)\b/.test(given)) invented.push('scarcity');
  if (/\bnew\b/.test(lower(said)) && !/\bnew\b/.test(given)) invented.push('new');
  // "X is back" claims a return; "thank you for coming back" does not.
  if (/\b(?:is|are|we're|we’re) back\b/.test(lower(said)) && !/\b(?:back|reopen|open again|renovat|break)\b/.test(given)) invented.push('back');
  return invented;
}

const write = (prompt: string, brand: AiBrandFacts, seed: number, avoid?: WrittenEmail, images = PHOTOS) => ai.writeEmail({ prompt, brand, images, seed, avoid });
const headingOf = (email: WrittenEmail) => email.blocks.find((block) => block.type === 'heading')?.text;
const introOf = (email: WrittenEmail) => {
  const intro = email.blocks.find((block) => block.id === 'intro');
  return intro?.type === 'text' ? intro.html : undefined;
};

describe('builtin email writer', () => {
  describe.each(PROMPTS.map(([prompt, occasion], index) => [prompt, occasion, BRANDS[index % BRANDS.length]!] as const))('%s', (prompt, occasion, brand) => {
    it(`is read as a ${occasion} email`, () => {
      expect(occasionOf(prompt, parsePromptFacts(prompt))).toBe(occasion);
    });

    it('writes valid content, the same for the same seed', async () => {
      const email = await write(prompt, brand, 7);
      expect(v.parse(EmailContentSchema, { subject: email.subject, preheader: email.preheader, blocks: email.blocks }).blocks).toEqual(email.blocks);
      expect(email.title.length).toBeGreaterThan(0);
      expect(email.title.length).toBeLessThanOrEqual(120);
      expect(email.subject).not.toBe(email.preheader);
      expect(await write(prompt, brand, 7)).toEqual(email);
    });

    it('never states a price, number, day, date, holiday, dish, deal or scarcity the prompt and brand do not give', async () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const email = await write(prompt, brand, seed);
        expect(inventedFacts(email, prompt, brand, PHOTOS), `seed ${seed}: ${wordsOf(email)}`).toEqual([]);
      }
    });

    it("keeps the owner's prices, percentages and days", async () => {
      const email = await write(prompt, brand, 3);
      const said = lower(wordsOf(email));
      for (const fact of [...all(prompt, /[$€£]\s?\d+(?:\.\d{2})?/g), ...all(prompt, /\d+%/g), ...all(prompt, DAYS)]) expect(said).toContain(fact);
    });

    it('varies across seeds, and a regeneration takes another angle', async () => {
      const emails = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => write(prompt, brand, seed)));
      expect(new Set(emails.map((email) => `${email.subject}|${headingOf(email)}|${introOf(email)}`)).size).toBeGreaterThanOrEqual(3);
      for (const [first, seed] of [[emails[0]!, 11], [emails[3]!, 12]] as const) {
        const again = await write(prompt, brand, seed, first);
        expect(again.subject).not.toBe(first.subject);
        expect(headingOf(again)).not.toBe(headingOf(first));
        expect(introOf(again)).not.toBe(introOf(first));
      }
    });
  });

  it('places only photos (never videos), and none from an empty library', async () => {
    for (const seed of [1, 2, 3, 4]) {
      const email = await write('Friday fish tacos', BRANDS[0]!, seed);
      const placed = email.blocks.filter((block) => block.type === 'image').map((block) => block.type === 'image' && block.media_id);
      expect(placed.length).toBeGreaterThanOrEqual(1);
      expect(placed.every((id) => id === 'photo-a' || id === 'photo-b')).toBe(true);
    }
    const bare = await write('Friday fish tacos', BRANDS[0]!, 1, undefined, []);
    expect(bare.blocks.some((block) => block.type === 'image')).toBe(false);
  });

  it("links the button to the prompt's link, else the website, and leaves it out when there is neither", async () => {
    const review = await write('Ask for a review at https://g.page/r/lacocina/review', BRANDS[0]!, 1);
    expect(review.blocks.find((block) => block.type === 'button')).toMatchObject({ href: 'https://g.page/r/lacocina/review' });
    const site = await write('Friday fish tacos', BRANDS[0]!, 1);
    expect(site.blocks.find((block) => block.type === 'button')).toMatchObject({ href: '' });
    const none = await write('Friday fish tacos', BRANDS[1]!, 1);
    expect(none.blocks.some((block) => block.type === 'button')).toBe(false);
  });

  it('writes in the brand voice: a refined brand is not greeted like a playful one', async () => {
    const greetings = async (brand: AiBrandFacts) => Promise.all([1, 2, 3, 4, 5, 6].map(async (seed) => introOf(await write('Friday fish tacos', brand, seed))!.split('</p>')[0]!));
    const playful = await greetings(BRANDS[1]!);
    const refined = await greetings(BRANDS[2]!);
    expect(playful.some((greeting) => greeting.includes('Hey') || greeting.includes('!'))).toBe(true);
    expect(refined.some((greeting) => greeting.includes('Hey') || greeting.includes('!'))).toBe(false);
  });

  it('signs off with the restaurant name, escapes what the owner typed, and starts every email with the brand header', async () => {
    const email = await write('<b>Tacos</b> & "salsa" night', BRANDS[0]!, 1);
    expect(email.blocks[0]).toEqual({ id: 'header', type: 'header_image' });
    expect(email.blocks.at(-1)).toMatchObject({ type: 'footer' });
    expect(email.blocks.some((block) => block.type === 'text' && block.html.includes('The La Cocina team'))).toBe(true);
    for (const block of email.blocks) if (block.type === 'text') expect(block.html).not.toContain('<b>');
  });
});
