import * as v from 'valibot';
import { MEDIA_SORTS } from '../../contract/media-sorts.ts';

// The router reads `?upload=1` as the number 1: a flag is 1, '1' or true.
const Flag = v.fallback(v.optional(v.pipe(v.union([v.literal(1), v.literal('1'), v.literal(true)]), v.transform(() => '1' as const))), undefined);

/** The library's view settings live in the URL (?view=list&sort=name...), so Back and reloads keep them. */
export const MediaSearchSchema = v.object({
  view: v.fallback(v.optional(v.picklist(['grid', 'list']), 'grid'), 'grid'),
  sort: v.fallback(v.optional(v.picklist(MEDIA_SORTS), 'updatedAt'), 'updatedAt'),
  order: v.fallback(v.optional(v.picklist(['asc', 'desc']), 'desc'), 'desc'),
  group: v.fallback(v.optional(v.picklist(['none', 'date']), 'none'), 'none'),
  /** `?upload=1` opens the upload sheet (the home-screen shortcut "Upload photos"). */
  upload: Flag,
  /** `?share=<id>` opens it with the files shared to Mise (sw/share-target.ts). */
  share: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  shareFailed: Flag,
  /** The owner's filter by uploader (issue 19): a person's id, or `formerUploader` for a removed member's name. */
  uploader: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  formerUploader: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100))), undefined),
});

export type MediaSearch = v.InferInput<typeof MediaSearchSchema>;
