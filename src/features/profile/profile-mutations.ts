import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, NotificationFlagId } from '../../contract/users.ts';
import { sessionStore } from '../../lib/session.ts';
import { meQueryOptions } from './me-query.ts';
import { profileApi } from './profile-api.ts';

const userId = () => {
  const session = sessionStore.get();
  if (!session) throw new Error('Please sign in to continue');
  return session.userId;
};

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => profileApi.updateProfile(userId(), form),
    onSuccess: async (saved) => {
      // The header shows the new name and picture at once.
      sessionStore.update(saved);
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { password: string; newPassword: string }) => profileApi.changePassword({ ...body, userId: userId() }),
  });
}

type FlagChange = { flag: NotificationFlagId; enabled: boolean };

/** Optimistic: the switch moves at once and moves back if the server says no. */
export function useUpdateNotification() {
  const queryClient = useQueryClient();
  const { queryKey } = meQueryOptions();
  return useMutation({
    mutationFn: ({ flag, enabled }: FlagChange) => profileApi.updateNotification(userId(), flag, enabled),
    onMutate: async ({ flag, enabled }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (me) => (me ? { ...me, notifications: { ...me.notifications, [flag]: enabled } } : me));
      return { before };
    },
    onError: (_error, _change, context?: { before: MeResponse | undefined }) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSuccess: ({ notifications }) => {
      queryClient.setQueryData(queryKey, (me) => (me ? { ...me, notifications } : me));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
