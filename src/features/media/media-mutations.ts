import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MediaDeleteResponseSchema, MediaItemSchema, type MediaUpdate } from '../../contract/media.ts';
import { api } from '../../lib/api.ts';
import { sessionStore } from '../../lib/session.ts';
import { mediaKeys } from './media-queries.ts';

// Writes carry an Idempotency-Key, so a retry after a dropped answer is applied once.
const once = () => ({ 'Idempotency-Key': crypto.randomUUID() });

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; description: string; parentId: string | null }) => {
      const form = new FormData();
      form.append('userId', sessionStore.get()?.userId ?? '');
      form.append('name', input.name);
      form.append('description', input.description);
      form.append('type', 'folder');
      form.append('isFolder', 'true');
      form.append('parentId', input.parentId ?? 'null');
      return api('/media/add', MediaItemSchema, { form, headers: once() });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

export function useUpdateMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: MediaUpdate }) =>
      api(`/media/update/${encodeURIComponent(id)}`, MediaItemSchema, { json: patch, headers: once() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/media/${encodeURIComponent(id)}`, MediaDeleteResponseSchema, { method: 'DELETE', headers: once() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}
