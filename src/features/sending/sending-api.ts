import { RecipientsResponseSchema, SendActionResponseSchema, SendSummarySchema } from '../../contract/sending.ts';
import { api } from '../../lib/api.ts';

const id = (value: string) => encodeURIComponent(value);

/** What can be done with any send (email or text): server/features/sending/sending.routes.ts. */
export const sendingApi = {
  summary: (sendId: string, signal?: AbortSignal) => api(`/sends/${id(sendId)}`, SendSummarySchema, { signal }),
  recipients: (sendId: string, page: number, status: string | null, signal?: AbortSignal) =>
    api(`/sends/${id(sendId)}/recipients?page=${page}${status ? `&status=${status}` : ''}`, RecipientsResponseSchema, { signal }),
  act: (sendId: string, action: 'pause' | 'resume' | 'cancel' | 'resend-uncertain') => api(`/sends/${id(sendId)}/${action}`, SendActionResponseSchema, { method: 'POST' }),
};
