import type { ColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

type TiktokConnectionsTable = {
  user_id: string;
  open_id: string;
  scope: ColumnType<string, string | undefined, string>;
  /** secret-box sealed; never returned to the client */
  access_token_sealed: string;
  refresh_token_sealed: string;
  access_expires_at: Timestamp;
  refresh_expires_at: Timestamp;
  display_name: string | null;
  avatar_url: string | null;
  connected_at: Timestamp;
  updated_at: Timestamp;
};

type OauthStatesTable = {
  state_hash: string;
  user_id: string;
  provider: 'tiktok';
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

/** The social-linking tables (migration 0021). */
export type SocialsTables = {
  tiktok_connections: TiktokConnectionsTable;
  oauth_states: OauthStatesTable;
};

export type TiktokConnection = Selectable<TiktokConnectionsTable>;
