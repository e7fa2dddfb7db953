import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Migration 0180: one mailed, single-use, expiring invitation to an owner's team. */
type TeamInvitationsTable = {
  id: Generated<string>;
  owner_id: string;
  email: string;
  token_hash: string;
  created_at: Timestamp;
  sent_at: Timestamp;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
};

export type TeamTables = { team_invitations: TeamInvitationsTable };

export type TeamInvitationRow = Selectable<TeamInvitationsTable>;
