// The media library's sort keys, apart from the media contract (its schemas): the library routes' search validation
// runs in the app's entry and may import only small modules. src/contract/media.ts re-exports the type.
export const MEDIA_SORTS = ['name', 'size', 'updatedAt'] as const;
export type MediaSort = (typeof MEDIA_SORTS)[number];
