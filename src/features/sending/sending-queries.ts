import { infiniteQueryOptions } from '@tanstack/react-query';
import { sendingApi } from './sending-api.ts';

export const sendingKeys = {
  all: ['sends'] as const,
  recipients: (sendId: string, status: string | null) => ['sends', sendId, 'recipients', status ?? 'all'] as const,
};

export const sendingQueries = {
  recipients: (sendId: string, status: string | null) =>
    infiniteQueryOptions({
      queryKey: sendingKeys.recipients(sendId, status),
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => sendingApi.recipients(sendId, pageParam, status, signal),
      getNextPageParam: (last) => last.next ?? undefined,
    }),
};
