import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateCustomerRequest } from '../../contract/customers.ts';
import type { SegmentDefinition } from '../../contract/segments.ts';
import { segmentsApi } from './segments-api.ts';
import { segmentKeys } from './segments-queries.ts';

// Customer edits change what segment tables show, and the customers list too.
const CUSTOMERS_ROOT = ['customers'] as const;

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

export function useUpdateSegmentCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCustomerRequest }) => segmentsApi.updateCustomer(id, body),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: segmentKeys.all }), queryClient.invalidateQueries({ queryKey: CUSTOMERS_ROOT })]),
  });
}

export function useDeleteSegmentCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => segmentsApi.deleteCustomer(id),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: segmentKeys.all }), queryClient.invalidateQueries({ queryKey: CUSTOMERS_ROOT })]),
  });
}
