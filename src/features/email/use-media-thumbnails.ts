import { useQueries } from '@tanstack/react-query';
import type { EmailBlock } from '../../contract/email.ts';
import { mediaQueries } from '../media/media-queries.ts';

/** Thumbnails of the photos already in an email, for the editor's photo blocks (from the media library's own queries). */
export function useMediaThumbnails(blocks: readonly EmailBlock[]) {
  const ids = [...new Set(blocks.flatMap((block) => (block.type === 'image' && block.media_id ? [block.media_id] : [])))];
  const results = useQueries({ queries: ids.map((id) => ({ ...mediaQueries.item(id), staleTime: 10 * 60_000 })) });
  const byId = new Map(ids.map((id, index) => [id, results[index]?.data?.thumbnailUrl ?? null]));
  return (mediaId: string) => byId.get(mediaId) ?? null;
}
