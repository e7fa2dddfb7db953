import { queryOptions } from '@tanstack/react-query';
import { audioApi, creatorsApi } from './audio-api.ts';

// Under ['audio'] (a persisted root: the voices, generated audios and trends read offline).
export const audioKeys = {
  all: ['audio'] as const,
  voices: () => ['audio', 'voices'] as const,
  audios: () => ['audio', 'audios'] as const,
  trending: () => ['audio', 'trending'] as const,
  creators: () => ['audio', 'creators'] as const,
};

export const audioQueries = {
  voices: () => queryOptions({ queryKey: audioKeys.voices(), queryFn: ({ signal }) => audioApi.voices(signal), staleTime: 5 * 60_000 }),
  audios: () => queryOptions({ queryKey: audioKeys.audios(), queryFn: ({ signal }) => audioApi.audios(signal) }),
  trending: () => queryOptions({ queryKey: audioKeys.trending(), queryFn: ({ signal }) => audioApi.trending(signal) }),
  creators: () => queryOptions({ queryKey: audioKeys.creators(), queryFn: ({ signal }) => creatorsApi.list(signal) }),
};
