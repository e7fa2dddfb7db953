import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ScriptScene, VideoConfig, VideoStatus } from '../../../src/contract/video.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as the value, written as its JSON text. */
type Json<T> = ColumnType<T, string, string>;
// pg returns bigint as a string; we write numbers.
type BigInt = ColumnType<string | number, number, number>;

type VideoScriptsTable = {
  id: Generated<string>;
  user_id: string;
  query: string;
  subcategory: string;
  video_style: string | null;
  title: string;
  scenes: Json<ScriptScene[]>;
  writer: string;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Date | null;
};

/** What Create Video asked for, kept with the video so a retry renders the same thing. */
export type VideoRequest = {
  scenes: ScriptScene[];
  /** A voice id, or null for no voice-over (or when a generated audio is the voice-over). */
  voice: string | null;
  /** A generated audio of the owner's (Audio page) used as the voice-over instead of speaking the narration. */
  audioId?: string | null;
  addLogo: boolean;
  config: VideoConfig;
};

type VideosTable = {
  id: Generated<string>;
  user_id: string;
  script_id: string | null;
  script_query: string;
  title: string;
  status: ColumnType<VideoStatus, VideoStatus | undefined, VideoStatus>;
  progress: ColumnType<number, number | undefined, number>;
  error: string | null;
  request: Json<VideoRequest>;
  media_id: string | null;
  duration: number | null;
  demo: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Date | null;
};

type VideoPublishesTable = {
  video_id: string;
  user_id: string;
  platform: ColumnType<string, string | undefined, string>;
  publish_id: string | null;
  status: ColumnType<string, string | undefined, string>;
  error: string | null;
  privacy_level: string;
  caption: ColumnType<string, string | undefined, string>;
  disable_comment: ColumnType<boolean, boolean | undefined, boolean>;
  post_id: string | null;
  published_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

type VideoSnapshotsTable = {
  id: Generated<string>;
  video_id: string;
  taken_at: Timestamp;
  views: BigInt;
  likes: BigInt;
  comments: BigInt;
  shares: BigInt;
};

/** Migration 0230: one row per owner and week the weekly suggestions job has handled (made or skipped). */
type VideoSuggestionWeeksTable = {
  user_id: string;
  week_start: Timestamp;
  outcome: 'made' | 'skipped';
  new_media: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
};

/** Migration 0230: the (at most three) suggested scripts of the video home, written by the weekly job. */
type VideoSuggestionsTable = {
  id: Generated<string>;
  user_id: string;
  week_start: Timestamp;
  position: number;
  query: string;
  subcategory: string;
  video_style: string | null;
  title: string;
  scenes: Json<ScriptScene[]>;
  writer: string;
  demo: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
};

/** Migrations 0110 and 0230. */
export type VideoTables = {
  video_suggestion_weeks: VideoSuggestionWeeksTable;
  video_suggestions: VideoSuggestionsTable;
  video_scripts: VideoScriptsTable;
  videos: VideosTable;
  video_publishes: VideoPublishesTable;
  video_snapshots: VideoSnapshotsTable;
};

export type VideoScriptRow = Selectable<VideoScriptsTable>;
export type VideoRow = Selectable<VideosTable>;
