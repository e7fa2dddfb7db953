import { describe, expect, it } from 'vitest';
import type { MediaItem } from '../../../src/contract/media.ts';
import { folderIdFromParam, folderParam, formatDuration, formatMegabytes, groupByDay, shortName } from '../../../src/features/media/media-format.ts';

const item = (id: string, createdAt: string): MediaItem => ({
  id, userId: 'u', name: id, description: '', type: 'image', path: null, thumbnailUrl: null, previewUrl: null, isFolder: false, parentId: null,
  size: 0, mimeType: 'image/png', width: null, height: null, duration: null, childCount: null, createdAt, updatedAt: createdAt, deletedAt: null,
});

describe('media display rules (spec §9)', () => {
  it('shows sizes in MB with two decimals, bytes / 1048576', () => {
    expect(formatMegabytes(1048576)).toBe('1.00 MB');
    expect(formatMegabytes(5_242_880 + 52_429)).toBe('5.05 MB');
    expect(formatMegabytes(0)).toBe('0.00 MB');
  });

  it('shortens names to 20 characters', () => {
    expect(shortName('shakshuka.jpg')).toBe('shakshuka.jpg');
    expect(shortName('a-very-long-photo-name-from-the-camera.jpg')).toHaveLength(20);
    expect(shortName('exactly-twenty-chars')).toBe('exactly-twenty-chars');
  });

  it('groups recent uploads by the day they were added, newest day first', () => {
    const groups = groupByDay([item('a', '2026-03-02T10:00:00'), item('b', '2026-03-02T08:00:00'), item('c', '2026-03-01T09:00:00')]);
    expect(groups.map((g) => g.items.map((i) => i.id))).toEqual([['a', 'b'], ['c']]);
  });

  it('formats video lengths and folder paths', () => {
    expect(formatDuration(2.04)).toBe('0:02');
    expect(formatDuration(75.4)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    const param = folderParam({ id: '0b7f1c9e-1111-4222-8333-944455556666', name: 'Brunch~specials' });
    expect(param).toBe('Brunch specials~0b7f1c9e-1111-4222-8333-944455556666');
    expect(folderIdFromParam(param)).toBe('0b7f1c9e-1111-4222-8333-944455556666');
  });
});
