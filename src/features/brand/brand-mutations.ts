import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveBrandRequest } from '../../contract/brand.ts';
import { sessionStore } from '../../lib/session.ts';
import { brandApi } from './brand-api.ts';
import { brandKeys } from './brand-queries.ts';

const userId = () => {
  const session = sessionStore.get();
  if (!session) throw new Error('Please sign in to continue');
  return session.userId;
};

/** Uploads a newly chosen logo first, then saves the fields with its address. */
export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, logo }: { fields: SaveBrandRequest; logo: File | null }) => {
      const brandLogo = logo ? (await brandApi.uploadImage(logo)).url : fields.brandLogo;
      return brandApi.save(userId(), { ...fields, brandLogo });
    },
    onSuccess: ({ brand }) => {
      queryClient.setQueryData(brandKeys.settings(userId()), brand);
      void queryClient.invalidateQueries({ queryKey: brandKeys.all });
    },
  });
}

export function useUploadHeader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => brandApi.uploadHeader(file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandKeys.all }),
  });
}
