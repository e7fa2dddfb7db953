// The builtin video script writer: deterministic, offline, and honest. Every sentence is either the owner's
// own words (the concept), a brand fact (name, location, website), or one of the phrases below, which state
// no price, date, day, dish or promise (video-script.test.ts checks each with text-fact-guard).
import type { ScriptMedia, WriteVideoScriptInput, WrittenVideoScript } from '../../ai-types.ts';

type Lines = { open: string[]; close: string[] };

/** Keyed by `subcategory` or `subcategory/style`; two wordings each, the seed picks. */
const PHRASES: Record<string, Lines> = {
  'dish_spotlight/close_up': { open: ['Take a closer look.', 'Look a little closer.'], close: ['Made by hand at {name}.', 'Only at {name}.'] },
  'dish_spotlight/story': { open: ['Here is the story behind one of our favourites.', 'Every dish has a story. This is ours.'], close: ['That is how we make it at {name}.', 'Come and taste the story at {name}.'] },
  dish_spotlight: { open: ['Take a closer look.', 'One of our favourites.'], close: ['Made at {name}.', 'Only at {name}.'] },
  behind_the_scenes: { open: ['A look behind the scenes at {name}.', 'Step into our kitchen.'], close: ['This is how it comes together.', 'Made with care by the team at {name}.'] },
  'event/invitation': { open: ['You are invited.', 'Something special is coming. Join us.'], close: ['Come and join us at {name}.', 'We would love to see you at {name}.'] },
  'event/recap': { open: ['What a night at {name}.', 'Here is how it went.'], close: ['Thank you to everyone who came.', 'Thank you for being part of it.'] },
  event: { open: ['Something is happening at {name}.', 'Join us.'], close: ['Come and join us at {name}.', 'See you there.'] },
  offer: { open: ['A little something from {name}.', 'Here is one for our guests.'], close: ['Ask us about it when you visit.', 'Come in and ask us about it.'] },
  'atmosphere/calm': { open: ['Slow down for a moment at {name}.', 'A quiet corner, just for you.'], close: ['Take a seat. Stay a while.', 'Come in and take your time.'] },
  'atmosphere/lively': { open: ['This is what it feels like at {name}.', 'Good food, good people.'], close: ['Bring your friends.', 'Come and join the fun at {name}.'] },
  atmosphere: { open: ['This is {name}.', 'Welcome to {name}.'], close: ['Come and see for yourself.', 'See you soon.'] },
};

const STOP = new Set(
  'a an and are as at be but by for from has have in is it its of on or our the this to we with you your us all new come see just now here there what when who will can'.split(' '),
);
const tokens = (text: string) => (text.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((word) => !STOP.has(word)).map((word) => word.replace(/s$/, ''));

/** The concept's sentences, each at most `max` characters (cut at a word). */
function sentences(concept: string): string[] {
  const parts = concept
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+|\s*[;\n]\s*|\s+[-–—]\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length ? parts : [concept.trim()];
}

function cutAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?-]+$/, '')}…`;
}

const sentence = (text: string) => {
  const clean = text.trim();
  if (!clean) return clean;
  const first = clean[0]!.toUpperCase() + clean.slice(1);
  return /[.!?…]$/.test(first) ? first : `${first}.`;
};
const captionOf = (text: string) => cutAtWord(text.replace(/[.]$/, ''), 60);

/** Seconds a voice needs for `text` (about 2.6 words a second), within a scene's bounds. */
function secondsFor(text: string, media: ScriptMedia | undefined): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  let seconds = Math.min(8, Math.max(3, Math.ceil(words / 2.6) + 1));
  if (media?.kind === 'video' && media.duration) seconds = Math.min(seconds, Math.max(1, Math.floor(media.duration)));
  return seconds;
}

/** The best unused photo or clip for `text`: most shared words with its name and description, clips first on a tie, then newest. */
function pickMedia(text: string, media: ScriptMedia[], used: Set<string>, preferClip: boolean): ScriptMedia | undefined {
  const wanted = new Set(tokens(text));
  let best: { item: ScriptMedia; score: number } | undefined;
  for (const item of media) {
    if (used.has(item.id)) continue;
    const shared = tokens(`${item.name} ${item.description}`).filter((word) => wanted.has(word)).length;
    const score = shared * 10 + (preferClip && item.kind === 'video' ? 1 : 0);
    if (!best || score > best.score) best = { item, score };
  }
  // Every photo used once: start again rather than leave a scene empty.
  if (!best && media.length && used.size >= media.length) {
    used.clear();
    return pickMedia(text, media, used, preferClip);
  }
  if (best) used.add(best.item.id);
  return best?.item;
}

export function writeVideoScriptBuiltin(input: WriteVideoScriptInput): WrittenVideoScript {
  const { brand } = input;
  const name = brand.name.trim() || 'us';
  const key = input.style ? `${input.subcategory.id}/${input.style.id}` : input.subcategory.id;
  const lines = PHRASES[key] ?? PHRASES[input.subcategory.id] ?? PHRASES.atmosphere!;
  const pick = (options: string[], offset: number) => options[(Math.abs(input.seed) + offset) % options.length]!.replaceAll('{name}', name);

  const body = sentences(input.concept).slice(0, 4).map(sentence);
  const texts = [pick(lines.open, 0), ...body, pick(lines.close, 1)];
  const location = brand.location.trim();
  const website = brand.website.trim().replace(/^https?:\/\//, '').replace(/\/+$/, '');

  const used = new Set<string>();
  const scenes: WrittenVideoScript['scenes'] = texts.map((text, index) => {
    // The opening and the body scenes look for media that matches the concept; the closing one any left.
    const media = pickMedia(index === 0 ? input.concept : text, input.media, used, index === 0);
    return { narration: text, caption: captionOf(text), media_id: media?.id ?? null, duration: secondsFor(text, media) };
  });
  if (location || website) {
    const narration = location ? `Find us at ${location}.` : `Find us at ${website}.`;
    const media = pickMedia(`${name} ${location}`, input.media, used, false);
    scenes.push({ narration, caption: captionOf([name, location || website].join(' · ')), media_id: media?.id ?? null, duration: secondsFor(narration, media) });
  }
  return { title: cutAtWord(sentence(body[0] ?? input.concept).replace(/[.!?]$/, ''), 60), scenes };
}
