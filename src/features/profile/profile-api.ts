import { MessageResponseSchema } from '../../contract/common.ts';
import { UpdateNotificationResponseSchema, UpdateProfileResponseSchema, type NotificationFlagId } from '../../contract/users.ts';
import { api } from '../../lib/api.ts';

export const profileApi = {
  /** Multipart: only the fields the owner filled in, plus the picture when one was chosen. */
  updateProfile: (userId: string, form: FormData) =>
    api(`/users/update-profile/${encodeURIComponent(userId)}`, UpdateProfileResponseSchema, { form }),
  changePassword: (body: { userId: string; password: string; newPassword: string }) =>
    api('/users/change-password', MessageResponseSchema, { json: body }),
  updateNotification: (userId: string, flag: NotificationFlagId, enabled: boolean) =>
    api(`/users/notifications/${encodeURIComponent(userId)}`, UpdateNotificationResponseSchema, { json: { [flag]: enabled } }),
};
