import type { ColumnType, Generated, Selectable } from 'kysely';
import type { GraphJson } from '../../../src/contract/ask-graph.ts';
import type { AskOffer } from '../../../src/contract/ask.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** One answer as stored: what was run (a follow-up starts from it) and what was shown. */
export type StoredAnswer = {
  question: string | null;
  params: Record<string, unknown>;
  graph_json: GraphJson | null;
  takeaway: string | null;
  note: string | null;
  offer: AskOffer | null;
  suggestions: string[];
};

type AskConversationsTable = { id: Generated<string>; user_id: string; title: string; created_at: Timestamp; updated_at: Timestamp };

type AskMessagesTable = {
  id: Generated<string>;
  conversation_id: string;
  text: string;
  response: string;
  answer: Json<StoredAnswer>;
  created_at: Timestamp;
};

type AskGraphsTable = {
  id: Generated<string>;
  user_id: string;
  prompt: string;
  follows_id: string | null;
  graph_json: Json<GraphJson>;
  answer: Json<StoredAnswer>;
  created_at: Timestamp;
};

/** Migration 0120. */
export type AskTables = { ask_conversations: AskConversationsTable; ask_messages: AskMessagesTable; ask_graphs: AskGraphsTable };

export type AskConversationRow = Selectable<AskConversationsTable>;
export type AskMessageRow = Selectable<AskMessagesTable>;
export type AskGraphRow = Selectable<AskGraphsTable>;
