import { queryOptions } from '@tanstack/react-query';
import { socialsApi } from './socials-api.ts';

export const socialsKeys = {
  all: ['socials'] as const,
  tiktok: () => ['socials', 'tiktok', 'status'] as const,
};

export const socialsQueries = {
  tiktok: () => queryOptions({ queryKey: socialsKeys.tiktok(), queryFn: ({ signal }) => socialsApi.tiktokStatus(signal), staleTime: 0 }),
};
