import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
// pg returns bigint as a string; we write numbers.
type BigInt = ColumnType<string | number, number | undefined, number>;

type MediaTable = {
  id: Generated<string>;
  user_id: string;
  parent_id: string | null;
  name: string;
  description: Generated<string>;
  type: 'image' | 'video' | 'document' | 'folder';
  is_folder: Generated<boolean>;
  mime_type: string | null;
  size: BigInt;
  width: number | null;
  height: number | null;
  duration: number | null;
  file_key: string | null;
  thumb_key: string | null;
  preview_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Date | null;
  /** Migration 0180: who uploaded it (the owner or a staff member); null for items from before, or made by Mise. */
  uploaded_by: ColumnType<string | null, string | null | undefined, string | null>;
  uploaded_by_name: ColumnType<string | null, string | null | undefined, string | null>;
};

type MediaUploadsTable = {
  id: string;
  user_id: string;
  size: BigInt;
  created_at: Timestamp;
  consumed_at: Date | null;
};

/** Migration 0040. */
export type MediaTables = { media: MediaTable; media_uploads: MediaUploadsTable };

export type MediaRow = Selectable<MediaTable>;
