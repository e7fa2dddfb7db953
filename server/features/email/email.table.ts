import type { ColumnType, Generated, Selectable } from 'kysely';
import type { EmailBlock } from '../../../src/contract/email.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as the value, written as its JSON text. */
type Json<T> = ColumnType<T, string, string>;

type EmailDraftSource = 'ai' | 'template';

type EmailDraftsTable = {
  id: Generated<string>;
  user_id: string;
  source: EmailDraftSource;
  template_id: string | null;
  user_title: string;
  prompt: Generated<string>;
  media_ids: Json<string[]>;
  subject: string;
  preheader: Generated<string>;
  blocks: Json<EmailBlock[]>;
  html: string;
  seed: Generated<number>;
  completions: Json<Array<{ completed_at: string }>>;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Date | null;
};

type EmailTemplatesTable = {
  id: Generated<string>;
  user_id: string;
  name: string;
  category: string;
  subject: string;
  preheader: Generated<string>;
  blocks: Json<EmailBlock[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Date | null;
};

type EmailImagesTable = {
  user_id: string;
  media_id: string;
  name: string;
  created_at: Timestamp;
};

/** Migration 0060. */
export type EmailTables = { email_drafts: EmailDraftsTable; email_templates: EmailTemplatesTable; email_images: EmailImagesTable };

export type EmailDraftRow = Selectable<EmailDraftsTable>;
export type EmailTemplateRow = Selectable<EmailTemplatesTable>;
