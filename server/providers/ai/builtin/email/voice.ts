/**
 * The brand voice words (4-5 words the owner picked, spec §5) choose the register of the stock phrases:
 * 'playful' for fun/bold brands, 'refined' for elegant ones, 'warm' otherwise.
 */
export type Tone = 'warm' | 'playful' | 'refined';

const TONE_WORDS: Record<Tone, RegExp> = {
  playful: /^(?:fun|playful|cheeky|quirky|bold|lively|vibrant|energetic|loud|sassy|witty|irreverent|funky|colou?rful|upbeat|young|hip|edgy|cool|spunky|zany)$/i,
  refined: /^(?:elegant|refined|upscale|sophisticated|classic|classy|luxurious|luxury|premium|fine|formal|chic|polished|exclusive|timeless|artisanal|gourmet|intimate)$/i,
  warm: /^(?:warm|friendly|cozy|cosy|family|family-run|welcoming|homely|homey|rustic|authentic|traditional|casual|neighbou?rly|local|community|honest|simple|genuine|hearty|relaxed|laid-back|kind)$/i,
};

export function toneOf(voice: readonly string[]): Tone {
  const counts: Record<Tone, number> = { warm: 0, playful: 0, refined: 0 };
  let first: Tone | null = null;
  for (const word of voice) {
    for (const tone of ['playful', 'refined', 'warm'] as const) {
      if (TONE_WORDS[tone].test(word.trim())) {
        counts[tone] += 1;
        first ??= tone;
      }
    }
  }
  const best = (['playful', 'refined', 'warm'] as const).reduce((a, b) => (counts[b] > counts[a] ? b : a));
  if (counts[best] === 0) return 'warm';
  // A tie goes to the word the owner put first.
  return Object.values(counts).filter((count) => count === counts[best]).length > 1 && first ? first : best;
}
