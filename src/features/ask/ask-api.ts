import {
  AskConversationSchema,
  AskConversationsResponseSchema,
  AskGraphSchema,
  AskGraphsResponseSchema,
  AskStartersResponseSchema,
} from '../../contract/ask.ts';
import { MessageResponseSchema } from '../../contract/common.ts';
import { api } from '../../lib/api.ts';

const id = (value: string) => encodeURIComponent(value);

/** The Ask calls (server/features/ask). Questions go through the outbox (ask-send.ts), not from here. */
export const askApi = {
  starters: (signal?: AbortSignal) => api('/ask/starters', AskStartersResponseSchema, { signal }),
  conversations: (signal?: AbortSignal) => api('/ask/conversations', AskConversationsResponseSchema, { signal }),
  conversation: (conversationId: string, signal?: AbortSignal) => api(`/ask/conversations/${id(conversationId)}`, AskConversationSchema, { signal }),
  graphs: (signal?: AbortSignal) => api('/ask/graphs', AskGraphsResponseSchema, { signal }),
  graph: (graphId: string, signal?: AbortSignal) => api(`/ask/graphs/${id(graphId)}`, AskGraphSchema, { signal }),
  rename: (conversationId: string, title: string) => api(`/ask/conversations/${id(conversationId)}/title`, AskConversationSchema, { json: { title } }),
  removeConversation: (conversationId: string) => api(`/ask/conversations/${id(conversationId)}`, MessageResponseSchema, { method: 'DELETE' }),
  removeGraph: (graphId: string) => api(`/ask/graphs/${id(graphId)}`, MessageResponseSchema, { method: 'DELETE' }),
};
