import {
  SocialMessageResponseSchema,
  TiktokLoginUrlResponseSchema,
  TiktokStatusSchema,
  type TiktokConnectRequest,
} from '../../contract/socials.ts';
import { api } from '../../lib/api.ts';

export const socialsApi = {
  tiktokStatus: (signal?: AbortSignal) => api('/socials/tiktok/status', TiktokStatusSchema, { signal }),
  tiktokLoginUrl: () => api('/socials/tiktok/login-url', TiktokLoginUrlResponseSchema),
  tiktokConnect: (body: TiktokConnectRequest) => api('/socials/tiktok/connect', SocialMessageResponseSchema, { json: body }),
  tiktokDisconnect: () => api('/socials/tiktok/disconnect', SocialMessageResponseSchema, { method: 'POST' }),
};
