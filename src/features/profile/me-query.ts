import { queryOptions } from '@tanstack/react-query';
import { MeResponseSchema } from '../../contract/users.ts';
import { api } from '../../lib/api.ts';
import { sessionStore } from '../../lib/session.ts';

/** The signed-in owner and their notification flags. Keeps the stored session (header name, avatar) in step. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: async ({ signal }) => {
      const me = await api('/users/me', MeResponseSchema, { signal });
      const { name, email, phoneNumber, image, activeSubscription, activeSubscriptionStart, activeSubscriptionEnd } = me.user;
      sessionStore.update({ name, email, phoneNumber, image, activeSubscription, activeSubscriptionStart, activeSubscriptionEnd });
      return me;
    },
  });
