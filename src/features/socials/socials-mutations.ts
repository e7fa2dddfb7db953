import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TiktokConnectRequest } from '../../contract/socials.ts';
import { socialsApi } from './socials-api.ts';
import { socialsKeys } from './socials-queries.ts';

/** Asks for TikTok's authorize address; the caller sends the browser there. */
export function useTiktokLoginUrl() {
  return useMutation({ mutationFn: () => socialsApi.tiktokLoginUrl() });
}

export function useTiktokConnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TiktokConnectRequest) => socialsApi.tiktokConnect(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: socialsKeys.all }),
  });
}

export function useTiktokDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => socialsApi.tiktokDisconnect(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: socialsKeys.all }),
  });
}
