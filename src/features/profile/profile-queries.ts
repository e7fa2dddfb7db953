import { queryOptions } from '@tanstack/react-query';
import { MeResponseSchema } from '../../contract/profile-me.ts';
import { api } from '../../lib/api.ts';
import { sessionStore } from '../../lib/session.ts';

export const profileKeys = {
  me: ['me'] as const,
};

export const profileQueries = {
  /** The signed-in owner and their notification flags. Keeps the stored session (header name, avatar) in step. */
  me: () =>
    queryOptions({
      queryKey: profileKeys.me,
      // Always checked again when a screen opens: a copy restored from the device (possibly saved a moment
      // before the last change) or edited on another phone must not be taken as current.
      staleTime: 0,
      queryFn: async ({ signal }) => {
        const me = await api('/users/me', MeResponseSchema, { signal });
        const { name, email, phoneNumber, image, activeSubscription, activeSubscriptionStart, activeSubscriptionEnd } = me.user;
        sessionStore.update({ name, email, phoneNumber, image, activeSubscription, activeSubscriptionStart, activeSubscriptionEnd });
        return me;
      },
    }),
};
