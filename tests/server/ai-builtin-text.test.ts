import { describe, expect, it } from 'vitest';
import { measureSms } from '../../src/contract/sms-segments.ts';
import { TEXT_CATEGORIES, TEXT_OPT_OUT_LINE, type TextCategory, type TextStyle } from '../../src/contract/text.ts';
import type { TextBrand, TextTurn, WriteTextInput, WriteTextResult } from '../../server/providers/ai/ai-types.ts';
import { createBuiltinProvider } from '../../server/providers/ai/builtin/builtin-provider.ts';
import { cleanRequest } from '../../server/providers/ai/builtin/text/text-facts.ts';
import { unsupportedFacts } from '../../server/providers/ai/text-fact-guard.ts';

const ai = createBuiltinProvider();
const CASA: TextBrand = { name: 'Casa Rosa', voice: ['warm', 'friendly'], description: 'Family taqueria since 1998', location: 'Austin, TX', website: 'https://casarosa.com' };
const NOIR: TextBrand = { name: 'Noir Bistro', voice: ['elegant', 'refined'], description: 'French bistro', location: 'Chicago', website: 'https://noirbistro.com' };
const ZAP: TextBrand = { name: 'Zap Burger', voice: ['fun', 'bold'], description: 'Smash burgers', location: 'Denver', website: '' };

/** Dishes and drinks: a draft may name one only when the owner did. */
const FOODS = ['taco', 'tacos', 'pizza', 'burger', 'burgers', 'dessert', 'margarita', 'margaritas', 'wine', 'beer', 'coffee', 'latte', 'pie', 'brunch', 'cocktail', 'cocktails', 'appetizers', 'fries', 'sushi', 'ramen', 'pasta', 'burrito', 'burritos', 'brisket', 'steak', 'drink', 'drinks'];

const owner = (text: string): TextTurn => ({ role: 'owner', text });
const input = (category: TextCategory, style: TextStyle, messages: TextTurn[], brand = CASA, seed = 1): WriteTextInput => ({ messages, style, category, brand, seed });

/** Plays a conversation: each owner message gets the provider's answer appended. */
async function converse(category: TextCategory, style: TextStyle, said: string[], brand = CASA, seed = 1) {
  const turns: TextTurn[] = [];
  let result: WriteTextResult | undefined;
  for (const text of said) {
    turns.push(owner(text));
    result = await ai.writeText(input(category, style, turns, brand, seed));
    turns.push(result.kind === 'question' ? { role: 'assistant', kind: 'question', text: result.question } : { role: 'assistant', kind: 'draft', text: result.text });
  }
  return { result: result!, turns };
}

