import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PosProviderId } from '../../contract/pos.ts';
import { customerKeys } from '../customers/customers-queries.ts';
import { posApi } from './pos-api.ts';

export const posKeys = {
  all: ['pos'] as const,
  connection: () => ['pos', 'connection'] as const,
  progress: (id: string) => ['pos', 'progress', id] as const,
};

/** How often the progress bar asks while an import runs. */
export const PROGRESS_POLL_MS = 1500;

export const posQueries = {
  connection: () => queryOptions({ queryKey: posKeys.connection(), queryFn: ({ signal }) => posApi.connection(signal), staleTime: 0 }),
  progress: (id: string) => queryOptions({ queryKey: posKeys.progress(id), queryFn: ({ signal }) => posApi.progress(id, signal), staleTime: 0 }),
};

/** Asks for the provider's authorisation address; the caller sends the browser there. */
export function usePosLoginUrl() {
  return useMutation({ mutationFn: (provider: PosProviderId) => posApi.loginUrl(provider) });
}

function useInvalidatePos() {
  const queryClient = useQueryClient();
  // Imports bring customers, so the customer lists refresh too.
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: posKeys.all }), queryClient.invalidateQueries({ queryKey: customerKeys.all })]);
}

export function useFinishPosConnection(provider: PosProviderId) {
  const invalidate = useInvalidatePos();
  return useMutation({ mutationFn: (redirectUrl: string) => posApi.finish(provider, redirectUrl), onSettled: invalidate });
}

export function usePosDisconnect() {
  const invalidate = useInvalidatePos();
  return useMutation({ mutationFn: (provider: PosProviderId) => posApi.disconnect(provider), onSettled: invalidate });
}

export function usePosSync() {
  const invalidate = useInvalidatePos();
  return useMutation({ mutationFn: () => posApi.sync(), onSettled: invalidate });
}
