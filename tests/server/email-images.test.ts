import { describe, expect, it } from 'vitest';
import type { EmailBlock } from '../../src/contract/email.ts';
import { chooseEmailImages, replaceEmailImages } from '../../server/features/email/email-images.ts';
import type { EmailImageCandidate } from '../../server/providers/ai/ai-types.ts';

const photo = (id: string, description: string, created_at: string, kind: 'image' | 'video' = 'image'): EmailImageCandidate => ({ id, description, created_at, kind });
const LIBRARY = [
  photo('patio', 'Our patio at sunset', '2025-06-01T10:00:00Z'),
  photo('tacos-old', 'Fish tacos with lime', '2024-05-01T10:00:00Z'),
  photo('tacos-new', 'Fish taco plate, close up', '2025-05-20T10:00:00Z'),
  photo('video', 'Fish tacos being grilled', '2025-06-10T10:00:00Z', 'video'),
  photo('team', 'The kitchen team', '2025-06-05T10:00:00Z'),
];

describe('chooseEmailImages', () => {
  it('prefers photos whose description matches the prompt, newer first, never videos', () => {
    expect(chooseEmailImages(LIBRARY, 'Friday fish tacos, 2 for $12').map((p) => p.id)).toEqual(['tacos-new', 'tacos-old']);
  });

  it('falls back to the newest photos when no description matches', () => {
    expect(chooseEmailImages(LIBRARY, 'Trivia night', { count: 3 }).map((p) => p.id)).toEqual(['team', 'patio', 'tacos-new']);
  });

  it('picks other photos when refreshing, and none when nothing else is left', () => {
    expect(chooseEmailImages(LIBRARY, 'fish tacos', { exclude: ['tacos-new', 'tacos-old'], count: 1 }).map((p) => p.id)).toEqual(['team']);
    expect(chooseEmailImages(LIBRARY, 'fish tacos', { exclude: LIBRARY.map((p) => p.id) })).toEqual([]);
  });

  it('returns none for an empty library', () => {
    expect(chooseEmailImages([], 'fish tacos')).toEqual([]);
  });
});

describe('replaceEmailImages', () => {
  const blocks: EmailBlock[] = [
    { id: 'h', type: 'heading', text: 'Tacos', level: 1, align: 'left' },
    { id: 'p1', type: 'image', media_id: 'tacos-old', alt: 'old', caption: 'Caption stays' },
    { id: 't', type: 'text', html: '<p>Text stays</p>', align: 'left' },
  ];

  it('puts the new photos into the photo blocks and leaves the text alone', () => {
    expect(replaceEmailImages(blocks, [LIBRARY[0]!])).toEqual([blocks[0], { id: 'p1', type: 'image', media_id: 'patio', alt: 'Our patio at sunset', caption: 'Caption stays' }, blocks[2]]);
  });

  it('adds a photo under the heading when the email had none, and changes nothing without photos', () => {
    const withoutPhoto = [blocks[0]!, blocks[2]!];
    expect(replaceEmailImages(withoutPhoto, [LIBRARY[0]!]).map((b) => b.id)).toEqual(['h', 'photo-1', 't']);
    expect(replaceEmailImages(blocks, [])).toEqual(blocks);
  });
});
