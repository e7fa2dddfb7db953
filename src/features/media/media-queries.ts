import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { MediaFolderListSchema, MediaItemSchema, MediaPageSchema, MediaUploadersSchema, type MediaSort } from '../../contract/media.ts';
import { api } from '../../lib/api.ts';

/** Which part of the library a screen shows: one folder (root when no parentId) or one type. */
export type MediaScope = { parentId?: string; type?: 'image' | 'video' };
export type MediaOrder = { sort: MediaSort; order: 'asc' | 'desc' };

/** The owner's filter by uploader (issue 19): one person by id, or a removed member by the name they had. */
export type MediaFilter = { uploader?: string; formerUploader?: string };

const PAGE_SIZE = 60;

const filterKey = (filter: MediaFilter) => (filter.uploader ? ['by', filter.uploader] : filter.formerUploader ? ['former', filter.formerUploader] : []);
const setFilter = (search: URLSearchParams, filter: MediaFilter) => {
  if (filter.uploader) search.set('uploadedBy', filter.uploader);
  else if (filter.formerUploader) search.set('uploadedByName', filter.formerUploader);
  return search;
};

// Hierarchical keys under ['media'] (persisted for offline reading; see src/lib/offline/persisted-queries.ts).
export const mediaKeys = {
  all: ['media'] as const,
  list: (scope: MediaScope, order: MediaOrder, filter: MediaFilter = {}) =>
    ['media', 'list', scope.type ?? 'all', scope.parentId ?? 'root', order.sort, order.order, ...filterKey(filter)] as const,
  recent: (filter: MediaFilter = {}) => ['media', 'recent', ...filterKey(filter)] as const,
  search: (words: string) => ['media', 'picker', words] as const,
  uploaders: () => ['media', 'uploaders'] as const,
  item: (id: string) => ['media', 'item', id] as const,
  folders: () => ['media', 'folders'] as const,
};

export const mediaQueries = {
  /** A filter by uploader lists that person's files across folders (the server ignores parentId then). */
  list: (scope: MediaScope, order: MediaOrder, filter: MediaFilter = {}) =>
    infiniteQueryOptions({
      queryKey: mediaKeys.list(scope, order, filter),
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => {
        const search = new URLSearchParams({ sort: order.sort, order: order.order, page: String(pageParam), pageSize: String(PAGE_SIZE) });
        if (scope.type) search.set('type', scope.type);
        else if (scope.parentId) search.set('parentId', scope.parentId);
        return api(`/media?${setFilter(search, filter)}`, MediaPageSchema, { signal });
      },
      getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    }),
  recent: (filter: MediaFilter = {}) =>
    queryOptions({
      queryKey: mediaKeys.recent(filter),
      queryFn: ({ signal }) => api(`/media/recent?${setFilter(new URLSearchParams({ pageSize: '60' }), filter)}`, MediaPageSchema, { signal }),
    }),
  /** The whole library, newest first, a page at a time, optionally only what matches words of its name or description (pickers). */
  search: (words: string) =>
    infiniteQueryOptions({
      queryKey: mediaKeys.search(words),
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => api(`/media/recent?${new URLSearchParams({ page: String(pageParam), pageSize: String(PAGE_SIZE), search: words })}`, MediaPageSchema, { signal }),
      getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    }),
  /** Who uploaded to the library (the owner's filter); kept for offline reading like the rest of ['media']. */
  uploaders: () =>
    queryOptions({
      queryKey: mediaKeys.uploaders(),
      queryFn: ({ signal }) => api('/media/uploaders', MediaUploadersSchema, { signal }),
    }),
  folders: () =>
    queryOptions({
      queryKey: mediaKeys.folders(),
      queryFn: ({ signal }) => api('/media/folders', MediaFolderListSchema, { signal }),
    }),
  item: (id: string) =>
    queryOptions({
      queryKey: mediaKeys.item(id),
      queryFn: ({ signal }) => api(`/media/${encodeURIComponent(id)}`, MediaItemSchema, { signal }),
    }),
};
