import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { MediaFolderListSchema, MediaItemSchema, MediaPageSchema, type MediaSort } from '../../contract/media.ts';
import { api } from '../../lib/api.ts';

/** Which part of the library a screen shows: one folder (root when no parentId) or one type. */
export type MediaScope = { parentId?: string; type?: 'image' | 'video' };
export type MediaOrder = { sort: MediaSort; order: 'asc' | 'desc' };

export const PAGE_SIZE = 60;

// Hierarchical keys under ['media'] (persisted for offline reading; see src/lib/offline/persisted-queries.ts).
export const mediaKeys = {
  all: ['media'] as const,
  list: (scope: MediaScope, order: MediaOrder) => ['media', 'list', scope.type ?? 'all', scope.parentId ?? 'root', order.sort, order.order] as const,
  recent: () => ['media', 'recent'] as const,
  item: (id: string) => ['media', 'item', id] as const,
  folders: () => ['media', 'folders'] as const,
};

export const mediaQueries = {
  list: (scope: MediaScope, order: MediaOrder) =>
    infiniteQueryOptions({
      queryKey: mediaKeys.list(scope, order),
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => {
        const search = new URLSearchParams({ sort: order.sort, order: order.order, page: String(pageParam), pageSize: String(PAGE_SIZE) });
        if (scope.type) search.set('type', scope.type);
        else if (scope.parentId) search.set('parentId', scope.parentId);
        return api(`/media?${search}`, MediaPageSchema, { signal });
      },
      getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    }),
  recent: () =>
    queryOptions({
      queryKey: mediaKeys.recent(),
      queryFn: ({ signal }) => api('/media/recent?pageSize=60', MediaPageSchema, { signal }),
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
