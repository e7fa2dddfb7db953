import { describe, expect, it } from 'vitest';
import { stylesOf, VIDEO_LIMITS, VIDEO_SUBCATEGORIES } from '../../src/contract/video.ts';
import type { AiBrandFacts, ScriptMedia, WriteVideoScriptInput } from '../../server/providers/ai/ai-types.ts';
import { createBuiltinProvider } from '../../server/providers/ai/builtin/builtin-provider.ts';
import { scriptUnsupportedFacts } from '../../server/providers/ai/video-script-facts.ts';

// The builtin video script writer, table-driven: every kind and style, brands with and without details,
// with and without media. Each script must be honest (no price, day, date or dish the concept and brand do
// not give), use only the owner's media, and fit the contract's bounds.

const ai = createBuiltinProvider();

const CASA: AiBrandFacts = { name: 'Casa Rosa', voice: ['warm'], description: 'Family taqueria', location: 'Austin, TX', website: 'https://casarosa.com' };
const BARE: AiBrandFacts = { name: 'Noir', voice: [], description: '', location: '', website: '' };

const MEDIA: ScriptMedia[] = [
  { id: '11111111-1111-4111-8111-111111111111', kind: 'image', name: 'Dining room.jpg', description: 'Our dining room at night', duration: null },
  { id: '22222222-2222-4222-8222-222222222222', kind: 'video', name: 'Grill.mp4', description: 'Tacos on the grill', duration: 3.2 },
  { id: '33333333-3333-4333-8333-333333333333', kind: 'image', name: 'Churros.png', description: 'Churros with chocolate', duration: null },
];

/** Dishes and drinks: a script may name one only when the owner did. */
const FOODS = ['taco', 'tacos', 'pizza', 'burger', 'dessert', 'margarita', 'wine', 'beer', 'coffee', 'brunch', 'cocktail', 'churros', 'sushi', 'pasta', 'steak', 'drinks'];

const CONCEPTS = [
  'Fish tacos are back on the menu',
  'Live music this Friday from 8pm. Two for one margaritas!',
  'Our new pastry chef bakes churros every morning',
  'We turned 10 — thank you Austin',
  'quiet sunday mornings with a good book',
];

type Kind = { sub: { id: string; label: string }; style: { id: string; label: string } | null };
const kinds: Kind[] = VIDEO_SUBCATEGORIES.flatMap((sub): Kind[] =>
  sub.styles.length ? sub.styles.map((style) => ({ sub, style: { id: style.id, label: style.label } })) : [{ sub, style: null }],
);

const cases = kinds.flatMap(({ sub, style }) =>
  CONCEPTS.flatMap((concept, index) =>
    [CASA, BARE].map((brand) => ({
      name: `${sub.id}/${style?.id ?? '-'} · ${brand.name} · "${concept.slice(0, 24)}"`,
      input: { concept, subcategory: { id: sub.id, label: sub.label }, style, brand, media: index % 2 ? [] : MEDIA, seed: index } satisfies WriteVideoScriptInput,
    })),
  ),
);

describe('builtin video scripts', () => {
  it.each(cases)('$name', async ({ input }) => {
    const script = await ai.writeVideoScript(input);
    expect(scriptUnsupportedFacts(input, script)).toEqual([]);
    const given = new Set(`${input.concept} ${input.brand.name} ${input.brand.description}`.toLowerCase().match(/[a-z]+/g));
    const text = [script.title, ...script.scenes.flatMap((scene) => [scene.narration, scene.caption])].join(' ').toLowerCase();
    expect((text.match(/[a-z]+/g) ?? []).filter((word) => FOODS.includes(word) && !given.has(word))).toEqual([]);

    expect(script.title.length).toBeGreaterThan(0);
    expect(script.title.length).toBeLessThanOrEqual(VIDEO_LIMITS.title);
    expect(script.scenes.length).toBeGreaterThanOrEqual(3);
    expect(script.scenes.length).toBeLessThanOrEqual(VIDEO_LIMITS.scenes);
    const known = new Set(input.media.map((item) => item.id));
    for (const scene of script.scenes) {
      expect(scene.narration.length).toBeLessThanOrEqual(VIDEO_LIMITS.narration);
      expect(scene.caption.length).toBeLessThanOrEqual(VIDEO_LIMITS.caption);
      expect(scene.duration).toBeGreaterThanOrEqual(VIDEO_LIMITS.sceneSeconds.min);
      expect(scene.duration).toBeLessThanOrEqual(VIDEO_LIMITS.sceneSeconds.max);
      if (input.media.length === 0) expect(scene.media_id).toBeNull();
      else expect(known.has(scene.media_id!)).toBe(true);
    }
    // The concept is said in the owner's words.
    expect(script.scenes.map((scene) => scene.narration).join(' ')).toContain(input.concept.split(/[.!—]/)[0]!.trim().slice(1, 20));
  });

  it('opens with the media that matches the concept, and a clip scene is no longer than the clip', async () => {
    const script = await ai.writeVideoScript({ concept: 'Tacos straight off the grill', subcategory: { id: 'dish_spotlight', label: 'Dish spotlight' }, style: { id: 'close_up', label: 'Close-up' }, brand: CASA, media: MEDIA, seed: 1 });
    expect(script.scenes[0]!.media_id).toBe(MEDIA[1]!.id);
    expect(script.scenes[0]!.duration).toBeLessThanOrEqual(3);
    // The brand's location closes the video when it is known.
    expect(script.scenes.at(-1)!.narration).toBe('Find us at Austin, TX.');
  });

  it('every subcategory with styles lists them, and the seed changes the wording, not the facts', async () => {
    expect(stylesOf('dish_spotlight').map((style) => style.id)).toEqual(['close_up', 'story']);
    expect(stylesOf('offer')).toEqual([]);
    const base = { concept: 'Happy hour on the patio', subcategory: { id: 'offer', label: 'Offer' }, style: null, brand: CASA, media: MEDIA };
    const one = await ai.writeVideoScript({ ...base, seed: 0 });
    const two = await ai.writeVideoScript({ ...base, seed: 1 });
    expect(one.scenes[0]!.narration).not.toBe(two.scenes[0]!.narration);
    expect(await ai.writeVideoScript({ ...base, seed: 0 })).toEqual(one);
  });
});
