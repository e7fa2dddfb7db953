import type { ColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

type BrandSettingsTable = {
  user_id: string;
  brand_name: ColumnType<string, string | undefined, string>;
  brand_logo: ColumnType<string, string | undefined, string>;
  location: ColumnType<string, string | undefined, string>;
  website: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  /** jsonb array of tags; written as a JSON string. */
  brand_voice: ColumnType<string[], string | undefined, string>;
  theme: ColumnType<string, string | undefined, string>;
  header_image_url: string | null;
  /** IANA zone, e.g. America/Chicago (migration 0070); null until set (the browser's at sign-up, or the owner's choice). */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  /** At most one marketing text per this many hours to the same guest (migration 0080); 0: no limit. */
  text_gap_hours: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** The brand tables (migration 0020). */
export type BrandTables = { brand_settings: BrandSettingsTable };

export type BrandSettingsRow = Selectable<BrandSettingsTable>;
