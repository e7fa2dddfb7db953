import * as v from 'valibot';
import { MEDIA_SORTS } from '../../contract/media.ts';
import type { LibraryView } from './media-library.tsx';

/** The library's view settings live in the URL (?view=list&sort=name...), so Back and reloads keep them. */
export const MediaSearchSchema = v.object({
  view: v.fallback(v.optional(v.picklist(['grid', 'list']), 'grid'), 'grid'),
  sort: v.fallback(v.optional(v.picklist(MEDIA_SORTS), 'updatedAt'), 'updatedAt'),
  order: v.fallback(v.optional(v.picklist(['asc', 'desc']), 'desc'), 'desc'),
  group: v.fallback(v.optional(v.picklist(['none', 'date']), 'none'), 'none'),
});

export const parseMediaSearch = (search: Record<string, unknown>): LibraryView => v.parse(MediaSearchSchema, search);
export type MediaSearch = v.InferInput<typeof MediaSearchSchema>;
