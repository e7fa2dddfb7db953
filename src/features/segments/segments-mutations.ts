import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SegmentDefinition } from '../../contract/segments.ts';
import { segmentsApi } from './segments-api.ts';
import { segmentKeys } from './segments-queries.ts';

export function useCreateSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { segmentation_title: string; definition: SegmentDefinition; user_query?: string }) => segmentsApi.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
  });
}

export function useRenameSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => segmentsApi.rename(id, title),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
  });
}

export function useDeleteSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => segmentsApi.remove(id),
    onSuccess: async (_message, id) => {
      queryClient.removeQueries({ queryKey: segmentKeys.detail(id) });
      queryClient.removeQueries({ queryKey: segmentKeys.customers(id) });
      await queryClient.invalidateQueries({ queryKey: segmentKeys.list() });
    },
  });
}
