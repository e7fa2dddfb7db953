import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

type NotificationFlags = Record<string, boolean>;

type UsersTable = {
  id: Generated<string>;
  name: string;
  email: string;
  password_hash: string | null;
  phone_number: string | null;
  image_url: string | null;
  user_type: Generated<string>;
  verified_at: Date | null;
  google_sub: string | null;
  apple_sub: string | null;
  notifications: ColumnType<NotificationFlags, string | undefined, string>;
  /** Migration 0180: a staff member's restaurant (the owner's id); null for an owner. */
  team_owner_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

type SessionsTable = {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  user_agent: string | null;
  created_at: CreatedAt;
  expires_at: Date;
};

type OtpCodesTable = {
  id: Generated<string>;
  user_id: string;
  purpose: 'verification' | 'reset_password';
  code_hash: string;
  attempts: Generated<number>;
  created_at: CreatedAt;
  expires_at: Date;
  consumed_at: Date | null;
};

/** Migration 0002: when a code was last mailed per (email, purpose), account or not. */
type OtpCooldownsTable = {
  email: string;
  purpose: 'verification' | 'reset_password';
  last_sent_at: Date;
  /** Migration 0140: wrong codes since the last one was mailed (for every address alike). */
  attempts: Generated<number>;
};

/** Migration 0140: failed sign-ins per `client:{email}:{ip}` and per `account:{email}`; `known:{email}:{ip}` marks where the owner last got in. */
type SigninThrottleTable = {
  key: string;
  failures: number;
  window_start: Date;
  notified_at: Date | null;
  updated_at: Timestamp;
};

type RateLimitsTable = {
  key: string;
  window_start: Date;
  count: number;
};

/** The accounts tables (migrations 0001 and 0002). */
export type AccountsTables = {
  users: UsersTable;
  sessions: SessionsTable;
  otp_codes: OtpCodesTable;
  otp_cooldowns: OtpCooldownsTable;
  rate_limits: RateLimitsTable;
  signin_throttle: SigninThrottleTable;
};

export type User = Selectable<UsersTable>;
