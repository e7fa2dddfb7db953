import {
  LoginUrlResponseSchema,
  PosConnectionResponseSchema,
  PosMessageResponseSchema,
  PosProgressResponseSchema,
  type PosProviderId,
} from '../../contract/pos.ts';
import { api } from '../../lib/api.ts';

export const posApi = {
  connection: (signal?: AbortSignal) => api('/pos/connection', PosConnectionResponseSchema, { signal }),
  progress: (id: string, signal?: AbortSignal) => api(`/pos/progress/${encodeURIComponent(id)}`, PosProgressResponseSchema, { signal }),
  loginUrl: (provider: PosProviderId) => api(provider === 'square' ? '/square/authorize' : '/clover/get-login-url', LoginUrlResponseSchema),
  finish: (provider: PosProviderId, redirectUrl: string) => api(`/${provider}/connect`, PosMessageResponseSchema, { json: { redirect_url: redirectUrl } }),
  disconnect: (provider: PosProviderId) => api(`/disconnect/${provider}`, PosMessageResponseSchema, { method: 'POST' }),
  sync: () => api('/pos/sync', PosMessageResponseSchema, { method: 'POST' }),
};
