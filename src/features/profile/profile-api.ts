import { MessageResponseSchema } from '../../contract/common.ts';
import { api } from '../../lib/api.ts';

// Profile and notification writes go through the outbox (profile-mutations.ts), not through here.
export const profileApi = {
  changePassword: (body: { userId: string; password: string; newPassword: string }) =>
    api('/users/change-password', MessageResponseSchema, { json: body }),
};
