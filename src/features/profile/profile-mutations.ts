import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_FLAGS,
  UpdateNotificationResponseSchema,
  UpdateProfileResponseSchema,
  type MeResponse,
  type NotificationFlagId,
} from '../../contract/profile.ts';
import { sendThroughOutbox } from '../../lib/outbox/send.ts';
import { sessionStore } from '../../lib/session.ts';
import { profileQueries } from './profile-queries.ts';
import { profileApi } from './profile-api.ts';

// Both writes go through the outbox (src/lib/outbox): online they answer like a direct call; offline
// they are kept on the phone (`{ queued: true }`), shown in place and synced exactly once later.
export const PROFILE_OP = 'profile.update';
export const NOTIFICATION_OP = 'notifications.update';

const userId = () => {
  const session = sessionStore.get();
  if (!session) throw new Error('Please sign in to continue');
  return session.userId;
};

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => {
      const id = userId();
      return sendThroughOutbox(
        {
          kind: PROFILE_OP,
          entity: `profile:${id}`,
          label: 'Profile changes',
          method: 'POST',
          path: `/users/update-profile/${encodeURIComponent(id)}`,
          form: [...form.entries()],
          invalidate: [profileQueries.me().queryKey],
        },
        UpdateProfileResponseSchema,
      );
    },
    onSuccess: async (result) => {
      if (result.queued) return;
      // The header shows the new name and picture at once.
      sessionStore.update(result.body);
      await queryClient.invalidateQueries({ queryKey: profileQueries.me().queryKey });
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
  const { queryKey } = profileQueries.me();
  return useMutation({
    mutationFn: ({ flag, enabled }: FlagChange) => {
      const id = userId();
      const label = NOTIFICATION_FLAGS.find((f) => f.id === flag)?.label ?? flag;
      return sendThroughOutbox(
        {
          kind: NOTIFICATION_OP,
          entity: `notifications:${id}`,
          label: `${enabled ? 'Turn on' : 'Turn off'} “${label}”`,
          method: 'POST',
          path: `/users/notifications/${encodeURIComponent(id)}`,
          json: { [flag]: enabled },
          invalidate: [queryKey],
        },
        UpdateNotificationResponseSchema,
      );
    },
    onMutate: async ({ flag, enabled }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (me) => (me ? { ...me, notifications: { ...me.notifications, [flag]: enabled } } : me));
      return { before };
    },
    onError: (_error, _change, context?: { before: MeResponse | undefined }) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSuccess: (result) => {
      if (result.queued) return; // the switch keeps its new place; the outbox shows it waiting
      queryClient.setQueryData(queryKey, (me) => (me ? { ...me, notifications: result.body.notifications } : me));
    },
    // Not awaited: offline the refetch waits for the connection, and the switch must not wait with it.
    onSettled: (result) => {
      if (!result?.queued) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
