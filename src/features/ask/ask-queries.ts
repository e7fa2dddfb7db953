import { queryOptions } from '@tanstack/react-query';
import { askApi } from './ask-api.ts';

// Hierarchical keys under ['ask'] (persisted for offline reading: conversations and graphs open with their charts).
export const askKeys = {
  all: ['ask'] as const,
  starters: () => ['ask', 'starters'] as const,
  conversations: () => ['ask', 'conversations'] as const,
  conversation: (id: string) => ['ask', 'conversation', id] as const,
  graphs: () => ['ask', 'graphs'] as const,
  graph: (id: string) => ['ask', 'graph', id] as const,
};

export const askQueries = {
  starters: () => queryOptions({ queryKey: askKeys.starters(), queryFn: ({ signal }) => askApi.starters(signal) }),
  conversations: () => queryOptions({ queryKey: askKeys.conversations(), queryFn: ({ signal }) => askApi.conversations(signal) }),
  conversation: (id: string) => queryOptions({ queryKey: askKeys.conversation(id), queryFn: ({ signal }) => askApi.conversation(id, signal), retry: false }),
  graphs: () => queryOptions({ queryKey: askKeys.graphs(), queryFn: ({ signal }) => askApi.graphs(signal) }),
  graph: (id: string) => queryOptions({ queryKey: askKeys.graph(id), queryFn: ({ signal }) => askApi.graph(id, signal), retry: false }),
};