function expectHonestDraft(text: string, said: string[], brand: TextBrand, category: TextCategory) {
  expect(text.endsWith(TEXT_OPT_OUT_LINE)).toBe(true);
  expect(text.startsWith(`${brand.name}:`)).toBe(true);
  const sources = [...said, brand.name, brand.description, brand.location, brand.website, TEXT_CATEGORIES.find((c) => c.id === category)!.title];
  expect(unsupportedFacts(text, sources)).toEqual([]);
  const saidWords = new Set(sources.join(' ').toLowerCase().match(/[a-z]+/g));
  const invented = (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((word) => FOODS.includes(word) && !saidWords.has(word));
  expect(invented).toEqual([]);
}

// [kind of text, style, what the owner says (answers after the first), brand, question or draft, words the draft must carry]
type Case = [TextCategory, TextStyle, string[], TextBrand, 'question' | 'draft', string[]];
const CASES: Case[] = [
  // Complete requests: a draft at once, in one segment, with the owner's facts verbatim
  ['flash_sale', 'friendly', ['Flash sale: 20% off all pizzas today until 9pm'], CASA, 'draft', ['20% off all pizzas today until 9pm']],
  ['flash_sale', 'urgent', ['$10 off any order over $40, today only'], CASA, 'draft', ['$10 off any order over $40, today only']],
  ['new_arrival', 'playful', ['Tell everyone about our new pumpkin spice latte'], CASA, 'draft', ['our new pumpkin spice latte']],
  ['new_arrival', 'professional', ['Write a text announcing our new brisket tacos'], NOIR, 'draft', ['our new brisket tacos']],
  ['event_invitation', 'friendly', ['We have live jazz this Friday at 8'], CASA, 'draft', ['We have live jazz this Friday at 8']],
  ['event_invitation', 'elegant', ['Invite our guests to a wine tasting on Saturday June 14 at 6pm'], NOIR, 'draft', ['a wine tasting on Saturday June 14 at 6pm']],
  ['happy_hour', 'playful', ['I want to promote my happy hour: half-price appetizers 3-6pm Monday to Friday'], ZAP, 'draft', ['half-price appetizers 3-6pm Monday to Friday']],
  ['loyalty_reminder', 'professional', ['Remind loyalty members they get a free dessert after 10 visits'], NOIR, 'draft', ['you get a free dessert after 10 visits']],
  ['vip_access', 'elegant', ['Early access to our new fall menu for VIPs, Thursday 5-7pm'], NOIR, 'draft', ['early access to our new fall menu for VIPs, Thursday 5-7pm']],
  ['seasonal_special', 'friendly', ['Our pumpkin pie is back for the fall'], CASA, 'draft', ['our pumpkin pie is back for the fall']],
  ['customer_appreciation', 'friendly', ['thank our customers for their support this year'], CASA, 'draft', ['Thank you for your support this year']],
  ['customer_appreciation', 'professional', ['Customer appreciation text please'], NOIR, 'draft', []],
  ['order_reminder', 'urgent', ['Order your Thanksgiving turkey by Tuesday'], NOIR, 'draft', ['order your Thanksgiving turkey by Tuesday']],
  ['order_reminder', 'friendly', ['Remind people to preorder Thanksgiving pies by Nov 20'], CASA, 'draft', ['preorder Thanksgiving pies by Nov 20']],
  ['feedback_request', 'friendly', ['Ask guests how their visit went'], CASA, 'draft', ['casarosa.com']],
  ['feedback_request', 'playful', ['feedback request'], ZAP, 'draft', ['reply']],
  ['limited_time_offer', 'urgent', ['BOGO burritos until Sunday'], ZAP, 'draft', ['BOGO burritos until Sunday']],
  ['happy_hour', 'friendly', ['Happy hour every weekday 4-6pm: $5 margaritas and $3 tacos'], CASA, 'draft', ['$5 margaritas and $3 tacos']],
  ['event_invitation', 'playful', ['Trivia night next Tuesday at 7pm, prizes for the winners'], ZAP, 'draft', ['Trivia night next Tuesday at 7pm']],
  ['flash_sale', 'professional', ['Please write a message: 2-for-1 cocktails tonight from 9pm'], NOIR, 'draft', ['2-for-1 cocktails tonight from 9pm']],
  ['seasonal_special', 'urgent', ['Make a promo for our summer peach cobbler, only through August'], CASA, 'draft', ['our summer peach cobbler, only through August']],
  // Something a good text needs is missing: one short question
  ['flash_sale', 'urgent', ['write a text for a sale'], CASA, 'question', ['offer', 'when']],
  ['happy_hour', 'friendly', ['Happy hour'], CASA, 'question', ['days and hours']],
  ['new_arrival', 'friendly', ['new arrival'], CASA, 'question', ["What's new"]],
  ['event_invitation', 'friendly', ['Invite people to an event'], CASA, 'question', ['event']],
  ['event_invitation', 'friendly', ['Live salsa band!'], CASA, 'question', ['day and time']],
  ['limited_time_offer', 'friendly', ['20% off all bowls'], CASA, 'question', ['end']],
  ['loyalty_reminder', 'friendly', ['loyalty program reminder'], CASA, 'question', ['reward']],
  ['vip_access', 'friendly', ['something for my VIPs'], CASA, 'question', ['VIPs get']],
  ['seasonal_special', 'friendly', ['a seasonal special text'], CASA, 'question', ['seasonal dish']],
  ['order_reminder', 'friendly', ['Remind guests to order their catering'], CASA, 'question', ['order']],
  ['flash_sale', 'friendly', ['Can you write a message for some of our customers about 10% off today'], CASA, 'question', ['Who is it for']],
  // After one answered question it writes, with what it has (never asks twice in a row)
  ['flash_sale', 'urgent', ['write a text for a sale', '30% off everything this weekend'], CASA, 'draft', ['30% off everything this weekend']],
  ['happy_hour', 'friendly', ['Happy hour', '$5 margaritas, weekdays 4-6pm'], CASA, 'draft', ['$5 margaritas, weekdays 4-6pm']],
  ['new_arrival', 'playful', ['new arrival', 'Smoked birria ramen'], ZAP, 'draft', ['Smoked birria ramen']],
  ['event_invitation', 'friendly', ['Invite people to an event', 'not sure yet'], CASA, 'draft', []],
  ['flash_sale', 'friendly', ['flash sale', '15% off'], CASA, 'draft', ['15% off']],
];

describe('builtin writeText', () => {
  it(`covers many requests (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    expect(CASES.filter((c) => c[4] === 'question').length).toBeGreaterThanOrEqual(10);
  });

  it.each(CASES)('%s / %s: %j', async (category, style, said, brand, kind, mustCarry) => {
    const { result } = await converse(category, style, said, brand);
    expect(result.kind).toBe(kind);
    if (result.kind === 'question') {
      expect(result.question.endsWith('?')).toBe(true);
      expect(result.question.length).toBeLessThanOrEqual(70);
      for (const words of mustCarry) expect(result.question.toLowerCase()).toContain(words.toLowerCase());
      return;
    }
    expectHonestDraft(result.text, said, brand, category);
    for (const words of mustCarry) expect(result.text.toLowerCase()).toContain(words.toLowerCase());
    // Filler never reaches the guest: not "not sure yet", not "text please".
    expect(result.text).not.toMatch(/not sure|text please|write a|send a|\bplease\b/i);
    // One GSM-7 segment for every one of these (none is longer than a text should be).
    expect(measureSms(result.text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });

  it('is deterministic for a seed and varies its wording across seeds', async () => {
    const turns = [owner('Flash sale: 20% off all pizzas today until 9pm')];
    const once = await ai.writeText(input('flash_sale', 'friendly', turns, CASA, 7));
    expect(await ai.writeText(input('flash_sale', 'friendly', turns, CASA, 7))).toEqual(once);
    const drafts = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const result = await ai.writeText(input('flash_sale', 'friendly', turns, CASA, seed));
      if (result.kind === 'draft') drafts.add(result.text);
    }
    expect(drafts.size).toBeGreaterThanOrEqual(3);
  });

  it('speaks in the style and the brand voice: calm brands and professional texts do not shout', async () => {
    for (const style of ['professional', 'elegant'] as const) {
      for (let seed = 1; seed <= 6; seed++) {
        const result = await ai.writeText(input('happy_hour', style, [owner('Happy hour 4-6pm: $6 wine')], CASA, seed));
        expect(result.kind === 'draft' && !result.text.includes('!')).toBe(true);
      }
    }
    const calmBrand = await ai.writeText(input('flash_sale', 'friendly', [owner('20% off tonight')], NOIR, 3));
    expect(calmBrand.kind === 'draft' && calmBrand.text.includes('!')).toBe(false);
  });

  it('keeps a long request whole, over one segment rather than cutting the owner’s words', async () => {
    const long = 'Our new summer menu starts Friday June 6 with grilled street corn, watermelon agua fresca, shrimp ceviche tostadas and a mango chamoy sorbet, all week long at both locations';
    const { result } = await converse('new_arrival', 'friendly', [long]);
    expect(result.kind).toBe('draft');
    if (result.kind !== 'draft') return;
    expect(result.text).toContain('grilled street corn, watermelon agua fresca, shrimp ceviche tostadas and a mango chamoy sorbet');
    expect(measureSms(result.text).segments).toBe(2);
    expectHonestDraft(result.text, [long], CASA, 'new_arrival');
  });

  it('writes a shorter text when asked', async () => {
    const first = await converse('event_invitation', 'friendly', ['We have live jazz this Friday at 8']);
    const shorter = await converse('event_invitation', 'friendly', ['We have live jazz this Friday at 8', 'make it shorter']);
    expect(first.result.kind === 'draft' && shorter.result.kind === 'draft').toBe(true);
    if (first.result.kind === 'draft' && shorter.result.kind === 'draft') expect(shorter.result.text.length).toBeLessThan(first.result.text.length);
  });

  it('straightens typed curly quotes so the text stays GSM-7', async () => {
    const { result } = await converse('flash_sale', 'friendly', ['“Taco Tuesday” — $2 tacos today, it’s on']);
    expect(result.kind === 'draft' && measureSms(result.text).encoding).toBe('GSM-7');
  });
});

describe('builtin regenerateText', () => {
  it('always drafts, differs from the last draft, and stays honest', async () => {
    for (const [category, style, said, brand] of CASES.filter((c) => c[4] === 'draft').slice(0, 12)) {
      const { turns, result } = await converse(category, style, said, brand);
      if (result.kind !== 'draft') throw new Error('expected a draft');
      const again = await ai.regenerateText({ ...input(category, style, turns, brand), seed: 1 });
      expect(again.text).not.toBe(result.text);
      expectHonestDraft(again.text, said, brand, category);
    }
  });

  it('drafts even when the request still lacks something (Regenerate never asks)', async () => {
    const again = await ai.regenerateText(input('happy_hour', 'friendly', [owner('Happy hour')]));
    expect(again.text).toMatch(/^Casa Rosa: .*Happy hour.*Reply STOP to opt out$/);
    expectHonestDraft(again.text, ['Happy hour'], CASA, 'happy_hour');
  });
});

describe('cleanRequest', () => {
  it.each([
    ['Write a short text about our new brisket tacos!', 'our new brisket tacos'],
    ['Can you please create an SMS announcing live music Friday', 'live music Friday'],
    ['Let everyone know that my patio is open', 'our patio is open'],
    ["Tell our customers they're invited to our anniversary party", "you're invited to our anniversary party"],
    ['I want to promote my brunch', 'our brunch'],
    ['hey, send a message: 2 for 1 wings tonight', '2 for 1 wings tonight'],
  ])('%s → %s', (raw, clean) => {
    expect(cleanRequest(raw)).toBe(clean);
  });
});
