import type { ColumnType, Generated, Selectable } from 'kysely';
import type { TextCategory, TextStyle } from '../../../src/contract/text.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

type TextConversationsTable = {
  id: Generated<string>;
  user_id: string;
  title: string;
  style: TextStyle;
  sms_category: TextCategory;
  status: ColumnType<'pending' | 'completed', 'pending' | 'completed' | undefined, 'pending' | 'completed'>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

type TextTurnsTable = {
  id: Generated<string>;
  conversation_id: string;
  text: string;
  response: string;
  kind: 'question' | 'draft';
  created_at: Timestamp;
};

type SmsCampaignsTable = {
  id: Generated<string>;
  user_id: string;
  conversation_id: string | null;
  user_title: string;
  sms_category: TextCategory | null;
  final_sms_draft: string;
  is_completed: Generated<boolean>;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  seed: Generated<number>;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

type SmsInboundTable = {
  id: Generated<string>;
  message_sid: string;
  from_number: string;
  to_number: string;
  body: string;
  intent: 'opt_out' | 'opt_in' | 'help' | 'none';
  matched: string | null;
  user_id: string | null;
  received_at: Timestamp;
};

/** Migration 0080. */
export type TextTables = {
  text_conversations: TextConversationsTable;
  text_turns: TextTurnsTable;
  sms_campaigns: SmsCampaignsTable;
  sms_inbound: SmsInboundTable;
};

export type TextConversationRow = Selectable<TextConversationsTable>;
export type SmsCampaignRow = Selectable<SmsCampaignsTable>;
