import type { EmailBlock } from '../../../src/contract/email.ts';
import type { EmailImageCandidate } from '../../providers/ai/ai-types.ts';

/**
 * Which photos from the owner's library suit an email: those whose description shares words with the prompt
 * first ("fish tacos" finds "Fish tacos on the patio"), newer before older, videos never (mail clients do not
 * play them). An empty library gives none, and the caller says so.
 */

const STOP = new Set(['the', 'and', 'for', 'with', 'our', 'your', 'this', 'that', 'from', 'only', 'week', 'email', 'about', 'new', 'all', 'are', 'get', 'one', 'two', 'off', 'per', 'person', 'until', 'each', 'every', 'next', 'night', 'day', 'today', 'tonight', 'free']);

/** Lower-case words of 3+ letters, plural -s/-es dropped, so "tacos" meets "taco". */
function wordsOf(text: string): Set<string> {
  const words = text.toLowerCase().match(/[a-zà-ÿ]{3,}/g) ?? [];
  return new Set(words.filter((word) => !STOP.has(word)).map((word) => word.replace(/(?:es|s)$/, '')));
}

export function chooseEmailImages(candidates: readonly EmailImageCandidate[], prompt: string, options: { exclude?: Iterable<string>; count?: number } = {}): EmailImageCandidate[] {
  const excluded = new Set(options.exclude ?? []);
  const count = options.count ?? 2;
  const wanted = wordsOf(prompt);
  const photos = candidates.filter((candidate) => candidate.kind === 'image' && !excluded.has(candidate.id));
  const scored = photos.map((photo) => {
    const described = wordsOf(photo.description);
    let matches = 0;
    for (const word of wanted) if (described.has(word)) matches += 1;
    return { photo, matches, time: Date.parse(photo.created_at) || 0 };
  });
  scored.sort((a, b) => b.matches - a.matches || b.time - a.time || a.photo.id.localeCompare(b.photo.id));
  return scored.slice(0, Math.max(0, count)).map((entry) => entry.photo);
}

/**
 * Refresh Images: the email's photo blocks get the new photos in order (text untouched). Blocks beyond the new
 * photos keep theirs; an email without a photo block gets one under its first heading.
 */
export function replaceEmailImages(blocks: readonly EmailBlock[], photos: readonly EmailImageCandidate[]): EmailBlock[] {
  if (photos.length === 0) return [...blocks];
  let next = 0;
  const replaced = blocks.map((block) => {
    if (block.type !== 'image' || next >= photos.length) return block;
    const photo = photos[next++]!;
    return { ...block, media_id: photo.id, alt: photo.description.slice(0, 200) || block.alt };
  });
  if (next > 0) return replaced;
  const at = Math.max(0, blocks.findIndex((block) => block.type === 'heading')) + 1;
  const id = uniqueId(blocks, 'photo');
  const photo = photos[0]!;
  return [...blocks.slice(0, at), { id, type: 'image', media_id: photo.id, alt: photo.description.slice(0, 200), caption: '' }, ...blocks.slice(at)];
}

function uniqueId(blocks: readonly EmailBlock[], base: string): string {
  const taken = new Set(blocks.map((block) => block.id));
  for (let n = 1; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
