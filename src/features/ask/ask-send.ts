import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as v from 'valibot';
import { AskGraphSchema, AskMessageResponseSchema, type AskConversation, type AskGraph } from '../../contract/ask.ts';
import { subscribeOutboxEvents } from '../../lib/outbox/events.ts';
import { sendThroughOutbox } from '../../lib/outbox/send.ts';
import { usePendingOps } from '../../lib/outbox/use-outbox.ts';
import type { OutboxOp } from '../../lib/outbox/types.ts';
import { askKeys } from './ask-queries.ts';

/**
 * Questions go through the outbox: online they are answered at once; offline they wait on the phone, shown in
 * the thread as waiting, and are sent (once: the op id is the Idempotency-Key) when the connection returns.
 * A new conversation or graph names itself (a uuid made here), so its page exists before the server answers.
 */
const ASK_MESSAGE_OP = 'ask.message';
const ASK_GRAPH_OP = 'ask.graph';
export const conversationEntity = (id: string) => `ask-conversation:${id}`;
export const graphEntity = (id: string) => `ask-graph:${id}`;

const labelOf = (words: string) => `Ask “${words.length > 40 ? `${words.slice(0, 39)}…` : words}”`;

function storeConversation(queryClient: QueryClient, conversation: AskConversation) {
  queryClient.setQueryData(askKeys.conversation(conversation.id), conversation);
  queryClient.setQueryData(askKeys.conversations(), (list: { conversations: AskConversation[] } | undefined) =>
    list ? { conversations: [conversation, ...list.conversations.filter((c) => c.id !== conversation.id)] } : list,
  );
}

function storeGraph(queryClient: QueryClient, graph: AskGraph) {
  queryClient.setQueryData(askKeys.graph(graph.id), graph);
  queryClient.setQueryData(askKeys.graphs(), (list: { graphs: AskGraph[] } | undefined) => (list ? { graphs: [graph, ...list.graphs.filter((g) => g.id !== graph.id)] } : list));
}

/**
 * Puts every answer the outbox brings back into the cache as it arrives, whether this page sent the question
 * or the service worker did after a reconnection: the thread shows the answer in place of the waiting question.
 */
export function useAskAnswers() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeOutboxEvents((event) => {
        if (event.type !== 'done') return;
        if (event.kind === ASK_MESSAGE_OP) {
          const parsed = v.safeParse(AskMessageResponseSchema, event.body);
          if (parsed.success) storeConversation(queryClient, parsed.output.conversation);
        } else if (event.kind === ASK_GRAPH_OP) {
          const parsed = v.safeParse(AskGraphSchema, event.body);
          if (parsed.success) storeGraph(queryClient, parsed.output);
        }
      }),
    [queryClient],
  );
}

export type AskInput = { id: string; words: string; isNew: boolean; followsId?: string };

export function useAskMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, words, isNew }: AskInput) =>
      sendThroughOutbox(
        {
          kind: ASK_MESSAGE_OP,
          entity: conversationEntity(id),
          label: labelOf(words),
          method: 'POST',
          path: '/ask/messages',
          json: isNew ? { query: words, new_conversation_id: id } : { query: words, conversation_id: id },
          invalidate: [[...askKeys.conversations()]],
        },
        AskMessageResponseSchema,
        20_000,
      ),
    onSuccess: (result) => {
      if (!result.queued) storeConversation(queryClient, result.body.conversation);
    },
  });
}

export function useAskGraph() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, words, followsId }: AskInput) =>
      sendThroughOutbox(
        {
          kind: ASK_GRAPH_OP,
          entity: graphEntity(id),
          label: labelOf(words),
          method: 'POST',
          path: '/ask/graphs',
          json: { prompt: words, new_graph_id: id, ...(followsId ? { follows_id: followsId } : {}) },
          invalidate: [[...askKeys.graphs()]],
        },
        AskGraphSchema,
        20_000,
      ),
    onSuccess: (result) => {
      if (!result.queued) storeGraph(queryClient, result.body);
    },
  });
}

/** The owner's words of a waiting question. */
export const wordsOf = (op: OutboxOp) => {
  const json = op.request.json as { query?: string; prompt?: string } | undefined;
  return json?.query ?? json?.prompt ?? '';
};

/** Questions of one conversation or graph still waiting for the server, oldest first. */
export const useWaitingQuestions = (entity: string) => usePendingOps({ entity });
