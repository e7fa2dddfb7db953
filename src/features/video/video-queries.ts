import { queryOptions } from '@tanstack/react-query';
import type { Video } from '../../contract/video.ts';
import { videoApi, type VideoListFilter } from './video-api.ts';

// Hierarchical keys under ['video'].
export const videoKeys = {
  all: ['video'] as const,
  options: () => ['video', 'options'] as const,
  scripts: (limit: 5 | 100) => ['video', 'scripts', 'list', limit] as const,
  script: (id: string) => ['video', 'scripts', 'detail', id] as const,
  videos: () => ['video', 'videos'] as const,
  videoList: (filter: VideoListFilter, search: string, limit: number) => ['video', 'videos', 'list', filter, search, limit] as const,
  video: (id: string) => ['video', 'videos', 'detail', id] as const,
  analytics: (id: string) => ['video', 'videos', 'analytics', id] as const,
  creator: () => ['video', 'tiktok', 'creator'] as const,
  suggestions: () => ['video', 'suggestions'] as const,
};

/** Sending to TikTok, or just published and TikTok's first figures not in yet (they follow within seconds). */
const publishing = (video: Video) =>
  video.publish !== null &&
  (!['PUBLISH_COMPLETE', 'FAILED'].includes(video.publish.status) ||
    (video.publish.status === 'PUBLISH_COMPLETE' && !video.figures && !video.demo && Date.now() - new Date(video.publish.published_at ?? 0).getTime() < 2 * 60_000));

export const videoQueries = {
  options: () => queryOptions({ queryKey: videoKeys.options(), queryFn: ({ signal }) => videoApi.options(signal), staleTime: 60_000 }),
  scripts: (limit: 5 | 100) => queryOptions({ queryKey: videoKeys.scripts(limit), queryFn: ({ signal }) => videoApi.scripts(limit, signal) }),
  script: (id: string) => queryOptions({ queryKey: videoKeys.script(id), queryFn: ({ signal }) => videoApi.script(id, signal) }),
  videos: (filter: VideoListFilter, search = '', limit = 100) =>
    queryOptions({
      queryKey: videoKeys.videoList(filter, search, limit),
      queryFn: ({ signal }) => videoApi.videos(filter, search, limit, signal),
      // A render or a publish under way: look again until it settles.
      refetchInterval: (query) => (query.state.data?.some((video) => video.status === 'pending' || publishing(video)) ? 3000 : false),
    }),
  video: (id: string) =>
    queryOptions({
      queryKey: videoKeys.video(id),
      queryFn: ({ signal }) => videoApi.video(id, signal),
      refetchInterval: (query) => (query.state.data && (query.state.data.status === 'pending' || publishing(query.state.data)) ? 1000 : false),
    }),
  analytics: (id: string) => queryOptions({ queryKey: videoKeys.analytics(id), queryFn: ({ signal }) => videoApi.analytics(id, signal) }),
  suggestions: () => queryOptions({ queryKey: videoKeys.suggestions(), queryFn: ({ signal }) => videoApi.suggestions(signal), staleTime: 10 * 60_000 }),
  creator: () => queryOptions({ queryKey: videoKeys.creator(), queryFn: ({ signal }) => videoApi.creatorInfo(signal), staleTime: 60_000, retry: false }),
};
